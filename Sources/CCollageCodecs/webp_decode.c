#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

#include "collage_webp.h"
#include "collage_blend.h"
#include "jpeg_error.h"  /* collage_copy_message */

static collage_status failure(collage_status status, const char *text, char *message, size_t capacity) {
  collage_copy_message(message, capacity, text);
  return status;
}

/* The demuxer over the whole file; a file cut short (the RIFF size promises more) is truncated,
 * one the demuxer cannot parse is corrupt. */
static WebPDemuxer *demux(const uint8_t *data, size_t length, collage_status *status, char *message, size_t capacity) {
  WebPData input = {data, length};
  WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
  WebPDemuxer *demuxer = WebPDemuxPartial(&input, &state);
  if (demuxer != NULL && state == WEBP_DEMUX_DONE) {
    *status = COLLAGE_OK;
    return demuxer;
  }
  WebPDemuxDelete(demuxer);
  *status = state == WEBP_DEMUX_PARSE_ERROR
      ? failure(COLLAGE_CORRUPT, "invalid WebP container", message, capacity)
      : failure(COLLAGE_TRUNCATED, "the file ends before its RIFF size", message, capacity);
  return NULL;
}

/* The frame fills the `width` x `height` canvas: it can be decoded scaled on its own. */
static int covers_canvas(const WebPIterator *frame, uint32_t width, uint32_t height) {
  return frame->x_offset == 0 && frame->y_offset == 0 && frame->width > 0 && frame->height > 0 &&
         (uint32_t)frame->width == width && (uint32_t)frame->height == height;
}

static void locate(WebPDemuxer *demuxer, const char fourcc[4], const uint8_t *data, size_t *offset, size_t *length) {
  WebPChunkIterator chunk;
  if (WebPDemuxGetChunk(demuxer, fourcc, 1, &chunk)) {
    *offset = (size_t)(chunk.chunk.bytes - data);
    *length = chunk.chunk.size;
    WebPDemuxReleaseChunkIterator(&chunk);
  }
}

collage_status collage_webp_header_of(const uint8_t *data, size_t length, collage_webp_header *header,
                                      char *message, size_t capacity) {
  collage_status status;
  WebPDemuxer *demuxer = demux(data, length, &status, message, capacity);
  if (demuxer == NULL) return status;
  memset(header, 0, sizeof *header);
  header->width = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH);
  header->height = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT);
  header->frames = (int)WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT);
  uint32_t flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS);
  header->has_alpha = (flags & ALPHA_FLAG) != 0;
  if (flags & EXIF_FLAG) locate(demuxer, "EXIF", data, &header->exif_offset, &header->exif_length);
  if (flags & ICCP_FLAG) locate(demuxer, "ICCP", data, &header->icc_offset, &header->icc_length);
  WebPIterator frame;
  if (WebPDemuxGetFrame(demuxer, 1, &frame)) {
    /* A simple (VP8/VP8L) file carries its alpha in the bitstream, not in the VP8X flags. */
    header->has_alpha |= frame.has_alpha;
    header->covers_canvas = covers_canvas(&frame, header->width, header->height);
    WebPBitstreamFeatures features;
    /* Unreadable features are the decode's to report; until then the frame counts as lossless. */
    header->lossless = WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &features) != VP8_STATUS_OK ||
                       features.format != 1;
    WebPDemuxReleaseIterator(&frame);
  } else {
    status = failure(COLLAGE_CORRUPT, "no frame", message, capacity);
  }
  WebPDemuxDelete(demuxer);
  return status;
}

/* Why libwebp refused the frame: data that ends early is truncated, a bitstream whose size is
 * not the frame's or that does not parse is corrupt. */
static collage_status refusal(const WebPIterator *frame, char *message, size_t capacity) {
  WebPBitstreamFeatures features;
  VP8StatusCode code = WebPGetFeatures(frame->fragment.bytes, frame->fragment.size, &features);
  if (code == VP8_STATUS_NOT_ENOUGH_DATA)
    return failure(COLLAGE_TRUNCATED, "the image data ends early", message, capacity);
  if (code == VP8_STATUS_OK && ((uint32_t)features.width != (uint32_t)frame->width ||
                                (uint32_t)features.height != (uint32_t)frame->height))
    return failure(COLLAGE_CORRUPT, "the frame's size differs from its bitstream's", message, capacity);
  return failure(COLLAGE_CORRUPT, "invalid WebP bitstream", message, capacity);
}

/* The first frame at full size, placed on the canvas (an animation's first frame may cover part
 * of it: the rest is the background). */
static collage_status decode_frame(const WebPIterator *frame, const uint8_t background[3], uint8_t *rgb,
                                   uint32_t width, uint32_t height, char *message, size_t capacity) {
  if (frame->width <= 0 || frame->height <= 0 || frame->x_offset < 0 || frame->y_offset < 0 ||
      (uint32_t)frame->x_offset + (uint32_t)frame->width > width ||
      (uint32_t)frame->y_offset + (uint32_t)frame->height > height)
    return failure(COLLAGE_CORRUPT, "the first frame lies outside the canvas", message, capacity);
  size_t frame_stride = (size_t)frame->width * 4, frame_bytes = frame_stride * (size_t)frame->height;
  uint8_t *rgba = malloc(frame_bytes);
  if (rgba == NULL) return failure(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  if (WebPDecodeRGBAInto(frame->fragment.bytes, frame->fragment.size, rgba, frame_bytes, (int)frame_stride) == NULL) {
    free(rgba);
    return refusal(frame, message, capacity);
  }
  for (size_t i = 0; i < (size_t)width * height; i++) memcpy(rgb + i * 3, background, 3);
  for (int y = 0; y < frame->height; y++) {
    const uint8_t *in = rgba + (size_t)y * frame_stride;
    uint8_t *out = rgb + (((size_t)(frame->y_offset + y)) * width + (size_t)frame->x_offset) * 3;
    for (int x = 0; x < frame->width; x++, in += 4, out += 3) {
      uint32_t a = in[3];
      for (int c = 0; c < 3; c++) out[c] = collage_blend(in[c], a, background[c]);
    }
  }
  free(rgba);
  return COLLAGE_OK;
}

/* A frame that covers the canvas, decoded straight to `out_width` x `out_height`: libwebp's
 * rescaler averages as rows come out of the decoder, premultiplied (so a transparent pixel's
 * colour does not bleed into its neighbours), and the frame is never held at full size. */
static collage_status decode_scaled(const WebPIterator *frame, const uint8_t background[3], uint8_t *rgb,
                                    uint32_t out_width, uint32_t out_height, char *message, size_t capacity) {
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return failure(COLLAGE_BAD_ARGUMENT, "libwebp's version differs from its header's", message, capacity);
  size_t stride = (size_t)out_width * 4, bytes = stride * out_height;
  uint8_t *rgba = malloc(bytes);
  if (rgba == NULL) return failure(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  config.options.use_scaling = 1;
  config.options.scaled_width = (int)out_width;
  config.options.scaled_height = (int)out_height;
  config.output.colorspace = MODE_rgbA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = rgba;
  config.output.u.RGBA.stride = (int)stride;
  config.output.u.RGBA.size = bytes;
  VP8StatusCode code = WebPDecode(frame->fragment.bytes, frame->fragment.size, &config);
  WebPFreeDecBuffer(&config.output);  /* external memory: frees nothing of ours, but is the contract */
  if (code != VP8_STATUS_OK) {
    free(rgba);
    return code == VP8_STATUS_OUT_OF_MEMORY ? failure(COLLAGE_NO_MEMORY, "out of memory", message, capacity)
                                            : refusal(frame, message, capacity);
  }
  const uint8_t *in = rgba;
  for (size_t i = 0; i < (size_t)out_width * out_height; i++, in += 4)
    for (int c = 0; c < 3; c++) rgb[i * 3 + (size_t)c] = collage_blend_premultiplied(in[c], in[3], background[c]);
  free(rgba);
  return COLLAGE_OK;
}

collage_status collage_webp_decode(const uint8_t *data, size_t length, const uint8_t background[3], int shrink,
                                   uint8_t *rgb, uint32_t width, uint32_t height,
                                   char *message, size_t message_capacity) {
  if (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8)
    return failure(COLLAGE_BAD_ARGUMENT, "shrink must be 1, 2, 4 or 8", message, message_capacity);
  collage_status status;
  WebPDemuxer *demuxer = demux(data, length, &status, message, message_capacity);
  if (demuxer == NULL) return status;
  if (WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH) != width || WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT) != height) {
    WebPDemuxDelete(demuxer);
    return failure(COLLAGE_BAD_ARGUMENT, "the canvas is not the size asked for", message, message_capacity);
  }
  WebPIterator frame;
  if (!WebPDemuxGetFrame(demuxer, 1, &frame)) {
    WebPDemuxDelete(demuxer);
    return failure(COLLAGE_CORRUPT, "no frame", message, message_capacity);
  }
  if (shrink == 1)
    status = decode_frame(&frame, background, rgb, width, height, message, message_capacity);
  else if (covers_canvas(&frame, width, height))
    status = decode_scaled(&frame, background, rgb, (width + (uint32_t)shrink - 1) / (uint32_t)shrink,
                           (height + (uint32_t)shrink - 1) / (uint32_t)shrink, message, message_capacity);
  else
    status = failure(COLLAGE_BAD_ARGUMENT, "only a frame that covers the canvas is decoded scaled", message, message_capacity);
  WebPDemuxReleaseIterator(&frame);
  WebPDemuxDelete(demuxer);
  return status;
}

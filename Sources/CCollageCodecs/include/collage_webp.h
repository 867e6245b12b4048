/* WebP through libwebp and its demux API: the container (canvas, flags, the EXIF and ICCP
 * chunks, an animation's first frame) is read with WebPDemux, the frame's bitstream with
 * libwebp's decoder, scaled down as it decodes where the frame covers the canvas. Stateless:
 * each call parses `data` again (the demuxer only indexes it). */
#ifndef COLLAGE_WEBP_H
#define COLLAGE_WEBP_H

#include <stddef.h>
#include <stdint.h>

#include "collage_codecs.h"

typedef struct {
  uint32_t width, height;  /* the canvas */
  int has_alpha;
  int frames;              /* 1, or an animation's count: only the first is decoded */
  int covers_canvas;       /* the first frame fills the canvas: it can be decoded scaled */
  int lossless;            /* VP8L: libwebp holds the whole frame as ARGB while decoding */
  /* Where the EXIF and ICCP chunks' payloads are in `data`: offset and length, 0/0 if absent. */
  size_t exif_offset, exif_length;
  size_t icc_offset, icc_length;
} collage_webp_header;

/** Reads the container. A file that ends before its RIFF size says is COLLAGE_TRUNCATED. */
collage_status collage_webp_header_of(const uint8_t *data, size_t length, collage_webp_header *header,
                                      char *message, size_t capacity);
/** Decodes the first frame onto the canvas (`width` x `height`, the header's size) shrunk by
 *  `shrink` (1, 2, 4 or 8; above 1 only for a frame that covers the canvas): `rgb` holds
 *  ceil(width/shrink) x ceil(height/shrink) x 3 bytes. libwebp scales as it decodes (an area
 *  average), so no full-size output is ever made. Alpha is composited onto `background` in
 *  sRGB-encoded values, as browsers show it. */
collage_status collage_webp_decode(const uint8_t *data, size_t length, const uint8_t background[3], int shrink,
                                   uint8_t *rgb, uint32_t width, uint32_t height,
                                   char *message, size_t message_capacity);

#endif

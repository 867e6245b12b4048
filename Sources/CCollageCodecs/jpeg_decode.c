#include <stdlib.h>
#include <string.h>

#include "jpeg_error.h"
#include "jpeg_file_source.h"

struct collage_jpeg_decoder {
  struct jpeg_decompress_struct cinfo;
  collage_jpeg_error error;
  struct jpeg_progress_mgr progress;
  int max_scans;
  uint8_t *exif;       /* copied out of libjpeg's marker list, which dies with the decompressor */
  size_t exif_length;
  uint8_t *icc;        /* the APP2 ICC_PROFILE markers reassembled (libjpeg-turbo malloc'ed it) */
  unsigned int icc_length;
  const collage_color_transform *cmyk_transform;  /* CMYK to sRGB by the profile; NULL: naive */
  uint8_t *cmyk_row;   /* scratch row for CMYK conversion; freed by close even after a longjmp */
  int started, finished, failed;  /* a decode runs once; after an error libjpeg is not called again */
};

static void check_scans(j_common_ptr cinfo) {
  collage_jpeg_decoder *decoder = (collage_jpeg_decoder *)cinfo->client_data;
  if (cinfo->is_decompressor &&
      ((j_decompress_ptr)cinfo)->input_scan_number > decoder->max_scans) {
    char text[COLLAGE_MESSAGE_CAPACITY];
    snprintf(text, sizeof text, "progressive JPEG with more than %d scans", decoder->max_scans);
    collage_jpeg_fail(cinfo, COLLAGE_TOO_MANY_SCANS, text);
  }
}

static void copy_exif(collage_jpeg_decoder *decoder) {
  static const uint8_t signature[6] = {'E', 'x', 'i', 'f', 0, 0};
  for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker; marker = marker->next) {
    if (marker->marker != JPEG_APP0 + 1 || marker->data_length < sizeof signature ||
        memcmp(marker->data, signature, sizeof signature) != 0)
      continue;
    size_t length = marker->data_length - sizeof signature;
    decoder->exif = malloc(length ? length : 1);
    if (decoder->exif == NULL) return;  /* orientation is optional: decode upright without it */
    memcpy(decoder->exif, marker->data + sizeof signature, length);
    decoder->exif_length = length;
    return;
  }
}

static void report(const collage_jpeg_decoder *decoder, collage_status *status, char *message,
                   size_t capacity) {
  if (status) *status = decoder->error.status;
  collage_copy_message(message, capacity, decoder->error.message);
}

/* Where the compressed data comes from: a caller's buffer (fd -1), or a file streamed by descriptor. */
typedef struct {
  const uint8_t *data;
  size_t length;
  int fd;
} source;

static collage_jpeg_decoder *open_source(source from, int max_scans, collage_status *status,
                                         char *message, size_t capacity) {
  collage_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) {
    if (status) *status = COLLAGE_NO_MEMORY;
    collage_copy_message(message, capacity, "out of memory");
    return NULL;
  }
  collage_jpeg_error_install(&decoder->error);
  decoder->cinfo.err = &decoder->error.pub;
  decoder->max_scans = max_scans;
  if (setjmp(decoder->error.jump)) {
    report(decoder, status, message, capacity);
    collage_jpeg_close(decoder);
    return NULL;
  }
  jpeg_create_decompress(&decoder->cinfo);
  decoder->cinfo.client_data = decoder;
  decoder->progress.progress_monitor = check_scans;
  decoder->cinfo.progress = &decoder->progress;
  if (from.fd < 0)
    jpeg_mem_src(&decoder->cinfo, from.data, (unsigned long)from.length);
  else
    collage_jpeg_file_src(&decoder->cinfo, from.fd);
  jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&decoder->cinfo, TRUE);
  copy_exif(decoder);
  /* Reassembles a profile split over several markers by their sequence numbers; markers out of
   * order, missing or repeated are a warning (tolerated) and no profile, as in djpeg. */
  if (!jpeg_read_icc_profile(&decoder->cinfo, &decoder->icc, &decoder->icc_length)) {
    decoder->icc = NULL;
    decoder->icc_length = 0;
  }
  if (status) *status = COLLAGE_OK;
  return decoder;
}

collage_jpeg_decoder *collage_jpeg_open(const uint8_t *data, size_t length, int max_scans,
                                        collage_status *status, char *message, size_t capacity) {
  source from = {data, length, -1};
  return open_source(from, max_scans, status, message, capacity);
}

collage_jpeg_decoder *collage_jpeg_open_file(int fd, int max_scans, collage_status *status,
                                             char *message, size_t capacity) {
  source from = {NULL, 0, fd};
  return open_source(from, max_scans, status, message, capacity);
}

void collage_jpeg_header_of(const collage_jpeg_decoder *decoder, collage_jpeg_header *header) {
  header->width = decoder->cinfo.image_width;
  header->height = decoder->cinfo.image_height;
  header->components = decoder->cinfo.num_components;
  header->progressive = decoder->cinfo.progressive_mode ? 1 : 0;
  /* libjpeg keeps every coefficient of a progressive image until its last scan: per component,
   * its blocks (rounded up to whole MCUs) of 64 JCOEFs. Known once the header is read. */
  header->coefficient_bytes = 0;
  if (decoder->cinfo.progressive_mode) {
    for (int ci = 0; ci < decoder->cinfo.num_components; ci++) {
      const jpeg_component_info *c = &decoder->cinfo.comp_info[ci];
      uint64_t across = ((uint64_t)c->width_in_blocks + c->h_samp_factor - 1) / c->h_samp_factor * c->h_samp_factor;
      uint64_t down = ((uint64_t)c->height_in_blocks + c->v_samp_factor - 1) / c->v_samp_factor * c->v_samp_factor;
      header->coefficient_bytes += across * down * DCTSIZE2 * sizeof(JCOEF);
    }
  }
  header->exif = decoder->exif;
  header->exif_length = decoder->exif_length;
  header->icc = decoder->icc;
  header->icc_length = decoder->icc_length;
  header->cmyk_inverted = decoder->cinfo.saw_Adobe_marker ? 1 : 0;
}

void collage_jpeg_set_cmyk_transform(collage_jpeg_decoder *decoder,
                                     const collage_color_transform *transform) {
  decoder->cmyk_transform = transform;
}

static int is_cmyk(const collage_jpeg_decoder *decoder) {
  return decoder->cinfo.jpeg_color_space == JCS_CMYK || decoder->cinfo.jpeg_color_space == JCS_YCCK;
}

/* libjpeg refuses CMYK -> RGB, so CMYK is asked for and converted here. */
static void prepare(collage_jpeg_decoder *decoder, int denominator) {
  decoder->cinfo.scale_num = 1;
  decoder->cinfo.scale_denom = (unsigned)denominator;
  decoder->cinfo.out_color_space = is_cmyk(decoder) ? JCS_CMYK : JCS_RGB;
  jpeg_calc_output_dimensions(&decoder->cinfo);
}

collage_status collage_jpeg_scaled_size(collage_jpeg_decoder *decoder, int denominator,
                                        uint32_t *width, uint32_t *height) {
  if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8)
    return COLLAGE_BAD_ARGUMENT;
  if (setjmp(decoder->error.jump)) return decoder->error.status;
  prepare(decoder, denominator);
  *width = decoder->cinfo.output_width;
  *height = decoder->cinfo.output_height;
  return COLLAGE_OK;
}

/* Adobe's CMYK JPEGs store inverted values (0 = full ink); others store plain CMYK. */
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, JDIMENSION width, int inverted) {
  for (JDIMENSION x = 0; x < width; x++, cmyk += 4, rgb += 3) {
    unsigned k = inverted ? cmyk[3] : 255u - cmyk[3];
    for (int c = 0; c < 3; c++) {
      unsigned ink = inverted ? cmyk[c] : 255u - cmyk[c];
      rgb[c] = (uint8_t)((ink * k + 127) / 255);
    }
  }
}

collage_status collage_jpeg_start(collage_jpeg_decoder *decoder, int denominator, char *message,
                                  size_t message_capacity) {
  if (decoder->started) {
    collage_copy_message(message, message_capacity, "decoder already used");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8)
    return COLLAGE_BAD_ARGUMENT;
  decoder->started = 1;
  if (setjmp(decoder->error.jump)) {
    decoder->failed = 1;
    report(decoder, NULL, message, message_capacity);
    return decoder->error.status;
  }
  prepare(decoder, denominator);
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (cinfo->out_color_space == JCS_CMYK &&
      (decoder->cmyk_row = malloc((size_t)cinfo->output_width * 4)) == NULL)
    collage_jpeg_fail((j_common_ptr)cinfo, COLLAGE_NO_MEMORY, "out of memory");
  jpeg_start_decompress(cinfo);
  return COLLAGE_OK;
}

collage_status collage_jpeg_read_rows(collage_jpeg_decoder *decoder, uint8_t *rgb, size_t stride,
                                      uint32_t count, uint32_t *read, char *message,
                                      size_t message_capacity) {
  *read = 0;
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (!decoder->started || decoder->failed || stride < (size_t)cinfo->output_width * 3) {
    collage_copy_message(message, message_capacity, decoder->failed ? "decode failed already"
                                                                    : "decode not started");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (setjmp(decoder->error.jump)) {
    decoder->failed = 1;
    report(decoder, NULL, message, message_capacity);
    return decoder->error.status;
  }
  JDIMENSION left = cinfo->output_height - cinfo->output_scanline;
  if (count > left) count = left;
  while (*read < count) {
    uint8_t *row = rgb + stride * *read;
    JDIMENSION got;
    if (cinfo->out_color_space == JCS_CMYK) {
      JSAMPROW scratch = decoder->cmyk_row;
      if ((got = jpeg_read_scanlines(cinfo, &scratch, 1)) == 1) {
        if (decoder->cmyk_transform != NULL)
          collage_color_transform_apply(decoder->cmyk_transform, decoder->cmyk_row, row,
                                        cinfo->output_width);
        else
          cmyk_to_rgb(decoder->cmyk_row, row, cinfo->output_width, cinfo->saw_Adobe_marker);
      }
    } else {
      JSAMPROW rows[8];
      JDIMENSION batch = count - *read > 8 ? 8 : count - *read;
      for (JDIMENSION i = 0; i < batch; i++) rows[i] = row + stride * i;
      got = jpeg_read_scanlines(cinfo, rows, batch);
    }
    /* Only a suspending source gives no row, and ours never suspend: never loop on one. */
    if (got == 0) collage_jpeg_fail((j_common_ptr)cinfo, COLLAGE_CORRUPT, "libjpeg gave no scanline");
    *read += got;
  }
  /* The last row read: the rest of the file is read too, as djpeg does (a truncated file says so). */
  if (cinfo->output_scanline == cinfo->output_height && !decoder->finished) {
    decoder->finished = 1;
    jpeg_finish_decompress(cinfo);
  }
  return COLLAGE_OK;
}

void collage_jpeg_close(collage_jpeg_decoder *decoder) {
  if (decoder == NULL) return;
  jpeg_destroy_decompress(&decoder->cinfo);
  free(decoder->exif);
  free(decoder->icc);
  free(decoder->cmyk_row);
  free(decoder);
}

void collage_free(void *pointer) { free(pointer); }

/* CCollageCodecs: the only code that touches libjpeg and libpng.
 *
 * Why C: libjpeg reports errors by calling error_exit, whose default exits the process and which
 * must not return; Swift cannot setjmp. Every entry point here sets its own jump target, turns a
 * libjpeg/libpng failure into a status code plus a one-line message, and never exits or aborts.
 * Pixel buffers are allocated by the caller, after it has checked the header's size.
 */
#ifndef COLLAGE_CODECS_H
#define COLLAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/** Status codes shared by every entry point; 0 is success. */
typedef enum {
  COLLAGE_OK = 0,
  COLLAGE_CORRUPT = 1,        /* the codec rejected the data */
  COLLAGE_TRUNCATED = 2,      /* the data ends early ("premature end") */
  COLLAGE_TOO_MANY_SCANS = 3, /* a progressive JPEG with more scans than allowed */
  COLLAGE_NO_MEMORY = 4,
  COLLAGE_BAD_ARGUMENT = 5    /* a caller error: buffer too small, bad size */
} collage_status;

enum { COLLAGE_MESSAGE_CAPACITY = 256 };

/* ---- JPEG decoding: open (reads the header), then decode once at a DCT scale. ---- */

typedef struct collage_jpeg_decoder collage_jpeg_decoder;

typedef struct {
  uint32_t width, height;  /* stored size, before orientation */
  int components;          /* 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK */
  int progressive;         /* 1 for a progressive JPEG */
  const uint8_t *exif;     /* the APP1 "Exif" payload, NULL if none; owned by the decoder */
  size_t exif_length;
} collage_jpeg_header;

/** Reads the header of `data` (which must outlive the decoder). On failure returns NULL and fills
 *  `status`/`message`. `max_scans` caps progressive scans (a scan bomb decodes for minutes). */
collage_jpeg_decoder *collage_jpeg_open(const uint8_t *data, size_t length, int max_scans,
                                        collage_status *status, char *message, size_t capacity);
void collage_jpeg_header_of(const collage_jpeg_decoder *decoder, collage_jpeg_header *header);
/** The output size for libjpeg's DCT scaling by 1/denominator (1, 2, 4 or 8). */
collage_status collage_jpeg_scaled_size(collage_jpeg_decoder *decoder, int denominator,
                                        uint32_t *width, uint32_t *height);
/** Decodes at 1/denominator into `rgb` (width*height*3 bytes of the scaled size). Once only. */
collage_status collage_jpeg_decode(collage_jpeg_decoder *decoder, int denominator, uint8_t *rgb,
                                   size_t capacity, char *message, size_t message_capacity);
void collage_jpeg_close(collage_jpeg_decoder *decoder);

/* ---- JPEG encoding to memory. *out is malloc'ed: release it with collage_free. ---- */
collage_status collage_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                   int quality, uint8_t **out, size_t *out_length,
                                   char *message, size_t capacity);

/* ---- PNG through libpng's simplified API (no setjmp needed). ---- */
collage_status collage_png_header(const uint8_t *data, size_t length, uint32_t *width,
                                  uint32_t *height, char *message, size_t capacity);
/** Decodes any PNG (gray, palette, 16-bit, alpha) to RGB8, compositing alpha onto white. */
collage_status collage_png_decode(const uint8_t *data, size_t length, uint8_t *rgb,
                                  size_t capacity, char *message, size_t message_capacity);
collage_status collage_png_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                  uint8_t **out, size_t *out_length,
                                  char *message, size_t capacity);

void collage_free(void *pointer);

#endif

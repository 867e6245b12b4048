/* The RGB(A) planes libheif decodes, read out as 8-bit RGB: samples above 8 bits rounded (libheif's
 * own HDR-to-8-bit conversion shifts, truncating), a monochrome image's limited-range luma
 * expanded (libheif 1.15 copies it as stored), alpha composited, shrunk by whole blocks. Why its
 * own file: heif_decode.c opens files and picks the source; this is the pixel arithmetic. */
#ifndef COLLAGE_HEIF_PLANES_H
#define COLLAGE_HEIF_PLANES_H

#include <stdint.h>

#include <libheif/heif.h>

#include "collage_codecs.h"

/* The planes libheif decoded, one per channel (R, G, B, then alpha when there is one), each
 * with its stride and bits per sample: 16-bit little-endian samples above 8 bits. */
typedef struct {
  const uint8_t *data[4];
  int stride[4];
  int bits[4];
  int channels;
  int premultiplied;
  int limited;  /* R, G and B are a monochrome image's luma in limited range, as stored */
} collage_heif_planes;

/* The planes of `image`, checked: every channel there, `width` x `height`, 1 to 16 bits. */
collage_status collage_heif_planes_of(const struct heif_image *image, int alpha, uint32_t width, uint32_t height,
                                      collage_heif_planes *p, char *message, size_t capacity);

/* Writes the planes shrunk by `shrink`: each output pixel the rounded mean of its block (the
 * blocks at the right and bottom edges may be partial). `sums` holds one output row. */
void collage_heif_shrink_into(const collage_heif_planes *p, const uint8_t background[3], uint32_t width, uint32_t height,
                              uint32_t shrink, uint32_t *sums, uint8_t *rgb);

#endif

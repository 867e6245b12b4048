/* HEIF, HEIC and AVIF through libheif: its errors are returned as values, so no setjmp is
 * needed; this shim exists to check each of them in one place, to turn 10/12-bit samples into
 * 8 bits by rounding (libheif's own conversion shifts, truncating), and to composite alpha. */
#ifndef COLLAGE_HEIF_H
#define COLLAGE_HEIF_H

#include <stddef.h>
#include <stdint.h>

#include "collage_codecs.h"

typedef struct collage_heif_decoder collage_heif_decoder;

typedef struct {
  uint32_t width, height;          /* as displayed: after libheif's clap, irot and imir */
  uint32_t ispe_width, ispe_height; /* as coded ('ispe'), before those transforms */
  int bit_depth;                   /* luma bits per sample: 8, 10 or 12 */
  int has_alpha;
  int thumbnails;                  /* how many thumbnail images the primary image has */
  const uint8_t *icc;              /* the 'prof'/'rICC' profile, NULL if none; owned by the decoder */
  size_t icc_length;
  int has_nclx;                    /* 1 when the colour is given as 'nclx' (ITU-T H.273 codes) */
  uint16_t colour_primaries, transfer_characteristics, matrix_coefficients;
  uint8_t full_range;
} collage_heif_header;

/** Reads the boxes of `data` (which must outlive the decoder) and opens its primary image.
 *  No pixel is decoded. On failure returns NULL and fills `status`/`message`. */
collage_heif_decoder *collage_heif_open(const uint8_t *data, size_t length,
                                        collage_status *status, char *message, size_t capacity);
/** The same from the regular file open on `fd`, read through libheif's reader by pread as it
 *  needs it (the boxes, then each tile's coded data as it is decoded): no copy of the file in
 *  memory. `fd` must stay open until collage_heif_close. */
collage_heif_decoder *collage_heif_open_file(int fd, collage_status *status, char *message, size_t capacity);
/** Where the `meta` box of the HEIF file open on `fd` ends: the length of the start of the file
 *  that holds every box describing its images; 0 when no such box lies within the file. */
size_t collage_heif_meta_end(int fd);
/** The size of the file open on `fd`; -1 if fstat fails. */
int64_t collage_file_size(int fd);
/** Reads the start of the file open on `fd` (by pread: its offset is left alone), at most
 *  `capacity` bytes, into `out`; their count in `length` (fewer at the file's end).
 *  COLLAGE_READ_FAILED on an I/O error. */
collage_status collage_read_start(int fd, uint8_t *out, size_t capacity, size_t *length,
                                  char *message, size_t message_capacity);
/** The same from `offset` on (an item's coded data, where `iloc` places it). */
collage_status collage_read_at(int fd, uint64_t offset, uint8_t *out, size_t capacity, size_t *length,
                               char *message, size_t message_capacity);
void collage_heif_header_of(const collage_heif_decoder *decoder, collage_heif_header *header);
/** Which image to decode for `width`x`height` (displayed): the smallest thumbnail that covers
 *  it (1 for the first thumbnail, ...), else 0, the primary image; its displayed size in
 *  `out_width`/`out_height`. A thumbnail smaller than the size kept is never used. */
int collage_heif_source_covering(const collage_heif_decoder *decoder, uint32_t width,
                                 uint32_t height, uint32_t *out_width, uint32_t *out_height);
/** The item ID of `source` (0, the primary image, or a thumbnail's number); 0 when there is no
 *  such source. */
uint32_t collage_heif_item_of(const collage_heif_decoder *decoder, int source);
/** Decodes `source` (0, the primary image, or a thumbnail's number from
 *  collage_heif_source_covering) with at most `threads` decoding threads. `width` x `height` is
 *  the source's displayed size; a decoded size other than that fails as corrupt. `monochrome`
 *  says the source is coded as luma alone: its `nclx` saying limited range, or with no `nclx`
 *  its coded stream's header (`coded_range`: 0 limited, 1 full, -1 not known, taken as full),
 *  the luma is expanded from 16-235 to 0-255 (libheif 1.15 copies it as stored). `rgb` receives
 *  ceil(width/shrink) x ceil(height/shrink) pixels, 3 bytes each: every `shrink` x `shrink`
 *  block averaged (`shrink` 1, 2, 4 or 8: what libjpeg's DCT scaling does for a JPEG, so a
 *  12 MP photo is never held twice at full size), 8 bits rounded from 10 or 12, alpha
 *  composited onto `background` in sRGB-encoded values (as browsers and libvips blend). */
collage_status collage_heif_decode(collage_heif_decoder *decoder, int source, int threads, int shrink, int monochrome,
                                   int coded_range, const uint8_t background[3], uint8_t *rgb, uint32_t width,
                                   uint32_t height, char *message, size_t message_capacity);
void collage_heif_close(collage_heif_decoder *decoder);

#endif

/* Two JPEGs of horizontal bands of one image made into the JPEG of the whole image, as libjpeg
 * would have encoded it in one pass: both were encoded with the same settings and a restart
 * marker after every MCU row, and the first band's height is a whole number of MCU rows, so the
 * second band's entropy-coded data is what the whole image's holds after that row, but for the
 * numbers of its restart markers. */
#ifndef COLLAGE_JPEG_STITCH_H
#define COLLAGE_JPEG_STITCH_H

#include "collage_buffer.h"
#include "jpeg_error.h"  /* collage_copy_message */

/** Appends `second`'s entropy-coded data to `first` (band 1's whole JPEG, `first_mcu_rows` MCU
 *  rows high) in place of its EOI, after the restart marker that follows band 1's last interval,
 *  with each of its restart markers renumbered to follow band 1's; then an EOI. The frame
 *  header's height becomes `height`. A result that reaches `first`'s limit fails with
 *  COLLAGE_NO_MEMORY, as the encoder's own output does; `first` is left to be freed then. */
collage_status collage_jpeg_stitch(collage_buffer *first, const uint8_t *second, size_t second_length, uint32_t height,
                                   uint32_t first_mcu_rows, char *message, size_t capacity);

#endif

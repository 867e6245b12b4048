#include "jpeg_stitch.h"

#include <string.h>

enum { MARKER = 0xFF, SOI = 0xD8, EOI = 0xD9, SOS = 0xDA, RST0 = 0xD0, RST7 = 0xD7, SOF0 = 0xC0, SOF1 = 0xC1 };

/* The offset of the first header segment with marker `wanted`, walking the segments by their
 * lengths from the SOI up to the scan (so bytes inside an ICC profile or a comment are never
 * taken for a marker); -1 when the JPEG has none before its scan or is not one libjpeg wrote. */
static long find_segment(const uint8_t *jpeg, size_t length, int wanted) {
  if (length < 4 || jpeg[0] != MARKER || jpeg[1] != SOI) return -1;
  size_t at = 2;
  while (at + 4 <= length && jpeg[at] == MARKER) {
    int marker = jpeg[at + 1];
    if (marker == wanted) return (long)at;
    if (marker == SOS) return -1;
    at += 2 + ((size_t)jpeg[at + 2] << 8 | jpeg[at + 3]);
  }
  return -1;
}

static int ends_with_eoi(const uint8_t *jpeg, size_t length) {
  return length >= 4 && jpeg[length - 2] == MARKER && jpeg[length - 1] == EOI;
}

/* Writes `scan` (entropy-coded data) to `to`, adding `shift` to every restart marker's number.
 * In entropy-coded data a 0xFF byte of data is always followed by a stuffed 0x00, so every other
 * 0xFF starts a marker: exact, with no guessing. Returns the end of what was written, or NULL
 * at a marker other than a restart (libjpeg writes none there). */
static uint8_t *copy_renumbering(uint8_t *to, const uint8_t *scan, size_t length, uint32_t shift) {
  const uint8_t *end = scan + length;
  while (scan < end) {
    const uint8_t *marker = memchr(scan, MARKER, (size_t)(end - scan));
    if (marker == NULL) marker = end;
    memcpy(to, scan, (size_t)(marker - scan));
    to += marker - scan;
    if (marker == end) break;
    if (marker + 1 == end) return NULL;
    uint8_t code = marker[1];
    if (code != 0x00 && (code < RST0 || code > RST7)) return NULL;
    *to++ = MARKER;
    *to++ = code == 0x00 ? 0x00 : (uint8_t)(RST0 + (code - RST0 + shift) % 8);
    scan = marker + 2;
  }
  return to;
}

collage_status collage_jpeg_stitch(collage_buffer *first, const uint8_t *second, size_t second_length, uint32_t height,
                                   uint32_t first_mcu_rows, char *message, size_t capacity) {
  long frame = find_segment(first->data, first->length, SOF0);
  if (frame < 0) frame = find_segment(first->data, first->length, SOF1);
  long scan_header = find_segment(second, second_length, SOS);
  if (frame < 0 || (size_t)frame + 9 > first->length || scan_header < 0 || first_mcu_rows == 0 ||
      !ends_with_eoi(first->data, first->length) || !ends_with_eoi(second, second_length)) {
    collage_copy_message(message, capacity, "libjpeg wrote a band that is not a baseline JPEG");
    return COLLAGE_CORRUPT;
  }
  size_t scan = (size_t)scan_header + 2 + ((size_t)second[scan_header + 2] << 8 | second[scan_header + 3]);
  if (scan > second_length - 2) {
    collage_copy_message(message, capacity, "libjpeg wrote a band whose scan header overruns it");
    return COLLAGE_CORRUPT;
  }
  size_t scan_length = second_length - 2 - scan;
  /* Band 1 without its EOI, a restart marker, band 2's scan (renumbering keeps its length), EOI.
   * Reaching the limit fails, as the encoder's own output does (a JPEG must stay under it). */
  size_t kept = first->length - 2;
  if (first->limit - kept <= 4 || scan_length >= first->limit - kept - 4) {  /* kept + 4 + scan >= limit */
    collage_copy_message(message, capacity, "JPEG reached its size limit");
    return COLLAGE_NO_MEMORY;
  }
  if (collage_buffer_reserve(first, 2 + scan_length) != 0) {
    collage_copy_message(message, capacity, "out of memory");
    return COLLAGE_NO_MEMORY;
  }
  /* The frame header (FF Cn, length, precision, height, width) says band 1's height, the one
   * libjpeg encoded. Declaring the whole height to band 1's libjpeg instead would not do:
   * jpeg_finish_compress refuses to end before every declared row is written, and without it the
   * bits of band 1's last interval are never flushed. The height is the one field of the
   * headers that differs, and the segment walk finds it exactly, so it is written here. */
  first->data[frame + 5] = (uint8_t)(height >> 8);
  first->data[frame + 6] = (uint8_t)height;
  uint8_t *at = first->data + kept;
  *at++ = MARKER;
  *at++ = (uint8_t)(RST0 + (first_mcu_rows - 1) % 8);
  at = copy_renumbering(at, second + scan, scan_length, first_mcu_rows % 8);
  if (at == NULL) {
    collage_copy_message(message, capacity, "libjpeg wrote a marker other than a restart in a band's scan");
    return COLLAGE_CORRUPT;
  }
  *at++ = MARKER;
  *at++ = EOI;
  first->length = (size_t)(at - first->data);
  return COLLAGE_OK;
}

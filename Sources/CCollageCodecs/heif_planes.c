#include <stdio.h>
#include <string.h>

#include "heif_library.h"

#include "heif_planes.h"
#include "collage_blend.h"
#include "jpeg_error.h"  /* collage_copy_message */

/* A sample of `bits` bits, rounded to 8 (libheif's own HDR-to-8-bit conversion shifts, which
 * truncates: 10-bit 3 becomes 0 and the image darkens by half a level on average). */
static inline uint32_t to8(uint32_t value, uint32_t maximum) {
  return (value * 255 + maximum / 2) / maximum;
}

/* A luma sample of `bits` bits (8 to 16) in limited range (16-235 at 8 bits, the same scaled
 * above) expanded to the full range, rounded and clipped, as libavif does for monochrome. */
static inline uint32_t full_range(uint32_t value, int bits) {
  uint32_t offset = 16u << (bits - 8), span = 219u << (bits - 8), maximum = (1u << bits) - 1;
  if (value <= offset) return 0;
  if (value - offset >= span) return maximum;
  return ((value - offset) * maximum + span / 2) / span;
}

/* Sample `x` of row `y` of plane `c`, 8 bits. */
static inline uint32_t sample8(const collage_heif_planes *p, int c, uint32_t x, uint32_t y) {
  const uint8_t *row = p->data[c] + (size_t)y * (size_t)p->stride[c];
  int limited = p->limited && c < 3;
  if (p->bits[c] <= 8) return limited ? full_range(row[x], 8) : row[x];
  uint32_t maximum = (1u << p->bits[c]) - 1;
  uint32_t value = (uint32_t)row[2 * (size_t)x] | (uint32_t)row[2 * (size_t)x + 1] << 8;
  if (value > maximum) value = maximum;
  return to8(limited ? full_range(value, p->bits[c]) : value, maximum);
}

/* One decoded pixel, 8 bits, alpha composited onto the background. */
static inline void pixel(const collage_heif_planes *p, uint32_t x, uint32_t y, const uint8_t background[3], uint32_t out[3]) {
  uint32_t alpha = p->channels == 4 ? sample8(p, 3, x, y) : 255;
  for (int c = 0; c < 3; c++) {
    uint32_t v = sample8(p, c, x, y);
    if (p->channels == 4)
      v = p->premultiplied ? collage_blend_premultiplied(v, alpha, background[c]) : collage_blend(v, alpha, background[c]);
    out[c] = v;
  }
}

void collage_heif_shrink_into(const collage_heif_planes *p, const uint8_t background[3], uint32_t width, uint32_t height,
                              uint32_t shrink, uint32_t *sums, uint8_t *rgb) {
  uint32_t out_width = (width + shrink - 1) / shrink, out_height = (height + shrink - 1) / shrink;
  for (uint32_t oy = 0; oy < out_height; oy++) {
    uint32_t y0 = oy * shrink, y1 = y0 + shrink < height ? y0 + shrink : height;
    memset(sums, 0, (size_t)out_width * 3 * sizeof *sums);
    for (uint32_t y = y0; y < y1; y++) {
      for (uint32_t x = 0; x < width; x++) {
        uint32_t v[3];
        pixel(p, x, y, background, v);
        uint32_t *sum = sums + (size_t)(x / shrink) * 3;
        sum[0] += v[0];
        sum[1] += v[1];
        sum[2] += v[2];
      }
    }
    uint8_t *out = rgb + (size_t)oy * out_width * 3;
    for (uint32_t ox = 0; ox < out_width; ox++) {
      uint32_t x0 = ox * shrink, x1 = x0 + shrink < width ? x0 + shrink : width;
      uint32_t count = (x1 - x0) * (y1 - y0);
      for (int c = 0; c < 3; c++) out[(size_t)ox * 3 + c] = (uint8_t)((sums[(size_t)ox * 3 + c] + count / 2) / count);
    }
  }
}

collage_status collage_heif_planes_of(const struct heif_image *image, int alpha, uint32_t width, uint32_t height,
                                      collage_heif_planes *p, char *message, size_t capacity) {
  static const enum heif_channel channels[4] = {heif_channel_R, heif_channel_G, heif_channel_B, heif_channel_Alpha};
  p->channels = alpha ? 4 : 3;
  p->premultiplied = libheif.heif_image_is_premultiplied_alpha((struct heif_image *)image);
  for (int c = 0; c < p->channels; c++) {
    p->data[c] = libheif.heif_image_get_plane_readonly(image, channels[c], &p->stride[c]);
    p->bits[c] = libheif.heif_image_get_bits_per_pixel_range(image, channels[c]);
    int w = libheif.heif_image_get_width(image, channels[c]), h = libheif.heif_image_get_height(image, channels[c]);
    if (p->data[c] == NULL || p->stride[c] <= 0 || p->bits[c] < 1 || p->bits[c] > 16) {
      collage_copy_message(message, capacity, "libheif returned no usable pixel plane");
      return COLLAGE_CORRUPT;
    }
    if (w != (int)width || h != (int)height) {
      char text[COLLAGE_MESSAGE_CAPACITY];
      snprintf(text, sizeof text, "decoded %dx%d, the header said %ux%u", w, h, width, height);
      collage_copy_message(message, capacity, text);
      return COLLAGE_CORRUPT;
    }
  }
  return COLLAGE_OK;
}

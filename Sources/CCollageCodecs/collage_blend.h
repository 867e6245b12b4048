/* One way transparency is blended, for every format with alpha (PNG, HEIF, WebP): onto the
 * background in the stored (sRGB-encoded) values, as browsers, Pillow and libvips blend, so 50 %
 * black over white is 128 (libpng's simplified reader blended in linear light: 186). */
#ifndef COLLAGE_BLEND_H
#define COLLAGE_BLEND_H

#include <stdint.h>

/* `value` (8 bits) with opacity `alpha` (0 to 255) over `background`, rounded. */
static inline uint8_t collage_blend(uint32_t value, uint32_t alpha, uint8_t background) {
  return (uint8_t)((value * alpha + background * (255u - alpha) + 127u) / 255u);
}

/* The same for a premultiplied `value` (already value * alpha / 255), saturated. */
static inline uint8_t collage_blend_premultiplied(uint32_t value, uint32_t alpha, uint8_t background) {
  uint32_t v = value + (background * (255u - alpha) + 127u) / 255u;
  return (uint8_t)(v > 255u ? 255u : v);
}

#endif

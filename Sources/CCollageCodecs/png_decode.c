#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "jpeg_error.h"  /* collage_copy_message */

/* The header is read through libpng's simplified API, which reports failure through its return
 * value and image.message, with no setjmp. Decoding is in png_read.c, writing in png_encode.c. */

/* The simplified API reports failure through its return value and image.message. */
static collage_status fail(png_image *image, char *message, size_t capacity) {
  collage_copy_message(message, capacity, image->message[0] ? image->message : "invalid PNG");
  png_image_free(image);
  return COLLAGE_CORRUPT;
}

static int begin(png_image *image, const uint8_t *data, size_t length) {
  memset(image, 0, sizeof *image);
  image->version = PNG_IMAGE_VERSION;
  return png_image_begin_read_from_memory(image, data, length);
}

collage_status collage_png_header(const uint8_t *data, size_t length, uint32_t *width,
                                  uint32_t *height, char *message, size_t capacity) {
  png_image image;
  if (!begin(&image, data, length)) return fail(&image, message, capacity);
  *width = image.width;
  *height = image.height;
  png_image_free(&image);
  return COLLAGE_OK;
}

collage_status collage_png_decode_rgba(const uint8_t *data, size_t length, uint8_t *rgba,
                                       size_t capacity, char *message, size_t message_capacity) {
  png_image image;
  if (!begin(&image, data, length)) return fail(&image, message, message_capacity);
  image.format = PNG_FORMAT_RGBA;  /* straight alpha, sRGB-encoded colour */
  image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
  if (capacity < PNG_IMAGE_SIZE(image)) {
    png_image_free(&image);
    collage_copy_message(message, message_capacity, "pixel buffer too small");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (!png_image_finish_read(&image, NULL, rgba, 0, NULL))
    return fail(&image, message, message_capacity);
  png_image_free(&image);
  return COLLAGE_OK;
}

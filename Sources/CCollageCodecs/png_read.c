#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "collage_blend.h"
#include "jpeg_error.h"  /* collage_copy_message */

/* PNG reading through libpng's full API. Why not the simplified png_image API any more: it cannot
 * give the iCCP profile, it always applies gAMA (wrong under an ICC profile, which the colour
 * conversion applies instead), and it composites alpha in linear light (50 % black over white
 * comes out 186) where viewers blend the stored sRGB values (128). Errors arrive in a callback
 * that must not return: it longjmps back here, as the encoder's does.
 *
 * On the heap, not the stack: its fields change between setjmp and longjmp and are read after. */
typedef struct {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t length, offset;
  uint8_t *image;          /* the whole RGBA (or interlaced) image, when one is needed */
  png_bytep *rows;
  collage_status status;
  char message[COLLAGE_MESSAGE_CAPACITY];
} reader;

static void on_error(png_structp png, png_const_charp text) {
  reader *r = png_get_error_ptr(png);
  if (r->status == COLLAGE_OK) {  /* on_read may already have said why */
    r->status = COLLAGE_CORRUPT;
    collage_copy_message(r->message, sizeof r->message, text);
  }
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  /* never print to stderr; a bad ancillary chunk is skipped, as libpng decides */
}

static void on_read(png_structp png, png_bytep out, size_t length) {
  reader *r = png_get_io_ptr(png);
  if (length > r->length - r->offset) {
    r->status = COLLAGE_TRUNCATED;
    collage_copy_message(r->message, sizeof r->message, "premature end of data");
    png_error(png, "premature end of data");
  }
  memcpy(out, r->data + r->offset, length);
  r->offset += length;
}

static reader *open_reader(const uint8_t *data, size_t length) {
  reader *r = calloc(1, sizeof *r);
  if (r == NULL) return NULL;
  r->data = data;
  r->length = length;
  r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
  if (r->png != NULL) r->info = png_create_info_struct(r->png);
  if (r->info == NULL) {
    png_destroy_read_struct(r->png ? &r->png : NULL, NULL, NULL);
    free(r);
    return NULL;
  }
  png_set_read_fn(r->png, r, on_read);
  return r;
}

static void close_reader(reader *r) {
  png_destroy_read_struct(&r->png, &r->info, NULL);
  free(r->image);
  free(r->rows);
  free(r);
}

static collage_status finish(reader *r, collage_status status, char *message, size_t capacity) {
  if (status != COLLAGE_OK) collage_copy_message(message, capacity, r->message);
  close_reader(r);
  return status;
}

static collage_status no_memory(char *message, size_t capacity) {
  collage_copy_message(message, capacity, "out of memory");
  return COLLAGE_NO_MEMORY;
}

collage_status collage_png_color_info(const uint8_t *data, size_t length, collage_png_color *color,
                                      char *message, size_t capacity) {
  memset(color, 0, sizeof *color);
  reader *r = open_reader(data, length);
  if (r == NULL) return no_memory(message, capacity);
  if (setjmp(png_jmpbuf(r->png))) {
    free(color->icc);
    memset(color, 0, sizeof *color);
    return finish(r, r->status, message, capacity);
  }
  png_read_info(r->png, r->info);
  int type = png_get_color_type(r->png, r->info);
  color->gray = (type & PNG_COLOR_MASK_COLOR) == 0;
  color->alpha = (type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(r->png, r->info, PNG_INFO_tRNS);
  png_charp name;
  int compression;
  png_bytep profile;
  png_uint_32 profile_length;
  if (png_get_iCCP(r->png, r->info, &name, &compression, &profile, &profile_length) &&
      profile_length > 0) {
    if ((color->icc = malloc(profile_length)) == NULL) {
      collage_copy_message(r->message, sizeof r->message, "out of memory");
      return finish(r, COLLAGE_NO_MEMORY, message, capacity);
    }
    memcpy(color->icc, profile, profile_length);
    color->icc_length = profile_length;
  }
  color->srgb = png_get_valid(r->png, r->info, PNG_INFO_sRGB) != 0;
  color->has_gamma = png_get_gAMA(r->png, r->info, &color->gamma) != 0 && color->gamma > 0;
  double *xy = color->chromaticities;
  color->has_chromaticities = png_get_cHRM(r->png, r->info, &xy[0], &xy[1], &xy[2], &xy[3], &xy[4],
                                           &xy[5], &xy[6], &xy[7]) != 0;
  return finish(r, COLLAGE_OK, message, capacity);
}

/* Blends RGBA onto `background` in place, into packed RGB: the stored (sRGB-encoded) values,
 * as browsers, Pillow and libvips do. Each RGB pixel is written at or before the RGBA pixel it
 * comes from, so one buffer serves. */
static void composite(uint8_t *pixels, size_t count, const uint8_t background[3]) {
  for (size_t i = 0; i < count; i++) {
    const uint8_t *in = pixels + i * 4;
    unsigned alpha = in[3];
    uint8_t rgb[3];
    for (int c = 0; c < 3; c++)
      rgb[c] = collage_blend(in[c], alpha, background[c]);
    memcpy(pixels + i * 3, rgb, 3);
  }
}

collage_status collage_png_decode(const uint8_t *data, size_t length, int gamma_to_srgb,
                                  const uint8_t background[3], uint8_t *rgb, size_t capacity,
                                  char *message, size_t message_capacity) {
  reader *r = open_reader(data, length);
  if (r == NULL) return no_memory(message, message_capacity);
  if (setjmp(png_jmpbuf(r->png))) return finish(r, r->status, message, message_capacity);
  png_read_info(r->png, r->info);
  png_uint_32 width = png_get_image_width(r->png, r->info);
  png_uint_32 height = png_get_image_height(r->png, r->info);
  size_t stride = (size_t)width * 3;
  if (height != 0 && capacity / height < stride) {
    collage_copy_message(r->message, sizeof r->message, "pixel buffer too small");
    return finish(r, COLLAGE_BAD_ARGUMENT, message, message_capacity);
  }
  /* Everything to 8-bit RGB(A): palettes and low bit depths expanded, tRNS to alpha, 16-bit
   * samples scaled (rounded, not truncated), gray repeated into R, G and B. */
  png_set_expand(r->png);
  png_set_scale_16(r->png);
  png_set_gray_to_rgb(r->png);
  double file_gamma;
  /* Without a profile to apply, a gAMA chunk is honoured as before: to sRGB's 2.2. */
  if (gamma_to_srgb && png_get_gAMA(r->png, r->info, &file_gamma) && file_gamma > 0)
    png_set_gamma(r->png, PNG_DEFAULT_sRGB, file_gamma);
  int passes = png_set_interlace_handling(r->png);
  png_read_update_info(r->png, r->info);
  int channels = png_get_channels(r->png, r->info);
  size_t rowbytes = png_get_rowbytes(r->png, r->info);
  if ((channels != 3 && channels != 4) || rowbytes != (size_t)width * (size_t)channels) {
    collage_copy_message(r->message, sizeof r->message, "unexpected pixel layout");
    return finish(r, COLLAGE_CORRUPT, message, message_capacity);
  }
  if (channels == 3 && passes == 1) {  /* the common photo: straight into the caller's rows */
    for (png_uint_32 y = 0; y < height; y++) png_read_row(r->png, rgb + stride * y, NULL);
  } else {
    /* Alpha or interlacing needs the whole image first; its size was checked by the caller
     * against the pixel limit, so this is at most 4/3 of the RGB buffer. */
    if ((r->image = malloc(rowbytes * height)) == NULL ||
        (r->rows = malloc(sizeof *r->rows * height)) == NULL) {
      collage_copy_message(r->message, sizeof r->message, "out of memory");
      return finish(r, COLLAGE_NO_MEMORY, message, message_capacity);
    }
    for (png_uint_32 y = 0; y < height; y++) r->rows[y] = r->image + rowbytes * y;
    png_read_image(r->png, r->rows);
    if (channels == 4) composite(r->image, (size_t)width * height, background);
    memcpy(rgb, r->image, stride * height);
  }
  png_read_end(r->png, NULL);
  return finish(r, COLLAGE_OK, message, message_capacity);
}

void collage_png_color_free(collage_png_color *color) {
  free(color->icc);
  color->icc = NULL;
  color->icc_length = 0;
}

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "collage_buffer.h"
#include "jpeg_error.h"  /* collage_copy_message */

/* Why the full API and not png_image_write_to_memory: only it writes pHYs and lets us choose the
 * zlib level, strategy and row filters. Its errors arrive in a callback that must not return, so
 * the callback longjmps back to encode() below.
 *
 * On the heap, not the stack: its fields change between setjmp and longjmp and are read after. */
typedef struct {
  png_structp png;
  png_infop info;
  collage_buffer output;  /* freed once on failure, handed over on success */
  collage_status status;
  char message[COLLAGE_MESSAGE_CAPACITY];
} writer;

static void on_error(png_structp png, png_const_charp text) {
  writer *w = png_get_error_ptr(png);
  if (w->status == COLLAGE_OK) {  /* on_write may already have said why */
    w->status = COLLAGE_BAD_ARGUMENT;
    collage_copy_message(w->message, sizeof w->message, text);
  }
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  /* never print to stderr; a warning leaves a valid PNG */
}

/* Appends to a buffer that doubles as it fills. */
static void on_write(png_structp png, png_bytep data, size_t length) {
  writer *w = png_get_io_ptr(png);
  if (collage_buffer_append(&w->output, data, length) != 0) {
    w->status = COLLAGE_NO_MEMORY;
    collage_copy_message(w->message, sizeof w->message, "out of memory");
    png_error(png, "out of memory");
  }
}

static void on_flush(png_structp png) { (void)png; /* memory needs no flushing */ }

static int libpng_filters(int filters) {
  return (filters & COLLAGE_PNG_FILTER_NONE ? PNG_FILTER_NONE : 0) |
         (filters & COLLAGE_PNG_FILTER_SUB ? PNG_FILTER_SUB : 0) |
         (filters & COLLAGE_PNG_FILTER_UP ? PNG_FILTER_UP : 0) |
         (filters & COLLAGE_PNG_FILTER_AVERAGE ? PNG_FILTER_AVG : 0) |
         (filters & COLLAGE_PNG_FILTER_PAETH ? PNG_FILTER_PAETH : 0);
}

static collage_status refuse(char *message, size_t capacity, collage_status status, const char *why) {
  collage_copy_message(message, capacity, why);
  return status;
}

collage_status collage_png_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                  const collage_png_settings *settings,
                                  uint8_t **out, size_t *out_length,
                                  char *message, size_t capacity) {
  if (rgb == NULL || settings == NULL || out == NULL || out_length == NULL)
    return refuse(message, capacity, COLLAGE_BAD_ARGUMENT, "missing argument");
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX / 3 || height > PNG_UINT_31_MAX)
    return refuse(message, capacity, COLLAGE_BAD_ARGUMENT, "image size out of PNG's range");
  if (settings->level < 0 || settings->level > 9)
    return refuse(message, capacity, COLLAGE_BAD_ARGUMENT, "compression level must be 0 to 9");
  if (settings->strategy < COLLAGE_PNG_STRATEGY_DEFAULT || settings->strategy > COLLAGE_PNG_STRATEGY_FIXED)
    return refuse(message, capacity, COLLAGE_BAD_ARGUMENT, "unknown zlib strategy");
  if (libpng_filters(settings->filters) == 0)
    return refuse(message, capacity, COLLAGE_BAD_ARGUMENT, "no row filter chosen");

  writer *w = calloc(1, sizeof *w);
  if (w == NULL) return refuse(message, capacity, COLLAGE_NO_MEMORY, "out of memory");
  size_t stride = (size_t)width * 3;
  /* Room for the pixels stored uncompressed: no copy as it grows, and pages never written to
   * are never touched. It still grows if zlib's worst case is needed. */
  w->output = collage_buffer_make(SIZE_MAX);
  int reserved = stride + 1 > (SIZE_MAX - 65536) / height
                     ? -1 : collage_buffer_reserve(&w->output, (stride + 1) * height + 65536);
  w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, on_error, on_warning);
  w->info = w->png ? png_create_info_struct(w->png) : NULL;
  if (reserved != 0 || w->png == NULL || w->info == NULL) {
    png_destroy_write_struct(&w->png, &w->info);  /* accepts NULLs */
    collage_buffer_free(&w->output);
    free(w);
    return refuse(message, capacity, COLLAGE_NO_MEMORY, "out of memory");
  }
  if (setjmp(png_jmpbuf(w->png))) {
    collage_status status = w->status == COLLAGE_OK ? COLLAGE_BAD_ARGUMENT : w->status;
    collage_copy_message(message, capacity, w->message[0] ? w->message : "libpng failed");
    png_destroy_write_struct(&w->png, &w->info);
    collage_buffer_free(&w->output);
    free(w);
    return status;
  }
  png_set_write_fn(w->png, w, on_write, on_flush);
  png_set_IHDR(w->png, w->info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (settings->pixels_per_metre > 0)
    png_set_pHYs(w->png, w->info, settings->pixels_per_metre, settings->pixels_per_metre,
                 PNG_RESOLUTION_METER);
  png_text mark = {0};
  mark.compression = PNG_TEXT_COMPRESSION_NONE;
  mark.key = (png_charp)"Software";
  mark.text = (png_charp)COLLAGE_MARK;
  mark.text_length = strlen(COLLAGE_MARK);
  png_set_text(w->png, w->info, &mark, 1);
  if (settings->srgb) png_set_sRGB_gAMA_and_cHRM(w->png, w->info, PNG_sRGB_INTENT_PERCEPTUAL);
  png_set_compression_level(w->png, settings->level);
  png_set_compression_strategy(w->png, (int)settings->strategy);
  png_set_filter(w->png, PNG_FILTER_TYPE_BASE, libpng_filters(settings->filters));
  png_write_info(w->png, w->info);
  for (uint32_t y = 0; y < height; y++) png_write_row(w->png, rgb + stride * y);
  png_write_end(w->png, NULL);
  png_destroy_write_struct(&w->png, &w->info);
  *out = w->output.data;
  *out_length = w->output.length;
  free(w);
  return COLLAGE_OK;
}

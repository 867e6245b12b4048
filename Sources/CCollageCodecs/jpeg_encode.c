#include <stdlib.h>
#include <string.h>

#include "jpeg_buffer_dest.h"

/* On the heap, not the stack: its fields change between setjmp and longjmp and are read after. */
typedef struct {
  struct jpeg_compress_struct cinfo;
  collage_jpeg_error error;
  collage_buffer output;  /* ours, not libjpeg's: freed once here on failure, handed over on success */
} encoder;

collage_status collage_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                   int quality, int dpi, const uint8_t *icc, size_t icc_length,
                                   size_t limit, uint8_t **out, size_t *out_length,
                                   char *message, size_t capacity) {
  if (rgb == NULL || out == NULL || out_length == NULL) {
    collage_copy_message(message, capacity, "missing argument");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
    collage_copy_message(message, capacity, "image size out of JPEG's range");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (icc != NULL && (icc_length == 0 || icc_length > 255 * 65519)) {
    collage_copy_message(message, capacity, "ICC profile too large for 255 APP2 markers");
    return COLLAGE_BAD_ARGUMENT;
  }
  if (dpi < 0 || dpi > 65535) {
    collage_copy_message(message, capacity, "resolution out of JFIF's range (0 to 65535 dpi)");
    return COLLAGE_BAD_ARGUMENT;
  }
  encoder *e = calloc(1, sizeof *e);
  if (e == NULL) {
    collage_copy_message(message, capacity, "out of memory");
    return COLLAGE_NO_MEMORY;
  }
  e->output = collage_buffer_make(limit);
  collage_jpeg_error_install(&e->error);
  e->cinfo.err = &e->error.pub;
  if (setjmp(e->error.jump)) {
    collage_status status = e->error.status;
    collage_copy_message(message, capacity, e->error.message);
    jpeg_destroy_compress(&e->cinfo);
    collage_buffer_free(&e->output);
    free(e);
    return status;
  }
  jpeg_create_compress(&e->cinfo);
  collage_jpeg_buffer_dest(&e->cinfo, &e->output);
  e->cinfo.image_width = width;
  e->cinfo.image_height = height;
  e->cinfo.input_components = 3;
  e->cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&e->cinfo);
  jpeg_set_quality(&e->cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
  /* libjpeg's standard Huffman tables, as cjpeg and libvips: optimised ones made a page 1-1.3 %
   * smaller for twice the encode's time and a buffer of the whole image's coefficients (6.5 MiB
   * for a 1800x1200 page). */
  e->cinfo.optimize_coding = FALSE;
  if (dpi > 0) {  /* jpeg_set_defaults wrote JFIF with unit 0 (aspect only) and density 1:1 */
    e->cinfo.write_JFIF_header = TRUE;
    e->cinfo.density_unit = 1;  /* dots per inch */
    e->cinfo.X_density = (UINT16)dpi;
    e->cinfo.Y_density = (UINT16)dpi;
  }
  jpeg_start_compress(&e->cinfo, TRUE);
  jpeg_write_marker(&e->cinfo, JPEG_COM, (const JOCTET *)COLLAGE_MARK, (unsigned)strlen(COLLAGE_MARK));
  if (icc != NULL) jpeg_write_icc_profile(&e->cinfo, icc, (unsigned int)icc_length);
  size_t stride = (size_t)width * 3;
  while (e->cinfo.next_scanline < height) {
    JSAMPROW row = (JSAMPROW)(rgb + stride * e->cinfo.next_scanline);
    if (jpeg_write_scanlines(&e->cinfo, &row, 1) != 1)  /* only a suspending destination writes none */
      collage_jpeg_fail((j_common_ptr)&e->cinfo, COLLAGE_CORRUPT, "libjpeg wrote no scanline");
  }
  jpeg_finish_compress(&e->cinfo);
  jpeg_destroy_compress(&e->cinfo);
  *out = e->output.data;
  *out_length = e->output.length;
  free(e);
  return COLLAGE_OK;
}

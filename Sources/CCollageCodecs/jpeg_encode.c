#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "jpeg_buffer_dest.h"
#include "jpeg_stitch.h"

/* What both bands are encoded with: the same settings give the same tables, so band 1's header
 * serves band 2's data. */
typedef struct {
  int quality;
  int dpi;
  const uint8_t *icc;
  size_t icc_length;
  size_t limit;
} encode_settings;

/* One horizontal band of the image, encoded on its own. On the heap, not the stack: its fields
 * change between setjmp and longjmp and are read after, and band 2's is shared with its thread. */
typedef struct {
  struct jpeg_compress_struct cinfo;
  collage_jpeg_error error;
  collage_buffer output;  /* ours, not libjpeg's: freed by the caller on failure, handed over on success */
  const uint8_t *rgb;     /* the band's first row */
  uint32_t width, rows;
  int writes_header_markers;  /* band 1 (or the whole image): COM mark and ICC profile */
  const encode_settings *settings;
  collage_status status;
} band;

uint32_t collage_jpeg_split_row(uint32_t width, uint32_t height, size_t split_pixels) {
  if (split_pixels == 0 || height <= COLLAGE_JPEG_MCU_ROWS) return 0;
  if ((uint64_t)width * height < split_pixels) return 0;
  /* Half the height, to the nearest MCU row: at least one MCU row, and fewer rows than the image
   * (height / 2 + 8 < height once height > 16). */
  return (height / 2 + COLLAGE_JPEG_MCU_ROWS / 2) / COLLAGE_JPEG_MCU_ROWS * COLLAGE_JPEG_MCU_ROWS;
}

/* Encodes `b` into its output as a JPEG of its own; sets and returns its status, with libjpeg's
 * message in b->error.message on failure. libjpeg's struct is destroyed on every path; the
 * output buffer is the caller's to free. */
static collage_status encode_band(band *b) {
  collage_jpeg_error_install(&b->error);
  b->cinfo.err = &b->error.pub;
  if (setjmp(b->error.jump)) {
    jpeg_destroy_compress(&b->cinfo);
    b->status = b->error.status;
    return b->status;
  }
  jpeg_create_compress(&b->cinfo);
  collage_jpeg_buffer_dest(&b->cinfo, &b->output);
  b->cinfo.image_width = b->width;
  b->cinfo.image_height = b->rows;
  b->cinfo.input_components = 3;
  b->cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&b->cinfo);
  const encode_settings *s = b->settings;
  jpeg_set_quality(&b->cinfo, s->quality < 1 ? 1 : s->quality > 100 ? 100 : s->quality, TRUE);
  /* libjpeg's standard Huffman tables, as cjpeg and libvips: optimised ones made a page 1-1.3 %
   * smaller for twice the encode's time and a buffer of the whole image's coefficients (6.5 MiB
   * for a 1800x1200 page); and each band would have tables of its own. */
  b->cinfo.optimize_coding = FALSE;
  /* A restart marker after every MCU row, in every JPEG (one format, split or not): entropy
   * coding and DC prediction start afresh there, so a band that begins on an MCU row is coded
   * as it would be in the whole image. About 2 bytes an MCU row. */
  b->cinfo.restart_in_rows = 1;
  if (s->dpi > 0) {  /* jpeg_set_defaults wrote JFIF with unit 0 (aspect only) and density 1:1 */
    b->cinfo.write_JFIF_header = TRUE;
    b->cinfo.density_unit = 1;  /* dots per inch */
    b->cinfo.X_density = (UINT16)s->dpi;
    b->cinfo.Y_density = (UINT16)s->dpi;
  }
  jpeg_start_compress(&b->cinfo, TRUE);
  /* The split assumed jpeg_set_defaults' 4:2:0 MCU; a band that does not end on an MCU row
   * would be padded with copies of its last row. */
  if (b->cinfo.max_v_samp_factor * DCTSIZE != COLLAGE_JPEG_MCU_ROWS)
    collage_jpeg_fail((j_common_ptr)&b->cinfo, COLLAGE_CORRUPT, "libjpeg's MCU is not 16 rows high");
  if (b->writes_header_markers) {
    jpeg_write_marker(&b->cinfo, JPEG_COM, (const JOCTET *)COLLAGE_MARK, (unsigned)strlen(COLLAGE_MARK));
    if (s->icc != NULL) jpeg_write_icc_profile(&b->cinfo, s->icc, (unsigned int)s->icc_length);
  }
  size_t stride = (size_t)b->width * 3;
  while (b->cinfo.next_scanline < b->rows) {
    JSAMPROW row = (JSAMPROW)(b->rgb + stride * b->cinfo.next_scanline);
    if (jpeg_write_scanlines(&b->cinfo, &row, 1) != 1)  /* only a suspending destination writes none */
      collage_jpeg_fail((j_common_ptr)&b->cinfo, COLLAGE_CORRUPT, "libjpeg wrote no scanline");
  }
  jpeg_finish_compress(&b->cinfo);
  jpeg_destroy_compress(&b->cinfo);
  b->status = COLLAGE_OK;
  return b->status;
}

static void *encode_band_thread(void *argument) {
  encode_band(argument);
  return NULL;
}

static void band_init(band *b, const uint8_t *rgb, uint32_t width, uint32_t rows, int writes_header_markers,
                      const encode_settings *s) {
  b->output = collage_buffer_make(s->limit);
  b->rgb = rgb;
  b->width = width;
  b->rows = rows;
  b->writes_header_markers = writes_header_markers;
  b->settings = s;
  b->status = COLLAGE_CORRUPT;  /* until encoded */
}

/* Encodes the two bands at once, band 2 on a thread of its own (or after band 1 on this one if
 * no thread can be made). Returns 0 when both bands were encoded, with each band's status set. */
static int encode_bands(band *bands, char *message, size_t capacity) {
  pthread_t thread;
  int threaded = pthread_create(&thread, NULL, encode_band_thread, &bands[1]) == 0;
  encode_band(&bands[0]);
  if (!threaded) {
    encode_band(&bands[1]);
  } else if (pthread_join(thread, NULL) != 0) {
    /* Cannot happen for a joinable thread made here; if it did, band 2 may still be in use, so
     * it is left allocated rather than freed under a running thread. */
    collage_copy_message(message, capacity, "could not wait for the JPEG encoder's second thread");
    return -1;
  }
  return 0;
}

collage_status collage_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                   int quality, int dpi, const uint8_t *icc, size_t icc_length,
                                   size_t limit, size_t split_pixels, uint8_t **out, size_t *out_length,
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
  encode_settings s = {quality, dpi, icc, icc_length, limit};
  uint32_t split = collage_jpeg_split_row(width, height, split_pixels);
  int count = split == 0 ? 1 : 2;
  band *bands = calloc((size_t)count, sizeof *bands);
  if (bands == NULL) {
    collage_copy_message(message, capacity, "out of memory");
    return COLLAGE_NO_MEMORY;
  }
  band_init(&bands[0], rgb, width, count == 1 ? height : split, 1, &s);
  if (count == 1) {
    encode_band(&bands[0]);
  } else {
    band_init(&bands[1], rgb + (size_t)width * 3 * split, width, height - split, 0, &s);
    if (encode_bands(bands, message, capacity) != 0) return COLLAGE_CORRUPT;  /* bands left in use */
  }
  collage_status status = COLLAGE_OK;
  for (int i = 0; i < count && status == COLLAGE_OK; i++) {
    status = bands[i].status;
    if (status != COLLAGE_OK) collage_copy_message(message, capacity, bands[i].error.message);
  }
  if (count == 2) {
    if (status == COLLAGE_OK)
      status = collage_jpeg_stitch(&bands[0].output, bands[1].output.data, bands[1].output.length, height,
                                   split / COLLAGE_JPEG_MCU_ROWS, message, capacity);
    collage_buffer_free(&bands[1].output);
  }
  if (status != COLLAGE_OK) {
    collage_buffer_free(&bands[0].output);
    free(bands);
    return status;
  }
  *out = bands[0].output.data;
  *out_length = bands[0].output.length;
  free(bands);
  return COLLAGE_OK;
}

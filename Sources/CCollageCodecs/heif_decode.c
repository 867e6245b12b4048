#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "heif_library.h"

#include "collage_heif.h"
#include "heif_file_source.h"
#include "heif_planes.h"
#include "jpeg_error.h"  /* collage_copy_message */

enum { MAX_THUMBNAILS = 8 };

struct collage_heif_decoder {
  struct heif_context *context;
  struct heif_image_handle *primary;
  heif_item_id thumbnail_ids[MAX_THUMBNAILS];
  int thumbnails;
  collage_heif_header header;
  uint8_t *icc;  /* copied out of libheif, so the header's pointer lives as long as the decoder */
  collage_heif_file_source file;  /* read from a file: the reader's state (fd -1 when read from memory) */
};

/* The one place a libheif error becomes a status: a box or an extent that runs past the end of
 * the data is a truncated file; running out of memory is that; everything else is corrupt. */
static collage_status fail(struct heif_error error, char *message, size_t capacity) {
  collage_copy_message(message, capacity, error.message && error.message[0] ? error.message : "invalid HEIF");
  if (error.code == heif_error_Memory_allocation_error) return COLLAGE_NO_MEMORY;
  if (error.subcode == heif_suberror_End_of_data) return COLLAGE_TRUNCATED;
  return COLLAGE_CORRUPT;
}

static void read_colour(collage_heif_decoder *decoder) {
  struct heif_image_handle *handle = decoder->primary;
  enum heif_color_profile_type type = libheif.heif_image_handle_get_color_profile_type(handle);
  if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
    size_t length = libheif.heif_image_handle_get_raw_color_profile_size(handle);
    uint8_t *icc = length ? malloc(length) : NULL;
    /* The profile is optional: without memory for it, or readable, the photo is taken as sRGB. */
    if (icc && libheif.heif_image_handle_get_raw_color_profile(handle, icc).code == heif_error_Ok) {
      decoder->icc = icc;
      decoder->header.icc = icc;
      decoder->header.icc_length = length;
    } else {
      free(icc);
    }
  }
  struct heif_color_profile_nclx *nclx = NULL;
  if (libheif.heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
    decoder->header.has_nclx = 1;
    decoder->header.colour_primaries = (uint16_t)nclx->color_primaries;
    decoder->header.transfer_characteristics = (uint16_t)nclx->transfer_characteristics;
    decoder->header.matrix_coefficients = (uint16_t)nclx->matrix_coefficients;
    decoder->header.full_range = nclx->full_range_flag;
  }
  libheif.heif_nclx_color_profile_free(nclx);
}

static collage_heif_decoder *allocate(collage_status *status, char *message, size_t capacity) {
  if (!collage_heif_load(message, capacity)) {
    *status = COLLAGE_READ_FAILED;
    return NULL;
  }
  collage_heif_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL || (decoder->context = libheif.heif_context_alloc()) == NULL) {
    free(decoder);
    *status = COLLAGE_NO_MEMORY;
    collage_copy_message(message, capacity, "out of memory");
    return NULL;
  }
  decoder->file.fd = -1;
  return decoder;
}

/* Opens the primary image of what `error` says was read, and reads its header. */
static collage_heif_decoder *finish_open(collage_heif_decoder *decoder, struct heif_error error,
                                         collage_status *status, char *message, size_t capacity) {
  if (error.code == heif_error_Ok)
    error = libheif.heif_context_get_primary_image_handle(decoder->context, &decoder->primary);
  if (error.code != heif_error_Ok) {
    *status = fail(error, message, capacity);
    collage_heif_close(decoder);
    return NULL;
  }
  struct heif_image_handle *primary = decoder->primary;
  collage_heif_header *header = &decoder->header;
  int width = libheif.heif_image_handle_get_width(primary), height = libheif.heif_image_handle_get_height(primary);
  int ispe_width = libheif.heif_image_handle_get_ispe_width(primary);
  int ispe_height = libheif.heif_image_handle_get_ispe_height(primary);
  header->width = width > 0 ? (uint32_t)width : 0;  /* an empty size is refused by the caller */
  header->height = height > 0 ? (uint32_t)height : 0;
  header->ispe_width = ispe_width > 0 ? (uint32_t)ispe_width : 0;
  header->ispe_height = ispe_height > 0 ? (uint32_t)ispe_height : 0;
  header->bit_depth = libheif.heif_image_handle_get_luma_bits_per_pixel(primary);
  header->has_alpha = libheif.heif_image_handle_has_alpha_channel(primary);
  int thumbnails = libheif.heif_image_handle_get_number_of_thumbnails(primary);
  if (thumbnails > MAX_THUMBNAILS) thumbnails = MAX_THUMBNAILS;
  decoder->thumbnails = thumbnails > 0
      ? libheif.heif_image_handle_get_list_of_thumbnail_IDs(primary, decoder->thumbnail_ids, thumbnails) : 0;
  header->thumbnails = decoder->thumbnails;
  read_colour(decoder);
  *status = COLLAGE_OK;
  return decoder;
}

collage_heif_decoder *collage_heif_open(const uint8_t *data, size_t length,
                                        collage_status *status, char *message, size_t capacity) {
  collage_heif_decoder *decoder = allocate(status, message, capacity);
  if (decoder == NULL) return NULL;
  return finish_open(decoder, libheif.heif_context_read_from_memory_without_copy(decoder->context, data, length, NULL),
                     status, message, capacity);
}

collage_heif_decoder *collage_heif_open_file(int fd, collage_status *status, char *message, size_t capacity) {
  struct stat info;
  if (fstat(fd, &info) != 0) {
    *status = COLLAGE_READ_FAILED;
    collage_copy_message(message, capacity, strerror(errno));
    return NULL;
  }
  collage_heif_decoder *decoder = allocate(status, message, capacity);
  if (decoder == NULL) return NULL;
  decoder->file = (collage_heif_file_source){fd, (int64_t)info.st_size, 0};
  return finish_open(decoder, libheif.heif_context_read_from_reader(decoder->context, &collage_heif_file_reader, &decoder->file, NULL),
                     status, message, capacity);
}

void collage_heif_header_of(const collage_heif_decoder *decoder, collage_heif_header *header) {
  *header = decoder->header;
}

uint32_t collage_heif_item_of(const collage_heif_decoder *decoder, int source) {
  heif_item_id id = 0;
  if (source > 0 && source <= decoder->thumbnails) return decoder->thumbnail_ids[source - 1];
  if (source != 0 || libheif.heif_context_get_primary_image_ID(decoder->context, &id).code != heif_error_Ok) return 0;
  return id;
}

int collage_heif_source_covering(const collage_heif_decoder *decoder, uint32_t width,
                                 uint32_t height, uint32_t *out_width, uint32_t *out_height) {
  int best = 0;
  uint32_t best_width = decoder->header.width, best_height = decoder->header.height;
  for (int i = 0; i < decoder->thumbnails; i++) {
    struct heif_image_handle *thumbnail = NULL;
    if (libheif.heif_image_handle_get_thumbnail(decoder->primary, decoder->thumbnail_ids[i], &thumbnail).code != heif_error_Ok)
      continue;
    int w = libheif.heif_image_handle_get_width(thumbnail), h = libheif.heif_image_handle_get_height(thumbnail);
    libheif.heif_image_handle_release(thumbnail);
    if (w <= 0 || h <= 0 || (uint32_t)w < width || (uint32_t)h < height) continue;
    if ((uint64_t)w * (uint64_t)h < (uint64_t)best_width * best_height) {
      best = i + 1;
      best_width = (uint32_t)w;
      best_height = (uint32_t)h;
    }
  }
  *out_width = best_width;
  *out_height = best_height;
  return best;
}

/* Whether `handle`'s `nclx` says limited range. Without one (no `colr` box), the coded stream's
 * own header says (`coded_range`, the AV1 sequence header's color_range, as libavif and newer
 * libheif read it); when that is not known either, full range is taken. */
static int says_limited_range(const struct heif_image_handle *handle, int coded_range) {
  struct heif_color_profile_nclx *nclx = NULL;
  int limited = coded_range == 0;
  if (libheif.heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx)
    limited = !nclx->full_range_flag;
  libheif.heif_nclx_color_profile_free(nclx);
  return limited;
}

collage_status collage_heif_decode(collage_heif_decoder *decoder, int source, int threads, int shrink, int monochrome,
                                   int coded_range, const uint8_t background[3], uint8_t *rgb, uint32_t width,
                                   uint32_t height, char *message, size_t message_capacity) {
  if (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8) {
    collage_copy_message(message, message_capacity, "shrink must be 1, 2, 4 or 8");
    return COLLAGE_BAD_ARGUMENT;
  }
  struct heif_image_handle *handle = decoder->primary;
  struct heif_error error = {heif_error_Ok, heif_suberror_Unspecified, NULL};
  if (source > 0 && source <= decoder->thumbnails)
    error = libheif.heif_image_handle_get_thumbnail(decoder->primary, decoder->thumbnail_ids[source - 1], &handle);
  if (error.code != heif_error_Ok) return fail(error, message, message_capacity);
  libheif.heif_context_set_max_decoding_threads(decoder->context, threads > 0 ? threads : 1);
  int alpha = libheif.heif_image_handle_has_alpha_channel(handle);
  int limited = monochrome && says_limited_range(handle, coded_range);
  struct heif_decoding_options *options = libheif.heif_decoding_options_alloc();
  if (options == NULL) {
    if (handle != decoder->primary) libheif.heif_image_handle_release(handle);
    collage_copy_message(message, message_capacity, "out of memory");
    return COLLAGE_NO_MEMORY;
  }
  options->convert_hdr_to_8bit = 0;  /* 16-bit samples come back; to8 rounds them */
  /* RGB in planes, not interleaved: libheif assembles a grid's tiles into RGB planes, so asking
   * for those takes no second full-size copy (interleaving one cost 36 MiB more per 12 MP). */
  struct heif_image *image = NULL;
  error = libheif.heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_444, options);
  libheif.heif_decoding_options_free(options);
  if (handle != decoder->primary) libheif.heif_image_handle_release(handle);
  if (error.code != heif_error_Ok) return fail(error, message, message_capacity);

  collage_heif_planes p;
  memset(&p, 0, sizeof p);
  collage_status status = collage_heif_planes_of(image, alpha && libheif.heif_image_has_channel(image, heif_channel_Alpha), width, height,
                                    &p, message, message_capacity);
  p.limited = limited && p.bits[0] >= 8 && p.bits[1] >= 8 && p.bits[2] >= 8;
  if (status == COLLAGE_OK) {
    uint32_t *sums = calloc(((size_t)width + (size_t)shrink - 1) / (size_t)shrink * 3, sizeof *sums);
    if (sums == NULL) {
      collage_copy_message(message, message_capacity, "out of memory");
      status = COLLAGE_NO_MEMORY;
    } else {
      collage_heif_shrink_into(&p, background, width, height, (uint32_t)shrink, sums, rgb);
      free(sums);
    }
  }
  libheif.heif_image_release(image);
  return status;
}

void collage_heif_close(collage_heif_decoder *decoder) {
  if (decoder == NULL) return;
  if (decoder->primary) libheif.heif_image_handle_release(decoder->primary);
  if (decoder->context) libheif.heif_context_free(decoder->context);
  free(decoder->icc);
  free(decoder);
}

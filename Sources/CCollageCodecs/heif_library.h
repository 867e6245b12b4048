/* libheif, loaded the first time a HEIF is opened rather than when the program starts: it brings
 * the HEVC and AV1 codecs (libde265, x265, dav1d, aom), whose loading and start-up cost every
 * run about 3 ms, a JPEG-only build or `--version` included. Its functions are called through
 * `libheif`, a table filled once by dlsym, each entry typed from <libheif/heif.h>. */
#ifndef HEIF_LIBRARY_H
#define HEIF_LIBRARY_H

#include <stddef.h>

#include <libheif/heif.h>

#define COLLAGE_HEIF_FUNCTIONS(X) \
  X(heif_context_alloc) \
  X(heif_context_free) \
  X(heif_context_get_primary_image_handle) \
  X(heif_context_get_primary_image_ID) \
  X(heif_context_read_from_memory_without_copy) \
  X(heif_context_read_from_reader) \
  X(heif_context_set_max_decoding_threads) \
  X(heif_decode_image) \
  X(heif_decoding_options_alloc) \
  X(heif_decoding_options_free) \
  X(heif_image_get_bits_per_pixel_range) \
  X(heif_image_get_height) \
  X(heif_image_get_plane_readonly) \
  X(heif_image_get_width) \
  X(heif_image_handle_get_color_profile_type) \
  X(heif_image_handle_get_height) \
  X(heif_image_handle_get_ispe_height) \
  X(heif_image_handle_get_ispe_width) \
  X(heif_image_handle_get_list_of_thumbnail_IDs) \
  X(heif_image_handle_get_luma_bits_per_pixel) \
  X(heif_image_handle_get_nclx_color_profile) \
  X(heif_image_handle_get_number_of_thumbnails) \
  X(heif_image_handle_get_raw_color_profile) \
  X(heif_image_handle_get_raw_color_profile_size) \
  X(heif_image_handle_get_thumbnail) \
  X(heif_image_handle_get_width) \
  X(heif_image_handle_has_alpha_channel) \
  X(heif_image_handle_release) \
  X(heif_image_has_channel) \
  X(heif_image_is_premultiplied_alpha) \
  X(heif_image_release) \
  X(heif_nclx_color_profile_free)

struct collage_heif_library {
#define COLLAGE_HEIF_FIELD(name) __typeof__(&name) name;
  COLLAGE_HEIF_FUNCTIONS(COLLAGE_HEIF_FIELD)
#undef COLLAGE_HEIF_FIELD
};

/** Filled by collage_heif_load; read only after it returned 1. */
extern struct collage_heif_library libheif;

/** Loads libheif once (later calls return the first outcome): 1 when every function was found,
 *  else 0 with the reason in `message`. Safe to call from several threads. */
int collage_heif_load(char *message, size_t capacity);

#endif

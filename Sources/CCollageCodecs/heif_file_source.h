/* libheif's reader over a file descriptor, by pread: libheif reads the boxes, then each tile's
 * coded data as it decodes it, so the file is never held whole in memory. */
#ifndef COLLAGE_HEIF_FILE_SOURCE_H
#define COLLAGE_HEIF_FILE_SOURCE_H

#include <stdint.h>

#include <libheif/heif.h>

/* The reader's state: the file (kept open by the caller), its size, libheif's position in it. */
typedef struct {
  int fd;
  int64_t size, position;
} collage_heif_file_source;

/* The reader's functions; their userdata is a collage_heif_file_source, which must outlive the context. */
extern const struct heif_reader collage_heif_file_reader;

#endif

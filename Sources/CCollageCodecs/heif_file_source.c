#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collage_heif.h"
#include "heif_file_source.h"
#include "jpeg_error.h"  /* collage_copy_message */

/* libheif's reader over a file: whatever libheif asks for (the boxes, then each tile's coded
 * data as it decodes it) is read then, by pread, so the file is never held whole in memory. */
static int64_t file_position(void *userdata) {
  return ((collage_heif_file_source *)userdata)->position;
}

static int file_read(void *data, size_t size, void *userdata) {
  collage_heif_file_source *source = userdata;
  uint8_t *out = data;
  while (size > 0) {
    ssize_t count = pread(source->fd, out, size, (off_t)source->position);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return 1;
    out += count;
    size -= (size_t)count;
    source->position += count;
  }
  return 0;
}

static int file_seek(int64_t position, void *userdata) {
  collage_heif_file_source *source = userdata;
  if (position < 0 || position > source->size) return 1;
  source->position = position;
  return 0;
}

static enum heif_reader_grow_status file_grow(int64_t target, void *userdata) {
  collage_heif_file_source *source = userdata;
  return target > source->size ? heif_reader_grow_status_size_beyond_eof : heif_reader_grow_status_size_reached;
}

const struct heif_reader collage_heif_file_reader = {1, file_position, file_read, file_seek, file_grow};

collage_status collage_read_start(int fd, uint8_t *out, size_t capacity, size_t *length,
                                  char *message, size_t message_capacity) {
  return collage_read_at(fd, 0, out, capacity, length, message, message_capacity);
}

collage_status collage_read_at(int fd, uint64_t offset, uint8_t *out, size_t capacity, size_t *length,
                               char *message, size_t message_capacity) {
  if (offset > (uint64_t)INT64_MAX - capacity) {
    collage_copy_message(message, message_capacity, "offset past the largest file");
    return COLLAGE_READ_FAILED;
  }
  size_t done = 0;
  while (done < capacity) {
    ssize_t count = pread(fd, out + done, capacity - done, (off_t)(offset + done));
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) {
      collage_copy_message(message, message_capacity, strerror(errno));
      return COLLAGE_READ_FAILED;
    }
    if (count == 0) break;
    done += (size_t)count;
  }
  *length = done;
  return COLLAGE_OK;
}

int64_t collage_file_size(int fd) {
  struct stat info;
  return fstat(fd, &info) == 0 ? (int64_t)info.st_size : -1;
}

size_t collage_heif_meta_end(int fd) {
  struct stat info;
  if (fstat(fd, &info) != 0) return 0;
  int64_t offset = 0, file_size = (int64_t)info.st_size;
  while (offset + 8 <= file_size) {
    uint8_t head[16];
    size_t want = offset + 16 <= file_size ? 16 : 8;
    ssize_t count = pread(fd, head, want, (off_t)offset);
    if (count != (ssize_t)want) return 0;
    uint64_t size = (uint64_t)head[0] << 24 | (uint64_t)head[1] << 16 | (uint64_t)head[2] << 8 | head[3];
    uint64_t header = 8;
    if (size == 1) {
      if (want < 16) return 0;
      size = 0;
      for (int i = 8; i < 16; i++) size = size << 8 | head[i];
      header = 16;
    } else if (size == 0) {
      size = (uint64_t)(file_size - offset);
    }
    if (size < header || size > (uint64_t)(file_size - offset)) return 0;
    if (memcmp(head + 4, "meta", 4) == 0) return (size_t)(offset + (int64_t)size);
    offset += (int64_t)size;
  }
  return 0;
}

#include "collage_buffer.h"

#include <stdlib.h>
#include <string.h>

/* Small appends (libpng writes a few bytes at a time) do not realloc one page at a time. */
enum { MINIMUM_CAPACITY = 64 * 1024 };

collage_buffer collage_buffer_make(size_t limit) {
  collage_buffer buffer = {NULL, 0, 0, limit};
  return buffer;
}

int collage_buffer_reserve(collage_buffer *buffer, size_t extra) {
  if (extra > SIZE_MAX - buffer->length) return -1;
  size_t needed = buffer->length + extra;
  if (needed <= buffer->capacity) return 0;
  if (needed > buffer->limit) return -1;
  size_t doubled = buffer->capacity > SIZE_MAX / 2 ? SIZE_MAX : buffer->capacity * 2;
  size_t capacity = doubled > needed ? doubled : needed;
  if (capacity < MINIMUM_CAPACITY) capacity = MINIMUM_CAPACITY;
  if (capacity > buffer->limit) capacity = buffer->limit;
  uint8_t *grown = realloc(buffer->data, capacity);
  if (grown == NULL) return -1;
  buffer->data = grown;
  buffer->capacity = capacity;
  return 0;
}

int collage_buffer_append(collage_buffer *buffer, const uint8_t *bytes, size_t length) {
  if (length == 0) return 0;
  if (collage_buffer_reserve(buffer, length) != 0) return -1;
  memcpy(buffer->data + buffer->length, bytes, length);
  buffer->length += length;
  return 0;
}

void collage_buffer_free(collage_buffer *buffer) {
  free(buffer->data);
  buffer->data = NULL;
  buffer->length = 0;
  buffer->capacity = 0;
}

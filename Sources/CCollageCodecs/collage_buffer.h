/* A growable byte buffer the encoders own: one place for the overflow checks and the frees, so
 * an encoder's error path frees exactly what it holds, once (libjpeg's jpeg_mem_dest frees and
 * replaces its buffer behind the caller's pointer as it grows, which a longjmp cannot follow). */
#ifndef COLLAGE_BUFFER_H
#define COLLAGE_BUFFER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint8_t *data;    /* malloc'ed; NULL until the first reserve */
  size_t length;    /* bytes written */
  size_t capacity;  /* bytes allocated */
  size_t limit;     /* the most it may grow to: past it, growing fails as out of memory would */
} collage_buffer;

/** An empty buffer that may grow to `limit` bytes (SIZE_MAX for no limit of its own). */
collage_buffer collage_buffer_make(size_t limit);
/** Makes room for `extra` more bytes after `length`, at least doubling (and to 64 KiB) when it
 *  grows, so appends cost amortised O(1); never past `limit`. Returns 0 on success; -1, leaving the buffer as it was, when the size
 *  would overflow, pass `limit`, or realloc fails. */
int collage_buffer_reserve(collage_buffer *buffer, size_t extra);
/** Copies `length` bytes to the end. Returns 0, or -1 (nothing appended) as reserve. */
int collage_buffer_append(collage_buffer *buffer, const uint8_t *bytes, size_t length);
/** Frees the data and empties the buffer: safe to call again, and after the data was taken. */
void collage_buffer_free(collage_buffer *buffer);

#endif

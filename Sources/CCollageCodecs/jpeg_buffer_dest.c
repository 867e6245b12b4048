#include "jpeg_buffer_dest.h"

typedef struct {
  struct jpeg_destination_mgr pub;
  collage_buffer *buffer;
} buffer_dest;

/* Grows the buffer by at least one byte and hands libjpeg the free space after `length`: libjpeg
 * stores a byte before it checks the room left, so that room is never zero. */
static void grow(j_compress_ptr cinfo) {
  buffer_dest *dest = (buffer_dest *)cinfo->dest;
  collage_buffer *buffer = dest->buffer;
  if (collage_buffer_reserve(buffer, 1) != 0)
    collage_jpeg_fail((j_common_ptr)cinfo, COLLAGE_NO_MEMORY,
                      buffer->length >= buffer->limit ? "JPEG reached its size limit" : "out of memory");
  dest->pub.next_output_byte = buffer->data + buffer->length;
  dest->pub.free_in_buffer = buffer->capacity - buffer->length;
}

static void init_destination(j_compress_ptr cinfo) { grow(cinfo); }

/* Called when the space handed out is full: all of it has been written, whatever the fields say. */
static boolean empty_output_buffer(j_compress_ptr cinfo) {
  collage_buffer *buffer = ((buffer_dest *)cinfo->dest)->buffer;
  buffer->length = buffer->capacity;
  grow(cinfo);
  return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
  buffer_dest *dest = (buffer_dest *)cinfo->dest;
  dest->buffer->length = dest->buffer->capacity - dest->pub.free_in_buffer;
}

void collage_jpeg_buffer_dest(j_compress_ptr cinfo, collage_buffer *buffer) {
  buffer_dest *dest = (buffer_dest *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                                sizeof(buffer_dest));
  dest->buffer = buffer;
  dest->pub.init_destination = init_destination;
  dest->pub.empty_output_buffer = empty_output_buffer;
  dest->pub.term_destination = term_destination;
  dest->pub.next_output_byte = NULL;
  dest->pub.free_in_buffer = 0;
  cinfo->dest = &dest->pub;
}

/* A libjpeg destination manager that writes into a collage_buffer the caller owns. Unlike
 * jpeg_mem_dest, whose growing frees the buffer the caller's pointer names and updates that
 * pointer only when compression finishes, the caller's buffer is always the live one: after a
 * longjmp it frees exactly what was allocated, once. */
#ifndef COLLAGE_JPEG_BUFFER_DEST_H
#define COLLAGE_JPEG_BUFFER_DEST_H

#include "collage_buffer.h"
#include "jpeg_error.h"

/** Makes `cinfo` write into `buffer`, which must outlive the compression. Running out of memory
 *  or past the buffer's limit fails with COLLAGE_NO_MEMORY through the error manager; the
 *  buffer's length is the JPEG's once jpeg_finish_compress returns. */
void collage_jpeg_buffer_dest(j_compress_ptr cinfo, collage_buffer *buffer);

#endif

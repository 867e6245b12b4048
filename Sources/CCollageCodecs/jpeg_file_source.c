#include "jpeg_file_source.h"

#include <errno.h>
#include <jerror.h>
#include <string.h>
#include <unistd.h>

/* Big enough that a 3 MB photo takes ~50 reads, small enough to stay in L2 beside libjpeg. */
enum { BUFFER_SIZE = 64 * 1024 };

typedef struct {
  struct jpeg_source_mgr pub;
  int fd;
  off_t offset;  /* of the next byte to read: pread leaves the descriptor's own offset alone */
  JOCTET *buffer;
  boolean start_of_file;
} file_source;

static void init_source(j_decompress_ptr cinfo) {
  ((file_source *)cinfo->src)->start_of_file = TRUE;
}

static boolean fill_input_buffer(j_decompress_ptr cinfo) {
  file_source *src = (file_source *)cinfo->src;
  ssize_t count;
  do {
    count = pread(src->fd, src->buffer, BUFFER_SIZE, src->offset);
  } while (count < 0 && errno == EINTR);
  if (count < 0) {
    char text[COLLAGE_MESSAGE_CAPACITY];
    snprintf(text, sizeof text, "%s", strerror(errno));
    collage_jpeg_fail((j_common_ptr)cinfo, COLLAGE_READ_FAILED, text);
  }
  if (count == 0) {
    if (src->start_of_file) ERREXIT(cinfo, JERR_INPUT_EMPTY);
    /* As jdatasrc.c: warn, then end the image with a fake EOI marker. */
    WARNMS(cinfo, JWRN_JPEG_EOF);
    src->buffer[0] = (JOCTET)0xFF;
    src->buffer[1] = (JOCTET)JPEG_EOI;
    count = 2;
  } else {
    src->offset += count;
  }
  src->pub.next_input_byte = src->buffer;
  src->pub.bytes_in_buffer = (size_t)count;
  src->start_of_file = FALSE;
  return TRUE;
}

/* Markers nobody reads (ICC profiles, maker notes) are skipped by moving the offset, not read. */
static void skip_input_data(j_decompress_ptr cinfo, long num_bytes) {
  file_source *src = (file_source *)cinfo->src;
  if (num_bytes <= 0) return;
  if ((size_t)num_bytes <= src->pub.bytes_in_buffer) {
    src->pub.next_input_byte += num_bytes;
    src->pub.bytes_in_buffer -= (size_t)num_bytes;
    return;
  }
  src->offset += (off_t)((size_t)num_bytes - src->pub.bytes_in_buffer);
  src->pub.bytes_in_buffer = 0;
  /* The next read starts past the skipped bytes; past the end it is the file's end, as above. */
  (void)fill_input_buffer(cinfo);
}

static void term_source(j_decompress_ptr cinfo) { (void)cinfo; }

void collage_jpeg_file_src(j_decompress_ptr cinfo, int fd) {
  file_source *src = (file_source *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                               sizeof(file_source));
  src->buffer = (JOCTET *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                     BUFFER_SIZE);
  src->fd = fd;
  src->offset = 0;
  src->pub.init_source = init_source;
  src->pub.fill_input_buffer = fill_input_buffer;
  src->pub.skip_input_data = skip_input_data;
  src->pub.resync_to_restart = jpeg_resync_to_restart;
  src->pub.term_source = term_source;
  src->pub.next_input_byte = NULL;
  src->pub.bytes_in_buffer = 0;
  cinfo->src = &src->pub;
}

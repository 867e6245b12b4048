/* A libjpeg source manager that streams a file descriptor instead of a copy in memory. */
#ifndef COLLAGE_JPEG_FILE_SOURCE_H
#define COLLAGE_JPEG_FILE_SOURCE_H

#include "jpeg_error.h"

/** Makes `cinfo` read the file open on `fd` from offset 0 by pread, 64 KiB at a time. Like
 *  libjpeg-turbo's own jdatasrc.c, the file's end before the image's inserts a fake EOI after
 *  emitting JWRN_JPEG_EOF (which the error manager turns into COLLAGE_TRUNCATED); a read error
 *  fails with COLLAGE_READ_FAILED. The buffer lives in libjpeg's permanent pool. */
void collage_jpeg_file_src(j_decompress_ptr cinfo, int fd);

#endif

/* The setjmp-based error manager shared by the JPEG decoder and encoder. */
#ifndef COLLAGE_JPEG_ERROR_H
#define COLLAGE_JPEG_ERROR_H

#include <setjmp.h>
#include <stdio.h>  /* jpeglib.h uses FILE without including stdio.h */
#include <jpeglib.h>
#include "collage_codecs.h"

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  collage_status status;
  char message[JMSG_LENGTH_MAX];
} collage_jpeg_error;

/** Installs handlers that longjmp to `error->jump` instead of exiting, and that turn the
 *  warnings saying the data ended early ("premature end of file", "premature end of data
 *  segment") into an error: a truncated photo is not a grey tile. */
void collage_jpeg_error_install(collage_jpeg_error *error);
/** Fails the current libjpeg call from inside a callback, with our own message. */
void collage_jpeg_fail(j_common_ptr cinfo, collage_status status, const char *message);
void collage_copy_message(char *destination, size_t capacity, const char *message);

#endif

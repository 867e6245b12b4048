#include "jpeg_error.h"

#include <jerror.h>
#include <string.h>

void collage_copy_message(char *destination, size_t capacity, const char *message) {
  if (destination == NULL || capacity == 0) return;
  snprintf(destination, capacity, "%s", message);
}

void collage_jpeg_fail(j_common_ptr cinfo, collage_status status, const char *message) {
  collage_jpeg_error *error = (collage_jpeg_error *)cinfo->err;
  error->status = status;
  collage_copy_message(error->message, sizeof error->message, message);
  longjmp(error->jump, 1);
}

static void error_exit(j_common_ptr cinfo) {
  collage_jpeg_error *error = (collage_jpeg_error *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  cinfo->err->format_message(cinfo, text);
  collage_jpeg_fail(cinfo, error->pub.msg_code == JERR_OUT_OF_MEMORY ? COLLAGE_NO_MEMORY
                                                                     : COLLAGE_CORRUPT, text);
}

static void emit_message(j_common_ptr cinfo, int level) {
  if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    collage_jpeg_fail(cinfo, COLLAGE_TRUNCATED, text);
  }
  if (level < 0) cinfo->err->num_warnings++;  /* other warnings: tolerated, as djpeg does */
}

static void output_message(j_common_ptr cinfo) { (void)cinfo; /* never print to stderr */ }

void collage_jpeg_error_install(collage_jpeg_error *error) {
  memset(error, 0, sizeof *error);
  jpeg_std_error(&error->pub);
  error->pub.error_exit = error_exit;
  error->pub.emit_message = emit_message;
  error->pub.output_message = output_message;
}

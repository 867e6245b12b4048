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

/* Whether a warning says the entropy-coded data ended before the photo did: the file ended
 * (JWRN_JPEG_EOF), or a marker came where data should be (JWRN_HIT_MARKER, "premature end of
 * data segment": a file cut short with an EOI appended, or a header declaring far more pixels
 * than the data holds), or an EOI where a restart marker was due. libjpeg goes on with zeros,
 * which is a grey band, not the photo. */
static int entropy_data_ended_early(j_common_ptr cinfo) {
  int code = cinfo->err->msg_code;
  return code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER ||
         (code == JWRN_MUST_RESYNC && cinfo->err->msg_parm.i[0] == JPEG_EOI);
}

static void emit_message(j_common_ptr cinfo, int level) {
  if (level < 0 && entropy_data_ended_early(cinfo)) {
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    collage_jpeg_fail(cinfo, COLLAGE_TRUNCATED, text);
  }
  if (level < 0) cinfo->err->num_warnings++;  /* other corrupt data (a bad Huffman code, extraneous bytes): tolerated, as djpeg does */
}

static void output_message(j_common_ptr cinfo) { (void)cinfo; /* never print to stderr */ }

void collage_jpeg_error_install(collage_jpeg_error *error) {
  memset(error, 0, sizeof *error);
  jpeg_std_error(&error->pub);
  error->pub.error_exit = error_exit;
  error->pub.emit_message = emit_message;
  error->pub.output_message = output_message;
}

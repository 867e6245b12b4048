/* CQRCode: the only code that calls libqrencode.
 *
 * Why C: libqrencode returns a struct with a flat module buffer and reports failures through
 * errno; this shim turns both into a status code, a one-line message and a copy of the dark
 * modules, so Swift never holds a QRcode pointer or reads errno after another call.
 */
#ifndef COLLAGE_QRCODE_H
#define COLLAGE_QRCODE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  COLLAGE_QR_OK = 0,
  COLLAGE_QR_TOO_LONG = 1,     /* the text does not fit in the largest QR code */
  COLLAGE_QR_NO_MEMORY = 2,
  COLLAGE_QR_BAD_ARGUMENT = 3, /* an empty text, or a module buffer too small */
  COLLAGE_QR_FAILED = 4        /* another libqrencode error: message has the reason */
} collage_qr_status;

enum { COLLAGE_QR_MESSAGE_CAPACITY = 256, COLLAGE_QR_MAX_WIDTH = 177 };

/** Encodes the NUL-terminated `text` (8-bit mode, error correction M) into `modules`: `*width`
 *  rows of `*width` bytes, 1 for a dark module and 0 for a light one. `capacity` is the size of
 *  `modules`; COLLAGE_QR_MAX_WIDTH squared always suffices. */
collage_qr_status collage_qr_encode(const char *text, uint8_t *modules, size_t capacity, int *width,
                                    char *message, size_t message_capacity);

#endif

#include "collage_qrcode.h"

#include <errno.h>
#include <qrencode.h>
#include <stdio.h>
#include <string.h>

collage_qr_status collage_qr_encode(const char *text, uint8_t *modules, size_t capacity, int *width,
                                    char *message, size_t message_capacity) {
  if (message_capacity > 0) message[0] = '\0';
  if (text == NULL || text[0] == '\0' || modules == NULL || width == NULL) {
    snprintf(message, message_capacity, "nothing to encode");
    return COLLAGE_QR_BAD_ARGUMENT;
  }
  errno = 0;
  QRcode *code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
  if (code == NULL) {
    int error = errno;
    snprintf(message, message_capacity, "%s", strerror(error));
    if (error == ERANGE) return COLLAGE_QR_TOO_LONG;
    if (error == ENOMEM) return COLLAGE_QR_NO_MEMORY;
    return COLLAGE_QR_FAILED;
  }
  size_t side = (size_t)code->width;
  if (side * side > capacity) {
    QRcode_free(code);
    snprintf(message, message_capacity, "a %zu-module code does not fit the buffer", side);
    return COLLAGE_QR_BAD_ARGUMENT;
  }
  /* Bit 0 of each byte is the module's colour; the other bits describe its role. */
  for (size_t i = 0; i < side * side; i++) modules[i] = code->data[i] & 1;
  *width = code->width;
  QRcode_free(code);
  return COLLAGE_QR_OK;
}

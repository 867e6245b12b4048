/* CCollageCodecs: the only code that touches libjpeg and libpng.
 *
 * Why C: libjpeg reports errors by calling error_exit, whose default exits the process and which
 * must not return; Swift cannot setjmp. Every entry point here sets its own jump target, turns a
 * libjpeg/libpng failure into a status code plus a one-line message, and never exits or aborts.
 * Pixel buffers are allocated by the caller, after it has checked the header's size.
 * libpng's full write API reports errors through a callback that must not return: the encoder
 * longjmps out of it, as the JPEG code does for libjpeg.
 */
#ifndef COLLAGE_CODECS_H
#define COLLAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/** Status codes shared by every entry point; 0 is success. */
typedef enum {
  COLLAGE_OK = 0,
  COLLAGE_CORRUPT = 1,        /* the codec rejected the data */
  COLLAGE_TRUNCATED = 2,      /* the data ends early ("premature end") */
  COLLAGE_TOO_MANY_SCANS = 3, /* a progressive JPEG with more scans than allowed */
  COLLAGE_NO_MEMORY = 4,
  COLLAGE_BAD_ARGUMENT = 5,   /* a caller error: buffer too small, bad size */
  COLLAGE_READ_FAILED = 6     /* reading the file failed (an I/O error): message has the reason */
} collage_status;

enum { COLLAGE_MESSAGE_CAPACITY = 256 };

/** What every collage carries, so a later run knows a file it may replace from a photo it must
 *  not: a JPEG comment (COM) segment, and a PNG tEXt chunk under the keyword "Software". */
#define COLLAGE_MARK "collage"

/* ---- JPEG decoding: open (reads the header), then decode once at a DCT scale. ---- */

typedef struct collage_jpeg_decoder collage_jpeg_decoder;

typedef struct {
  uint32_t width, height;  /* stored size, before orientation */
  int components;          /* 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK */
  int progressive;         /* 1 for a progressive JPEG */
  uint64_t coefficient_bytes; /* a progressive JPEG's whole coefficient buffer, 0 for baseline */
  const uint8_t *exif;     /* the APP1 "Exif" payload, NULL if none; owned by the decoder */
  size_t exif_length;
} collage_jpeg_header;

/** Reads the header of `data` (which must outlive the decoder). On failure returns NULL and fills
 *  `status`/`message`. `max_scans` caps progressive scans (a scan bomb decodes for minutes). */
collage_jpeg_decoder *collage_jpeg_open(const uint8_t *data, size_t length, int max_scans,
                                        collage_status *status, char *message, size_t capacity);
/** The same from the regular file open on `fd`, streamed through a 64 KiB buffer by pread from
 *  offset 0 (the descriptor's own offset is left alone): no copy of the file in memory. The
 *  descriptor must stay open until collage_jpeg_close. The file's end before the image's is
 *  COLLAGE_TRUNCATED, as from memory; an I/O error is COLLAGE_READ_FAILED. */
collage_jpeg_decoder *collage_jpeg_open_file(int fd, int max_scans, collage_status *status,
                                             char *message, size_t capacity);
void collage_jpeg_header_of(const collage_jpeg_decoder *decoder, collage_jpeg_header *header);
/** The output size for libjpeg's DCT scaling by 1/denominator (1, 2, 4 or 8). */
collage_status collage_jpeg_scaled_size(collage_jpeg_decoder *decoder, int denominator,
                                        uint32_t *width, uint32_t *height);
/** Decodes at 1/denominator into `rgb` (width*height*3 bytes of the scaled size). Once only. */
collage_status collage_jpeg_decode(collage_jpeg_decoder *decoder, int denominator, uint8_t *rgb,
                                   size_t capacity, char *message, size_t message_capacity);
void collage_jpeg_close(collage_jpeg_decoder *decoder);

/* ---- JPEG encoding to memory. *out is malloc'ed: release it with collage_free. ---- */
/** `dpi` > 0 writes it as the JFIF density (dots per inch, both axes); 0 leaves JFIF's 1:1
 *  aspect with no unit. A JPEG that reaches `limit` bytes fails with COLLAGE_NO_MEMORY, as
 *  running out of memory does (SIZE_MAX, or Swift's Int.max: no limit but memory's; tests use a
 *  small one to fail an encode after its output has grown). */
collage_status collage_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                   int quality, int dpi, size_t limit, uint8_t **out,
                                   size_t *out_length, char *message, size_t capacity);

/* ---- PNG reading through libpng's simplified API (no setjmp needed). ---- */
collage_status collage_png_header(const uint8_t *data, size_t length, uint32_t *width,
                                  uint32_t *height, char *message, size_t capacity);
/** Decodes any PNG (gray, palette, 16-bit, alpha) to RGB8, compositing alpha onto white. */
collage_status collage_png_decode(const uint8_t *data, size_t length, uint8_t *rgb,
                                  size_t capacity, char *message, size_t message_capacity);

/** Decodes any PNG to straight RGBA8 (a frame or a logo keeps its transparency). */
collage_status collage_png_decode_rgba(const uint8_t *data, size_t length, uint8_t *rgba,
                                       size_t capacity, char *message, size_t message_capacity);

/* ---- PNG writing through libpng's full API (setjmp-guarded), to memory. ---- */

/** zlib strategies, named here so that Swift needs no zlib.h. */
typedef enum {
  COLLAGE_PNG_STRATEGY_DEFAULT = 0,
  COLLAGE_PNG_STRATEGY_FILTERED = 1,
  COLLAGE_PNG_STRATEGY_HUFFMAN_ONLY = 2,
  COLLAGE_PNG_STRATEGY_RLE = 3,
  COLLAGE_PNG_STRATEGY_FIXED = 4
} collage_png_strategy;

/** Row filters libpng may choose from, as a bit set; several let it pick per row. */
enum {
  COLLAGE_PNG_FILTER_NONE = 1,
  COLLAGE_PNG_FILTER_SUB = 2,
  COLLAGE_PNG_FILTER_UP = 4,
  COLLAGE_PNG_FILTER_AVERAGE = 8,
  COLLAGE_PNG_FILTER_PAETH = 16
};

typedef struct {
  int level;                  /* zlib level 0 (stored) to 9 (smallest) */
  collage_png_strategy strategy;
  int filters;                /* COLLAGE_PNG_FILTER_* bits, at least one */
  uint32_t pixels_per_metre;  /* > 0 writes a pHYs chunk; 0 writes none */
} collage_png_settings;

/** Encodes 8-bit RGB. *out is malloc'ed: release it with collage_free. */
collage_status collage_png_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                  const collage_png_settings *settings,
                                  uint8_t **out, size_t *out_length,
                                  char *message, size_t capacity);

void collage_free(void *pointer);

#endif

/* CCollageCodecs: the only code that touches libjpeg, libpng and lcms2.
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

/* ---- JPEG decoding: open (reads the header), then decode once at a DCT scale, row by row. ---- */

typedef struct collage_jpeg_decoder collage_jpeg_decoder;

typedef struct {
  uint32_t width, height;  /* stored size, before orientation */
  int components;          /* 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK */
  int progressive;         /* 1 for a progressive JPEG */
  uint64_t coefficient_bytes; /* a progressive JPEG's whole coefficient buffer, 0 for baseline */
  const uint8_t *exif;     /* the APP1 "Exif" payload, NULL if none; owned by the decoder */
  size_t exif_length;
  const uint8_t *icc;      /* the ICC profile from the APP2 markers, NULL if none; owned too */
  size_t icc_length;
  int cmyk_inverted;       /* an Adobe marker: CMYK stored inverted (0 = full ink) */
} collage_jpeg_header;

typedef struct collage_color_transform collage_color_transform;

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
/** A CMYK/YCCK JPEG's pixels go through `transform` (made for its layout, kept alive by the
 *  caller until the decode) instead of the naive ink formula. */
void collage_jpeg_set_cmyk_transform(collage_jpeg_decoder *decoder,
                                     const collage_color_transform *transform);
/** The output size for libjpeg's DCT scaling by 1/denominator (1, 2, 4 or 8). */
collage_status collage_jpeg_scaled_size(collage_jpeg_decoder *decoder, int denominator,
                                        uint32_t *width, uint32_t *height);
/** Starts the decode at 1/denominator (1, 2, 4 or 8): the rows then come from
 *  collage_jpeg_read_rows, top down. Once only. */
collage_status collage_jpeg_start(collage_jpeg_decoder *decoder, int denominator, char *message,
                                  size_t message_capacity);
/** Reads the next rows of RGB, at most `count`, into `rgb` (rows `stride` bytes apart); `*read`
 *  says how many came, fewer only at the image's end. Rows stream, so a caller that shrinks
 *  them holds a few rows, never the whole scaled image. Reading the last row finishes the
 *  decode (the file is read to its end). After a failure every call fails. */
collage_status collage_jpeg_read_rows(collage_jpeg_decoder *decoder, uint8_t *rgb, size_t stride,
                                      uint32_t count, uint32_t *read, char *message,
                                      size_t message_capacity);
void collage_jpeg_close(collage_jpeg_decoder *decoder);

/* ---- JPEG encoding to memory. *out is malloc'ed: release it with collage_free. ---- */
/* `icc` (NULL for none) is written as APP2 ICC_PROFILE markers. */
/** `dpi` > 0 writes it as the JFIF density (dots per inch, both axes); 0 leaves JFIF's 1:1
 *  aspect with no unit. A JPEG that reaches `limit` bytes fails with COLLAGE_NO_MEMORY, as
 *  running out of memory does (SIZE_MAX, or Swift's Int.max: no limit but memory's; tests use a
 *  small one to fail an encode after its output has grown). */
/** Every JPEG has a restart marker after each MCU row. An image of at least `split_pixels`
 *  pixels (COLLAGE_JPEG_SPLIT_PIXELS; 0: never) is encoded as two horizontal bands at once, on
 *  this thread and another, stitched into the very bytes a one-pass encode gives. */
collage_status collage_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                   int quality, int dpi, const uint8_t *icc, size_t icc_length,
                                   size_t limit, size_t split_pixels, uint8_t **out, size_t *out_length,
                                   char *message, size_t capacity);
/** The height of an MCU row: libjpeg's default 4:2:0 sampling, 2 x DCTSIZE. */
#define COLLAGE_JPEG_MCU_ROWS 16
/** 256 Kpx (768 KiB of RGB, 512x512): libjpeg-turbo encodes ~200 Mpx/s here, so about 1.3 ms of
 *  encode, of which a second core takes half for ~50 us of thread start and join and a second
 *  header; a smaller image (a preview, a thumbnail) is not worth a thread. */
#define COLLAGE_JPEG_SPLIT_PIXELS 262144
/** Where collage_jpeg_encode splits an image: the first band's rows, a whole number of MCU rows
 *  near half the height; 0 when it encodes in one pass (fewer than `split_pixels` pixels, or
 *  not more than one MCU row). */
uint32_t collage_jpeg_split_row(uint32_t width, uint32_t height, size_t split_pixels);

/* ---- PNG reading: the header through libpng's simplified API (no setjmp needed), colour
 *      information and pixels through its full API (png_read.c). ---- */
collage_status collage_png_header(const uint8_t *data, size_t length, uint32_t *width,
                                  uint32_t *height, char *message, size_t capacity);

/** What a PNG says about its colours, from the chunks before its pixels. */
typedef struct {
  int gray;                   /* a gray colour type: a gray profile applies */
  int alpha;                  /* an alpha channel or tRNS */
  uint8_t *icc;               /* the iCCP profile, inflated; malloc'ed (collage_png_color_free) */
  size_t icc_length;
  int srgb;                   /* an sRGB chunk */
  int has_gamma;
  double gamma;               /* gAMA as stored: 0.45455 for 1/2.2 */
  int has_chromaticities;
  double chromaticities[8];   /* cHRM: white x, y, red x, y, green x, y, blue x, y */
} collage_png_color;

collage_status collage_png_color_info(const uint8_t *data, size_t length, collage_png_color *color,
                                      char *message, size_t capacity);
void collage_png_color_free(collage_png_color *color);
/** Decodes any PNG (gray, palette, 16-bit, alpha, interlaced) to RGB8, blending alpha onto
 *  `background` in the stored (sRGB-encoded) values, as viewers do. `gamma_to_srgb` applies a
 *  gAMA chunk (when no profile will be); 0 leaves the samples as stored, for the profile. */
collage_status collage_png_decode(const uint8_t *data, size_t length, int gamma_to_srgb,
                                  const uint8_t background[3], uint8_t *rgb, size_t capacity,
                                  char *message, size_t message_capacity);

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
  int srgb;                   /* 1 writes an sRGB chunk (with the gAMA and cHRM it implies) */
} collage_png_settings;

/** Encodes 8-bit RGB. *out is malloc'ed: release it with collage_free. */
collage_status collage_png_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                                  const collage_png_settings *settings,
                                  uint8_t **out, size_t *out_length,
                                  char *message, size_t capacity);

/* ---- Colour: embedded ICC profiles to sRGB through lcms2 (color_transform.c). ---- */

/** What a profile describes: the pixels it can be applied to. */
typedef enum {
  COLLAGE_COLOR_RGB = 0,
  COLLAGE_COLOR_GRAY = 1,
  COLLAGE_COLOR_CMYK = 2,
  COLLAGE_COLOR_OTHER = 3  /* Lab, YCbCr, n-colour...: never applied */
} collage_color_space;

/** How the pixels a transform reads are laid out. The output is always RGB8, sRGB. */
typedef enum {
  COLLAGE_PIXELS_RGB = 0,
  COLLAGE_PIXELS_GRAY_IN_RGB = 1,   /* RGB8 with R = G = B: a gray profile reads R */
  COLLAGE_PIXELS_CMYK = 2,          /* 0 = no ink */
  COLLAGE_PIXELS_CMYK_INVERTED = 3  /* Adobe's CMYK JPEGs: 0 = full ink */
} collage_pixel_layout;

/** Opens `icc` with lcms2: its colour space and its description ("Display P3") into `name`
 *  (empty when it has none). COLLAGE_CORRUPT with lcms2's reason when it is no valid profile. */
collage_status collage_color_profile_describe(const uint8_t *icc, size_t length, char *name,
                                              size_t name_capacity, collage_color_space *space,
                                              char *message, size_t capacity);

/** A transform from `icc` (reading `layout`) to sRGB, relative colorimetric; NULL with `status`
 *  and lcms2's reason when the profile cannot be used. Safe to apply from several threads. */
collage_color_transform *collage_color_transform_create(const uint8_t *icc, size_t length,
                                                        collage_pixel_layout layout,
                                                        collage_status *status, char *message,
                                                        size_t capacity);
/** 1 when the transform changes no RGB value by more than a level (sRGB by another name). */
int collage_color_transform_is_identity(const collage_color_transform *transform);
/** Converts `pixels` pixels from `in` (its layout) to RGB8 at `out`; `out` may be `in` when
 *  both have 3 bytes a pixel. */
void collage_color_transform_apply(const collage_color_transform *transform, const uint8_t *in,
                                   uint8_t *out, size_t pixels);
void collage_color_transform_free(collage_color_transform *transform);

/** An ICC profile (malloc'ed: release with collage_free) for RGB with the chromaticities `xy`
 *  (white x, y, red x, y, green x, y, blue x, y) and a pure power `gamma` (2.2, not 1/2.2):
 *  a PNG's cHRM and gAMA chunks as a profile. A gamma of 2.2 is taken as sRGB's curve. With
 *  `gray`, a gray profile: the white point and the curve, the primaries unused (a gray PNG's). */
collage_status collage_color_profile_from_chromaticities(const double xy[8], double gamma, int gray,
                                                         uint8_t **out, size_t *out_length,
                                                         char *message, size_t capacity);

/** lcms2's sRGB profile (ICC v4, 588 bytes), malloc'ed: release with collage_free. What
 *  `--embed-srgb` writes into a JPEG collage. */
collage_status collage_color_srgb_profile(uint8_t **out, size_t *out_length, char *message,
                                          size_t capacity);

void collage_free(void *pointer);

#endif

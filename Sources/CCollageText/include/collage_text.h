/* CCollageText: the only code that touches FreeType, HarfBuzz, fribidi and fontconfig.
 *
 * A collage_text_font is a primary face (found by fontconfig name or taken from a file) plus the
 * fallback faces fontconfig sorts for code points the primary lacks, loaded on demand. A line is
 * split into runs by the face that has each code point, its script and its bidi level (fribidi),
 * the runs put in display order, each shaped by HarfBuzz in its direction and rasterised by
 * FreeType into an 8-bit coverage mask.
 * Every function returns a status and, on failure, fills `message` with one line. */
#ifndef COLLAGE_TEXT_H
#define COLLAGE_TEXT_H

#include <stddef.h>
#include <stdint.h>

enum { COLLAGE_TEXT_MESSAGE_CAPACITY = 256 };

typedef enum {
  COLLAGE_TEXT_OK = 0,
  COLLAGE_TEXT_NO_FONT = 1,     /* fontconfig found nothing, or the file is not a font */
  COLLAGE_TEXT_FAILED = 2,      /* FreeType or HarfBuzz refused (message says which) */
  COLLAGE_TEXT_NO_MEMORY = 3,
  COLLAGE_TEXT_BAD_ARGUMENT = 4,
  COLLAGE_TEXT_NOT_INSTALLED = 5 /* a family named that no installed font has */
} collage_text_status;

typedef struct collage_text_font collage_text_font;

/** Opens `spec`: a file path when `is_path`, else a fontconfig pattern ("DejaVu Sans:bold").
 *  `opening`, when not NULL, is the name FreeType opens for a path (the caller's checked
 *  descriptor, /proc/self/fd/N); messages and `resolved` still say `spec`. A pattern naming only
 *  families no installed font has (generic names such as sans-serif aside) is
 *  COLLAGE_TEXT_NOT_INSTALLED: fontconfig's nearest match would replace it silently.
 *  `resolved` receives the file used. */
collage_text_status collage_text_font_open(const char *spec, int is_path, const char *opening, collage_text_font **font,
                                           char *resolved, size_t resolved_capacity,
                                           char *message, size_t capacity);
void collage_text_font_close(collage_text_font *font);

/** A line's extent at a pixel size: the pen advance, and the primary face's ascent and descent
 *  (both positive), in pixels. */
typedef struct {
  double width;
  double ascent;
  double descent;
} collage_text_extent;

collage_text_status collage_text_measure(collage_text_font *font, const char *utf8, size_t length,
                                         double pixels, collage_text_extent *extent,
                                         char *message, size_t capacity);

/** Draws a line with its pen starting at (x, baseline) into `mask` (width x height, one byte a
 *  pixel), keeping the larger coverage where glyphs overlap. Pixels outside the mask are clipped. */
collage_text_status collage_text_draw(collage_text_font *font, const char *utf8, size_t length,
                                      double pixels, double x, double baseline, uint8_t *mask,
                                      int width, int height, char *message, size_t capacity);

/** The code points of a line no installed font can draw: up to `capacity` written to `missing`,
 *  the total in `count`. */
collage_text_status collage_text_missing(collage_text_font *font, const char *utf8, size_t length,
                                         uint32_t *missing, size_t capacity, size_t *count,
                                         char *message, size_t message_capacity);

/** The families of the installed fonts, each followed by a newline, as many as fit in `names`
 *  (NUL-terminated); `count` receives how many were written. */
collage_text_status collage_text_families(char *names, size_t capacity, size_t *count, char *message, size_t message_capacity);

/** The families of the fallback fonts that draw characters of a line the font lacks, each
 *  followed by a newline, as many as fit in `names` (NUL-terminated). */
collage_text_status collage_text_fallbacks(collage_text_font *font, const char *utf8, size_t length,
                                           char *names, size_t capacity, char *message, size_t message_capacity);

#endif

#include "collage_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <hb-ft.h>
#include <hb.h>

/* Enough for a caption's scripts; past it, code points are reported as missing. */
enum { MAX_FACES = 16, MAX_MISSES = 64 };

typedef struct {
  FT_Face face;
  hb_font_t *hb;
  double pixels; /* the size the face is set to, 0 before the first use */
} face_entry;

struct collage_text_font {
  FT_Library library;
  FcPattern *pattern; /* what was asked for: fallbacks are sorted against it */
  face_entry faces[MAX_FACES]; /* [0] is the primary face */
  int count;
  uint32_t misses[MAX_MISSES]; /* code points fontconfig found no font for */
  int miss_count;
};

static void say(char *message, size_t capacity, const char *format, ...) {
  if (message == NULL || capacity == 0) return;
  va_list args;
  va_start(args, format);
  vsnprintf(message, capacity, format, args);
  va_end(args);
}

/* `path` is opened, `shown` named in messages. */
static collage_text_status add_face(collage_text_font *font, const char *path, const char *shown, int index,
                                    char *message, size_t capacity) {
  if (font->count >= MAX_FACES) {
    say(message, capacity, "too many fallback fonts");
    return COLLAGE_TEXT_FAILED;
  }
  FT_Face face;
  FT_Error error = FT_New_Face(font->library, path, index, &face);
  if (error) {
    say(message, capacity, "%s: not a font FreeType can read (error %d)", shown, error);
    return COLLAGE_TEXT_NO_FONT;
  }
  hb_font_t *hb = hb_ft_font_create_referenced(face);
  FT_Done_Face(face); /* HarfBuzz holds the reference now */
  if (hb == NULL || hb == hb_font_get_empty()) {
    say(message, capacity, "%s: HarfBuzz cannot use it", shown);
    return COLLAGE_TEXT_FAILED;
  }
  /* Unhinted outlines: advances and glyph shapes scale smoothly, as hb-view draws them. */
  hb_ft_font_set_load_flags(hb, FT_LOAD_NO_HINTING);
  font->faces[font->count].face = hb_ft_font_get_face(hb);
  font->faces[font->count].hb = hb;
  font->faces[font->count].pixels = 0;
  font->count += 1;
  return COLLAGE_TEXT_OK;
}

/* fontconfig's generic names, which its configuration maps to installed families. */
static int generic(const FcChar8 *family) {
  static const char *const names[] = {"sans-serif", "serif", "monospace", "sans", "mono", "cursive",
                                      "fantasy", "system-ui", "emoji", "math"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (FcStrCmpIgnoreCase(family, (const FcChar8 *)names[i]) == 0) return 1;
  return 0;
}

/* Whether an installed font has `family` among its family names; -1 when fontconfig failed. */
static int installed(const FcChar8 *family) {
  FcPattern *pattern = FcPatternCreate();
  FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
  int found = -1;
  if (pattern && objects && FcPatternAddString(pattern, FC_FAMILY, family)) {
    FcFontSet *set = FcFontList(NULL, pattern, objects);
    if (set) {
      found = set->nfont > 0;
      FcFontSetDestroy(set);
    }
  }
  if (objects) FcObjectSetDestroy(objects);
  if (pattern) FcPatternDestroy(pattern);
  return found;
}

/* COLLAGE_TEXT_OK when `pattern` names no family, a generic one or one installed. */
static collage_text_status check_families(FcPattern *pattern, const char *spec, char *message, size_t capacity) {
  FcChar8 *family = NULL, *first = NULL;
  for (int i = 0; FcPatternGetString(pattern, FC_FAMILY, i, &family) == FcResultMatch; i++) {
    if (first == NULL) first = family;
    if (generic(family)) return COLLAGE_TEXT_OK;
    int found = installed(family);
    if (found < 0) {
      say(message, capacity, "fontconfig could not list the fonts for '%s'", spec);
      return COLLAGE_TEXT_FAILED;
    }
    if (found) return COLLAGE_TEXT_OK;
  }
  if (first == NULL) return COLLAGE_TEXT_OK;
  say(message, capacity, "no installed font family is named '%s'", (const char *)first);
  return COLLAGE_TEXT_NOT_INSTALLED;
}

collage_text_status collage_text_font_open(const char *spec, int is_path, const char *opening, collage_text_font **out,
                                           char *resolved, size_t resolved_capacity,
                                           char *message, size_t capacity) {
  if (spec == NULL || out == NULL) {
    say(message, capacity, "no font given");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  *out = NULL;
  if (!FcInit()) {
    say(message, capacity, "fontconfig could not be initialised");
    return COLLAGE_TEXT_FAILED;
  }
  collage_text_font *font = calloc(1, sizeof *font);
  if (font == NULL) return COLLAGE_TEXT_NO_MEMORY;
  if (FT_Init_FreeType(&font->library)) {
    free(font);
    say(message, capacity, "FreeType could not be initialised");
    return COLLAGE_TEXT_FAILED;
  }
  collage_text_status status;
  if (is_path) {
    font->pattern = FcNameParse((const FcChar8 *)"sans-serif");
    status = add_face(font, opening ? opening : spec, spec, 0, message, capacity);
    if (status == COLLAGE_TEXT_OK) say(resolved, resolved_capacity, "%s", spec);
  } else {
    font->pattern = FcNameParse((const FcChar8 *)spec);
    if (font->pattern == NULL) {
      collage_text_font_close(font);
      say(message, capacity, "'%s' is not a fontconfig pattern", spec);
      return COLLAGE_TEXT_NO_FONT;
    }
    status = check_families(font->pattern, spec, message, capacity);
    if (status != COLLAGE_TEXT_OK) {
      collage_text_font_close(font);
      return status;
    }
    FcPattern *pattern = FcPatternDuplicate(font->pattern);
    if (pattern == NULL) {
      collage_text_font_close(font);
      say(message, capacity, "out of memory looking up '%s'", spec);
      return COLLAGE_TEXT_NO_MEMORY;
    }
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    FcChar8 *file = NULL;
    int index = 0;
    if (match == NULL || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) {
      if (match) FcPatternDestroy(match);
      collage_text_font_close(font);
      say(message, capacity, "fontconfig found no font for '%s'", spec);
      return COLLAGE_TEXT_NO_FONT;
    }
    FcPatternGetInteger(match, FC_INDEX, 0, &index);
    status = add_face(font, (const char *)file, (const char *)file, index, message, capacity);
    if (status == COLLAGE_TEXT_OK) say(resolved, resolved_capacity, "%s", (const char *)file);
    FcPatternDestroy(match);
  }
  if (status != COLLAGE_TEXT_OK || font->pattern == NULL) {
    if (status == COLLAGE_TEXT_OK) {
      say(message, capacity, "fontconfig could not parse a pattern");
      status = COLLAGE_TEXT_FAILED;
    }
    collage_text_font_close(font);
    return status;
  }
  *out = font;
  return COLLAGE_TEXT_OK;
}

void collage_text_font_close(collage_text_font *font) {
  if (font == NULL) return;
  for (int i = 0; i < font->count; i++) hb_font_destroy(font->faces[i].hb);
  if (font->pattern) FcPatternDestroy(font->pattern);
  FT_Done_FreeType(font->library);
  free(font);
}

static int has(const face_entry *entry, uint32_t cp) { return FT_Get_Char_Index(entry->face, cp) != 0; }

/* A fallback face for `cp` through FcFontSort, loaded once; -1 when no installed font has it. */
static int fallback(collage_text_font *font, uint32_t cp) {
  for (int i = 1; i < font->count; i++)
    if (has(&font->faces[i], cp)) return i;
  for (int i = 0; i < font->miss_count; i++)
    if (font->misses[i] == cp) return -1;
  int found = -1;
  FcPattern *pattern = FcPatternDuplicate(font->pattern);
  FcCharSet *wanted = FcCharSetCreate();
  if (pattern && wanted && FcCharSetAddChar(wanted, cp) && FcPatternAddCharSet(pattern, FC_CHARSET, wanted)) {
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *set = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    for (int i = 0; set && i < set->nfont && found < 0; i++) {
      FcCharSet *charset = NULL;
      FcChar8 *file = NULL;
      int index = 0;
      if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &charset) != FcResultMatch ||
          !FcCharSetHasChar(charset, cp) ||
          FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch)
        continue;
      FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
      if (add_face(font, (const char *)file, (const char *)file, index, NULL, 0) == COLLAGE_TEXT_OK) {
        if (has(&font->faces[font->count - 1], cp)) found = font->count - 1;
      }
    }
    if (set) FcFontSetDestroy(set);
  }
  if (wanted) FcCharSetDestroy(wanted);
  if (pattern) FcPatternDestroy(pattern);
  if (found < 0 && font->miss_count < MAX_MISSES) font->misses[font->miss_count++] = cp;
  return found;
}

/* Spaces, punctuation and marks stay with the face before them, so a run (and a base letter
 * with its marks) is not split by a character every face has. */
static int sticks(uint32_t cp) {
  switch (hb_unicode_general_category(hb_unicode_funcs_get_default(), cp)) {
  case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
  case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
  case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
  case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
  case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
  case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION:
    return 1;
  default:
    return 0;
  }
}

/* Which face draws each code point: -1 for none (drawn with the primary face's .notdef box). */
static int face_for(collage_text_font *font, uint32_t cp, int previous) {
  if (previous >= 0 && sticks(cp) && has(&font->faces[previous], cp)) return previous;
  if (has(&font->faces[0], cp)) return 0;
  return fallback(font, cp);
}

/* UTF-8 to code points; a malformed sequence becomes U+FFFD. Returns the count. */
static size_t decode_utf8(const char *utf8, size_t length, uint32_t *out) {
  size_t n = 0;
  const unsigned char *s = (const unsigned char *)utf8;
  for (size_t i = 0; i < length;) {
    unsigned char c = s[i];
    int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    uint32_t cp = extra == 0 ? c : extra == 1 ? c & 0x1F : extra == 2 ? c & 0x0F : c & 0x07;
    int ok = extra >= 0 && i + (size_t)extra < length;
    for (int k = 1; ok && k <= extra; k++) {
      if ((s[i + k] & 0xC0) != 0x80) ok = 0;
      else cp = cp << 6 | (s[i + k] & 0x3F);
    }
    out[n++] = ok ? cp : 0xFFFD;
    i += ok ? (size_t)extra + 1 : 1;
  }
  return n;
}

/* A face refuses a size it cannot scale to (a bitmap-only font without that strike): the line is
 * then not drawn at a size it was not measured at. */
static collage_text_status set_size(face_entry *entry, double pixels, char *message, size_t capacity) {
  if (entry->pixels == pixels) return COLLAGE_TEXT_OK;
  FT_Error error = FT_Set_Char_Size(entry->face, 0, (FT_F26Dot6)lround(pixels * 64), 72, 72);
  if (error) {
    say(message, capacity, "FreeType cannot size the font to %.1f pixels (error %d)", pixels, error);
    return COLLAGE_TEXT_FAILED;
  }
  hb_ft_font_changed(entry->hb);
  entry->pixels = pixels;
  return COLLAGE_TEXT_OK;
}

typedef struct {
  uint8_t *mask;
  int width, height;
  double x, baseline; /* pen start, pixels */
  int drawing;
} pen;

static collage_text_status draw_glyph(face_entry *entry, hb_codepoint_t glyph, hb_position_t ox,
                                      hb_position_t oy, pen *p, char *message, size_t capacity) {
  /* Origin in 26.6 device units (y down); the fraction moves the outline, the rest the bitmap. */
  FT_Pos x = (FT_Pos)lround(p->x * 64) + ox, y = (FT_Pos)lround(p->baseline * 64) - oy;
  FT_Pos ix = x >> 6, iy = y >> 6;
  FT_Vector delta = {x - (ix << 6), -(y - (iy << 6))};
  FT_Set_Transform(entry->face, NULL, &delta);
  FT_Error error = FT_Load_Glyph(entry->face, glyph, FT_LOAD_NO_HINTING);
  if (!error) error = FT_Render_Glyph(entry->face->glyph, FT_RENDER_MODE_NORMAL);
  FT_Set_Transform(entry->face, NULL, NULL);
  if (error) {
    say(message, capacity, "FreeType could not render glyph %u (error %d)", glyph, error);
    return COLLAGE_TEXT_FAILED;
  }
  FT_Bitmap *bitmap = &entry->face->glyph->bitmap;
  int left = (int)ix + entry->face->glyph->bitmap_left, top = (int)iy - entry->face->glyph->bitmap_top;
  for (unsigned row = 0; row < bitmap->rows; row++) {
    int ty = top + (int)row;
    if (ty < 0 || ty >= p->height) continue;
    const unsigned char *line = bitmap->pitch >= 0 ? bitmap->buffer + row * (unsigned)bitmap->pitch
                                                   : bitmap->buffer + (bitmap->rows - 1 - row) * (unsigned)(-bitmap->pitch);
    for (unsigned column = 0; column < bitmap->width; column++) {
      int tx = left + (int)column;
      if (tx < 0 || tx >= p->width) continue;
      uint8_t value;
      if (bitmap->pixel_mode == FT_PIXEL_MODE_MONO) value = (line[column >> 3] >> (7 - (column & 7)) & 1) ? 255 : 0;
      else if (bitmap->pixel_mode == FT_PIXEL_MODE_GRAY) value = line[column];
      else continue; /* colour bitmaps (emoji) are not coverage */
      uint8_t *out = p->mask + (size_t)ty * (size_t)p->width + (size_t)tx;
      if (value > *out) *out = value;
    }
  }
  return COLLAGE_TEXT_OK;
}

/* Each code point's embedding level by the Unicode bidi algorithm (fribidi), the paragraph's
 * direction taken from its first strong character: a Hebrew name followed by a date is a
 * right-to-left line whose digits still read left to right. Returns 0 when out of memory. */
static int bidi_levels(const uint32_t *cps, size_t n, FriBidiLevel *levels) {
  FriBidiCharType *types = malloc(n * sizeof *types);
  FriBidiBracketType *brackets = malloc(n * sizeof *brackets);
  int ok = 0;
  if (types != NULL && brackets != NULL) {
    fribidi_get_bidi_types(cps, (FriBidiStrIndex)n, types);
    fribidi_get_bracket_types(cps, (FriBidiStrIndex)n, types, brackets);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    ok = fribidi_get_par_embedding_levels_ex(types, brackets, (FriBidiStrIndex)n, &direction, levels) != 0;
  }
  free(brackets);
  free(types);
  return ok;
}

/* Each code point's script; spaces, digits, punctuation and marks (Common, Inherited) take the
 * script of the letters before them, or at the line's start of the first letters after. */
static void scripts(const uint32_t *cps, size_t n, hb_script_t *out) {
  hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
  hb_script_t current = HB_SCRIPT_INVALID;
  for (size_t i = 0; i < n; i++) {
    hb_script_t script = hb_unicode_script(unicode, cps[i]);
    if (script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN) current = script;
    out[i] = current;
  }
  size_t first = 0;
  while (first < n && out[first] == HB_SCRIPT_INVALID) first++;
  for (size_t i = 0; i < first; i++) out[i] = first < n ? out[first] : HB_SCRIPT_COMMON;
}

/* A stretch of the line HarfBuzz shapes in one go: one face, one script, one direction. */
typedef struct {
  size_t start, end;
  int face;
  hb_script_t script;
  FriBidiLevel level;
} run;

/* Rule L2 of the bidi algorithm on whole runs: from the highest level down to the lowest odd
 * one, every stretch of runs at that level or above is reversed, giving the order they are drawn
 * in from left to right (HarfBuzz already orders the glyphs inside a right-to-left run). */
static void reorder(run *runs, size_t count) {
  int highest = 0, lowest = 255;
  for (size_t i = 0; i < count; i++) {
    if (runs[i].level > highest) highest = runs[i].level;
    if (runs[i].level < lowest) lowest = runs[i].level;
  }
  for (int level = highest; level >= (lowest | 1); level--) {
    for (size_t i = 0; i < count;) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      size_t j = i;
      while (j < count && runs[j].level >= level) j++;
      for (size_t a = i, b = j - 1; a < b; a++, b--) {
        run swap = runs[a];
        runs[a] = runs[b];
        runs[b] = swap;
      }
      i = j;
    }
  }
}

/* Shapes the line run by run in visual order and adds up the advance; draws when `p->drawing`. */
static collage_text_status layout(collage_text_font *font, const char *utf8, size_t length, double pixels,
                                  pen *p, double *advance, char *message, size_t capacity) {
  *advance = 0;
  if (length == 0) return COLLAGE_TEXT_OK;
  uint32_t *cps = malloc(length * sizeof *cps);
  int *faces = malloc(length * sizeof *faces);
  FriBidiLevel *levels = malloc(length * sizeof *levels);
  hb_script_t *script = malloc(length * sizeof *script);
  run *runs = malloc(length * sizeof *runs);
  hb_buffer_t *buffer = hb_buffer_create();
  collage_text_status status = COLLAGE_TEXT_OK;
  if (cps == NULL || faces == NULL || levels == NULL || script == NULL || runs == NULL ||
      !hb_buffer_allocation_successful(buffer)) {
    status = COLLAGE_TEXT_NO_MEMORY;
    goto done;
  }
  size_t n = decode_utf8(utf8, length, cps);
  for (size_t i = 0; i < n; i++) faces[i] = face_for(font, cps[i], i > 0 ? faces[i - 1] : -1);
  if (!bidi_levels(cps, n, levels)) {
    status = COLLAGE_TEXT_NO_MEMORY;
    goto done;
  }
  scripts(cps, n, script);
  size_t count = 0;
  for (size_t start = 0; start < n;) {
    size_t end = start + 1;
    while (end < n && faces[end] == faces[start] && levels[end] == levels[start] && script[end] == script[start]) end++;
    runs[count++] = (run){start, end, faces[start], script[start], levels[start]};
    start = end;
  }
  reorder(runs, count);
  hb_position_t pen_x = 0;
  for (size_t r = 0; r < count; r++) {
    face_entry *entry = &font->faces[runs[r].face < 0 ? 0 : runs[r].face];
    status = set_size(entry, pixels, message, capacity);
    if (status != COLLAGE_TEXT_OK) goto done;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf32(buffer, cps, (int)n, (unsigned)runs[r].start, (int)(runs[r].end - runs[r].start));
    hb_buffer_set_direction(buffer, runs[r].level & 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, runs[r].script);
    hb_buffer_guess_segment_properties(buffer); /* the language, from the locale */
    hb_shape(entry->hb, buffer, NULL, 0);
    unsigned glyphs = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &glyphs);
    hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, &glyphs);
    for (unsigned g = 0; g < glyphs; g++) {
      if (p->drawing) {
        status = draw_glyph(entry, info[g].codepoint, pen_x + position[g].x_offset, position[g].y_offset, p,
                            message, capacity);
        if (status != COLLAGE_TEXT_OK) goto done;
      }
      pen_x += position[g].x_advance;
    }
  }
  *advance = pen_x / 64.0;
done:
  if (status == COLLAGE_TEXT_NO_MEMORY) say(message, capacity, "out of memory shaping a caption line");
  hb_buffer_destroy(buffer);
  free(runs);
  free(script);
  free(levels);
  free(faces);
  free(cps);
  return status;
}

collage_text_status collage_text_measure(collage_text_font *font, const char *utf8, size_t length,
                                         double pixels, collage_text_extent *extent,
                                         char *message, size_t capacity) {
  if (font == NULL || extent == NULL || (utf8 == NULL && length) || !(pixels > 0)) {
    say(message, capacity, "bad arguments to measure a line");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  pen p = {0};
  collage_text_status status = layout(font, utf8, length, pixels, &p, &extent->width, message, capacity);
  if (status != COLLAGE_TEXT_OK) return status;
  status = set_size(&font->faces[0], pixels, message, capacity);
  if (status != COLLAGE_TEXT_OK) return status;
  FT_Size_Metrics *metrics = &font->faces[0].face->size->metrics;
  extent->ascent = metrics->ascender / 64.0;
  extent->descent = -metrics->descender / 64.0;
  return COLLAGE_TEXT_OK;
}

collage_text_status collage_text_draw(collage_text_font *font, const char *utf8, size_t length,
                                      double pixels, double x, double baseline, uint8_t *mask,
                                      int width, int height, char *message, size_t capacity) {
  if (font == NULL || mask == NULL || width <= 0 || height <= 0 || (utf8 == NULL && length) || !(pixels > 0)) {
    say(message, capacity, "bad arguments to draw a line");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  pen p = {mask, width, height, x, baseline, 1};
  double advance;
  return layout(font, utf8, length, pixels, &p, &advance, message, capacity);
}

/* The code points of a line that draw something, in a new array (NULL when memory runs out):
   controls and format characters (ZWJ, bidi marks) draw nothing by design, so no face needs them. */
static uint32_t *drawn_code_points(const char *utf8, size_t length, size_t *count) {
  uint32_t *cps = malloc(length * sizeof *cps);
  if (cps == NULL) return NULL;
  size_t n = decode_utf8(utf8, length, cps), kept = 0;
  for (size_t i = 0; i < n; i++) {
    hb_unicode_general_category_t category = hb_unicode_general_category(hb_unicode_funcs_get_default(), cps[i]);
    if (category != HB_UNICODE_GENERAL_CATEGORY_CONTROL && category != HB_UNICODE_GENERAL_CATEGORY_FORMAT) cps[kept++] = cps[i];
  }
  *count = kept;
  return cps;
}

collage_text_status collage_text_missing(collage_text_font *font, const char *utf8, size_t length,
                                         uint32_t *missing, size_t capacity, size_t *count,
                                         char *message, size_t message_capacity) {
  if (font == NULL || count == NULL || (utf8 == NULL && length)) {
    say(message, message_capacity, "bad arguments to check a line");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  *count = 0;
  if (length == 0) return COLLAGE_TEXT_OK;
  size_t n;
  uint32_t *cps = drawn_code_points(utf8, length, &n);
  if (cps == NULL) {
    say(message, message_capacity, "out of memory checking a caption line");
    return COLLAGE_TEXT_NO_MEMORY;
  }
  for (size_t i = 0; i < n; i++) {
    if (face_for(font, cps[i], -1) >= 0) continue;
    if (missing && *count < capacity) missing[*count] = cps[i];
    *count += 1;
  }
  free(cps);
  return COLLAGE_TEXT_OK;
}

/* Appends `name` and a newline to `names` when it fits and is not there yet. */
static void append_name(char *names, size_t capacity, const char *name) {
  size_t used = strlen(names), length = strlen(name);
  for (const char *at = names; (at = strstr(at, name)) != NULL; at += 1)
    if ((at == names || at[-1] == '\n') && at[length] == '\n') return;
  if (used + length + 2 > capacity) return;
  memcpy(names + used, name, length);
  names[used + length] = '\n';
  names[used + length + 1] = 0;
}

collage_text_status collage_text_families(char *names, size_t capacity, size_t *count, char *message, size_t message_capacity) {
  if (names == NULL || capacity == 0 || count == NULL) {
    say(message, message_capacity, "bad arguments to list the families");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  names[0] = 0;
  *count = 0;
  if (!FcInit()) {
    say(message, message_capacity, "fontconfig could not be initialised");
    return COLLAGE_TEXT_FAILED;
  }
  FcPattern *pattern = FcPatternCreate();
  FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
  FcFontSet *set = pattern && objects ? FcFontList(NULL, pattern, objects) : NULL;
  if (set == NULL) {
    if (objects) FcObjectSetDestroy(objects);
    if (pattern) FcPatternDestroy(pattern);
    say(message, message_capacity, "fontconfig could not list the installed fonts");
    return COLLAGE_TEXT_FAILED;
  }
  for (int i = 0; i < set->nfont; i++) {
    FcChar8 *family = NULL;
    for (int j = 0; FcPatternGetString(set->fonts[i], FC_FAMILY, j, &family) == FcResultMatch; j++) {
      size_t before = strlen(names);
      append_name(names, capacity, (const char *)family);
      if (strlen(names) > before) *count += 1;
    }
  }
  FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(pattern);
  return COLLAGE_TEXT_OK;
}

collage_text_status collage_text_fallbacks(collage_text_font *font, const char *utf8, size_t length,
                                           char *names, size_t capacity, char *message, size_t message_capacity) {
  if (font == NULL || names == NULL || capacity == 0 || (utf8 == NULL && length)) {
    say(message, message_capacity, "bad arguments to check a line");
    return COLLAGE_TEXT_BAD_ARGUMENT;
  }
  names[0] = 0;
  if (length == 0) return COLLAGE_TEXT_OK;
  size_t n;
  uint32_t *cps = drawn_code_points(utf8, length, &n);
  if (cps == NULL) {
    say(message, message_capacity, "out of memory checking a caption line");
    return COLLAGE_TEXT_NO_MEMORY;
  }
  for (size_t i = 0; i < n; i++) {
    int face = face_for(font, cps[i], -1);
    const char *family = face > 0 ? font->faces[face].face->family_name : NULL;
    if (family) append_name(names, capacity, family);
  }
  free(cps);
  return COLLAGE_TEXT_OK;
}

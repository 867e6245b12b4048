#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lcms2.h>

#include "jpeg_error.h"  /* collage_copy_message */

/* Embedded ICC profiles to sRGB through lcms2. Why C: lcms2 reports errors through a logging
 * callback, which C code must route into a caller's message buffer; its pixel formats are macros
 * Swift cannot import. Each call runs in its own lcms2 context, so the callback writes into the
 * buffer of the call (or of the transform) it belongs to, and nothing is shared between threads
 * but finished transforms: cmsDoTransform copies the transform's 1-pixel cache into a local per
 * call (cmsxform.c), so one transform may be applied from several threads at once. */

typedef struct {
  char text[COLLAGE_MESSAGE_CAPACITY];
} log_buffer;

struct collage_color_transform {
  cmsContext context;
  cmsHTRANSFORM transform;
  size_t input_size;  /* bytes per input pixel: 3 (RGB, gray in RGB) or 4 (CMYK) */
  int identity;       /* a profile that is sRGB in all but name: applying it changes nothing */
  log_buffer log;
};

static void log_error(cmsContext context, cmsUInt32Number code, const char *text) {
  (void)code;
  log_buffer *log = cmsGetContextUserData(context);
  if (log != NULL && log->text[0] == 0) collage_copy_message(log->text, sizeof log->text, text);
}

static cmsContext open_context(log_buffer *log) {
  cmsContext context = cmsCreateContext(NULL, log);
  if (context != NULL) cmsSetLogErrorHandlerTHR(context, log_error);
  return context;
}

static collage_status refuse(collage_status status, const char *why, char *message,
                             size_t capacity) {
  collage_copy_message(message, capacity, why);
  return status;
}

static collage_status failure(const log_buffer *log, const char *fallback, char *message,
                              size_t capacity) {
  collage_copy_message(message, capacity, log->text[0] ? log->text : fallback);
  return COLLAGE_CORRUPT;
}

static collage_color_space space_of(cmsHPROFILE profile) {
  switch (cmsGetColorSpace(profile)) {
  case cmsSigRgbData: return COLLAGE_COLOR_RGB;
  case cmsSigGrayData: return COLLAGE_COLOR_GRAY;
  case cmsSigCmykData: return COLLAGE_COLOR_CMYK;
  default: return COLLAGE_COLOR_OTHER;
  }
}

collage_status collage_color_profile_describe(const uint8_t *icc, size_t length, char *name,
                                              size_t name_capacity, collage_color_space *space,
                                              char *message, size_t capacity) {
  if (name != NULL && name_capacity > 0) name[0] = 0;
  if (length > UINT32_MAX) return refuse(COLLAGE_CORRUPT, "profile larger than 4 GiB", message, capacity);
  log_buffer log = {{0}};
  cmsContext context = open_context(&log);
  if (context == NULL) return refuse(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  cmsHPROFILE profile = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)length);
  if (profile == NULL) {
    collage_status status = failure(&log, "not an ICC profile", message, capacity);
    cmsDeleteContext(context);
    return status;
  }
  *space = space_of(profile);
  if (name != NULL && name_capacity > 0 && name_capacity <= UINT32_MAX)
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", name,
                           (cmsUInt32Number)name_capacity);
  cmsCloseProfile(profile);
  cmsDeleteContext(context);
  return COLLAGE_OK;
}

static cmsUInt32Number input_format(collage_pixel_layout layout) {
  switch (layout) {
  case COLLAGE_PIXELS_RGB: return TYPE_RGB_8;
  /* A gray photo is decoded to RGB with R = G = B: the profile reads the first of the three. */
  case COLLAGE_PIXELS_GRAY_IN_RGB:
    return COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(2);
  case COLLAGE_PIXELS_CMYK: return TYPE_CMYK_8;
  case COLLAGE_PIXELS_CMYK_INVERTED: return TYPE_CMYK_8_REV;
  }
  return 0;
}

static size_t input_size(collage_pixel_layout layout) {
  return layout == COLLAGE_PIXELS_CMYK || layout == COLLAGE_PIXELS_CMYK_INVERTED ? 4 : 3;
}

/* Whether the transform moves no RGB value by more than one level, tried on a 9x9x9 grid that
 * includes both ends: an sRGB profile under another name then costs nothing per photo. */
static int is_identity(cmsHTRANSFORM transform) {
  enum { STEPS = 9, COUNT = STEPS * STEPS * STEPS };
  uint8_t in[COUNT * 3], out[COUNT * 3];
  size_t i = 0;
  for (int r = 0; r < STEPS; r++)
    for (int g = 0; g < STEPS; g++)
      for (int b = 0; b < STEPS; b++, i += 3) {
        in[i] = (uint8_t)(r == STEPS - 1 ? 255 : r * 32);
        in[i + 1] = (uint8_t)(g == STEPS - 1 ? 255 : g * 32);
        in[i + 2] = (uint8_t)(b == STEPS - 1 ? 255 : b * 32);
      }
  cmsDoTransform(transform, in, out, COUNT);
  for (i = 0; i < sizeof in; i++)
    if (abs((int)in[i] - (int)out[i]) > 1) return 0;
  return 1;
}

collage_color_transform *collage_color_transform_create(const uint8_t *icc, size_t length,
                                                        collage_pixel_layout layout,
                                                        collage_status *status, char *message,
                                                        size_t capacity) {
  *status = COLLAGE_NO_MEMORY;
  collage_color_transform *made = calloc(1, sizeof *made);
  if (made == NULL || length > UINT32_MAX || input_format(layout) == 0) {
    if (made != NULL) *status = COLLAGE_BAD_ARGUMENT;
    collage_copy_message(message, capacity, made ? "bad profile size or pixel layout" : "out of memory");
    free(made);
    return NULL;
  }
  made->context = open_context(&made->log);
  cmsHPROFILE source = NULL, srgb = NULL;
  if (made->context != NULL) {
    source = cmsOpenProfileFromMemTHR(made->context, icc, (cmsUInt32Number)length);
    srgb = cmsCreate_sRGBProfileTHR(made->context);
  }
  if (source != NULL && srgb != NULL) {
    /* Relative colorimetric, as libvips: the same as perceptual for the matrix profiles of
     * cameras and phones, and keeps in-gamut colours exact for a print (LUT) profile. */
    made->transform = cmsCreateTransformTHR(made->context, source, input_format(layout), srgb,
                                            TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0);
  }
  if (source != NULL) cmsCloseProfile(source);
  if (srgb != NULL) cmsCloseProfile(srgb);
  if (made->transform == NULL) {
    if (made->context == NULL) {
      *status = COLLAGE_NO_MEMORY;
      collage_copy_message(message, capacity, "out of memory");
    } else {
      *status = failure(&made->log, "cannot convert this profile to sRGB", message, capacity);
    }
    collage_color_transform_free(made);
    return NULL;
  }
  made->input_size = input_size(layout);
  made->identity = layout == COLLAGE_PIXELS_RGB && is_identity(made->transform);
  *status = COLLAGE_OK;
  return made;
}

int collage_color_transform_is_identity(const collage_color_transform *transform) {
  return transform->identity;
}

void collage_color_transform_apply(const collage_color_transform *transform, const uint8_t *in,
                                   uint8_t *out, size_t pixels) {
  if (transform->identity) {
    if (in != out) memcpy(out, in, pixels * 3);
    return;
  }
  /* cmsDoTransform counts pixels in 32 bits; the same buffer in and out is allowed. */
  const size_t chunk = (size_t)1 << 24;
  while (pixels > 0) {
    size_t count = pixels < chunk ? pixels : chunk;
    cmsDoTransform(transform->transform, in, out, (cmsUInt32Number)count);
    in += count * transform->input_size;
    out += count * 3;
    pixels -= count;
  }
}

void collage_color_transform_free(collage_color_transform *transform) {
  if (transform == NULL) return;
  if (transform->transform != NULL) cmsDeleteTransform(transform->transform);
  if (transform->context != NULL) cmsDeleteContext(transform->context);
  free(transform);
}

/* lcms2 stamps a profile it saves with the time of saving (header bytes 24-35): the same photo
 * would get other profile bytes every second (the fuzzer saw a header differ between probe and
 * decode), and --embed-srgb other collage bytes. A fixed date (2000-01-01 00:00:00) and no
 * profile ID (bytes 84-99: zero means "not computed") make a made profile depend on its inputs. */
static void fix_header(uint8_t *icc, size_t length) {
  static const uint8_t date[12] = {0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
  if (length < 128) return;
  memcpy(icc + 24, date, sizeof date);
  memset(icc + 84, 0, 16);
}

/* `profile` (closed here, NULL allowed: then lcms2's reason or `why`) as ICC bytes malloc'ed. */
static collage_status save(cmsHPROFILE profile, const log_buffer *log, const char *why,
                           uint8_t **out, size_t *out_length, char *message, size_t capacity) {
  collage_status status = COLLAGE_OK;
  cmsUInt32Number needed = 0;
  if (profile == NULL || !cmsSaveProfileToMem(profile, NULL, &needed) || needed == 0) {
    status = failure(log, why, message, capacity);
  } else if ((*out = malloc(needed)) == NULL) {
    status = refuse(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  } else if (!cmsSaveProfileToMem(profile, *out, &needed)) {
    free(*out);
    *out = NULL;
    status = failure(log, why, message, capacity);
  } else {
    *out_length = needed;
    fix_header(*out, needed);
  }
  if (profile != NULL) cmsCloseProfile(profile);
  return status;
}

collage_status collage_color_srgb_profile(uint8_t **out, size_t *out_length, char *message,
                                          size_t capacity) {
  *out = NULL;
  *out_length = 0;
  log_buffer log = {{0}};
  cmsContext context = open_context(&log);
  if (context == NULL) return refuse(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  collage_status status = save(cmsCreate_sRGBProfileTHR(context), &log, "lcms2 made no sRGB profile",
                               out, out_length, message, capacity);
  cmsDeleteContext(context);
  return status;
}

collage_status collage_color_profile_from_chromaticities(const double xy[8], double gamma, int gray,
                                                         uint8_t **out, size_t *out_length,
                                                         char *message, size_t capacity) {
  *out = NULL;
  *out_length = 0;
  if (!(gamma > 0.1 && gamma < 10)) return refuse(COLLAGE_CORRUPT, "gamma outside 0.1 to 10", message, capacity);
  log_buffer log = {{0}};
  cmsContext context = open_context(&log);
  if (context == NULL) return refuse(COLLAGE_NO_MEMORY, "out of memory", message, capacity);
  cmsCIExyY white = {xy[0], xy[1], 1.0};
  cmsCIExyYTRIPLE primaries = {{xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}, {xy[6], xy[7], 1.0}};
  /* gAMA 45455 (1/2.2) is how encoders label sRGB: its curve is sRGB's, as Skia reads it; an
   * ImageMagick PNG with sRGB's cHRM and that gAMA is then sRGB, untouched. */
  static const double srgb_curve[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
  cmsToneCurve *curve = fabs(gamma - 2.2) < 0.005 ? cmsBuildParametricToneCurve(context, 4, srgb_curve)
                                                  : cmsBuildGamma(context, gamma);
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = curve == NULL ? NULL
                        : gray ? cmsCreateGrayProfileTHR(context, &white, curve)
                               : cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
  collage_status status = save(profile, &log, "chromaticities make no profile", out, out_length,
                               message, capacity);
  if (curve != NULL) cmsFreeToneCurve(curve);
  cmsDeleteContext(context);
  return status;
}

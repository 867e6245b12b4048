#include "heif_library.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>

#include "jpeg_error.h"  /* collage_copy_message */

/* The soname Debian 12's libheif1 installs, the one the headers describe. */
static const char library_name[] = "libheif.so.1";

struct collage_heif_library libheif;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[256];

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(failure, sizeof failure, "HEIF needs libheif (%s), which cannot be loaded: %s", library_name,
             reason ? reason : "unknown reason");
    return;
  }
#define COLLAGE_HEIF_LOOKUP(name)                                                                 \
  if (failure[0] == 0 && (libheif.name = (__typeof__(&name))dlsym(library, #name)) == NULL)      \
    snprintf(failure, sizeof failure, "%s has no %s (libheif 1.15 or later is needed)", library_name, #name);
  COLLAGE_HEIF_FUNCTIONS(COLLAGE_HEIF_LOOKUP)
#undef COLLAGE_HEIF_LOOKUP
  /* Kept loaded for the life of the process, as if it were linked. */
  /* libde265 leaves the part of a frame that a damaged HEVC stream does not reach unwritten, and
   * libheif hands it on as pixels: whatever the heap held there (another photo's, say). From here
   * on glibc zeroes what malloc returns and fills what is freed, so such a frame is the same on
   * every run, never leftovers (Fixtures/cut-slice.heic). Six 12 MP HEICs take as long (2.50 s
   * either way), peak RSS +5 MiB; JPEG-only runs never load libheif. AddressSanitizer's
   * allocator has no M_PERTURB (mallopt gives 0); `make fuzz` and `make sanitize` fill through
   * ASAN_OPTIONS instead, so a failure here is not one the tool can act on. */
  (void)mallopt(M_PERTURB, 0xff);
}

int collage_heif_load(char *message, size_t capacity) {
  if (pthread_once(&once, load) != 0) {
    collage_copy_message(message, capacity, "libheif could not be loaded: pthread_once failed");
    return 0;
  }
  if (failure[0] != 0) {
    collage_copy_message(message, capacity, failure);
    return 0;
  }
  return 1;
}

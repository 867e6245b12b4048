#include <malloc.h>

#include "collage_memory.h"

int collage_keep_large_buffers_mapped(void) {
  return mallopt(M_MMAP_THRESHOLD, 2 * 1024 * 1024);
}

int collage_share_one_heap(void) {
  return mallopt(M_ARENA_MAX, 1);
}

int collage_keep_freed_buffers(void) {
  return mallopt(M_MMAP_THRESHOLD, 8 * 1024 * 1024) && mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
}

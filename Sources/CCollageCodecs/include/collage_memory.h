/* glibc's malloc tuning, which Swift cannot reach (malloc.h is not in its Glibc module). */
#ifndef COLLAGE_MEMORY_H
#define COLLAGE_MEMORY_H

/** Serves every allocation of 128 KiB or more from its own mapping, returned to the system when
 *  freed, by fixing glibc's mmap threshold (which otherwise rises after the first large free,
 *  leaving later decode buffers on the heap). Returns 1 on success, 0 if glibc refused. */
int collage_keep_large_buffers_mapped(void);

/** Makes every thread allocate from one heap (glibc's M_ARENA_MAX): each extra arena keeps the
 *  buffers freed in it for its own thread. Returns 1 on success, 0 if glibc refused. */
int collage_share_one_heap(void);

/** Keeps buffers below 8 MiB on the heap once freed, up to 64 MiB of them at its top (glibc's
 *  mmap and trim thresholds), for a process that allocates the same sizes again and again.
 *  Returns 1 on success, 0 if glibc refused either. */
int collage_keep_freed_buffers(void);

#endif

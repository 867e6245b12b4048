#ifndef COLLAGE_SHA_H
#define COLLAGE_SHA_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256's 64 round constants, K0..K63. */
const uint32_t *collage_sha256_constants(void);

/* The CPUID bits the choice of engine rests on, as this CPU reports them: leaf 1's ECX (SSSE3 is
 * bit 9, SSE4.1 bit 19) and leaf 7's EBX (the SHA extensions, bit 29); zeros for a leaf the CPU
 * does not have, and on a CPU that is not x86. The choice itself is Swift's (SHA256.Engine), a
 * value the tests give any bits. */
typedef struct {
  uint32_t leaf1_ecx;
  uint32_t leaf7_ebx;
} collage_cpu_features;

collage_cpu_features collage_cpu_features_read(void);

/* Compresses `count` 64-byte blocks into the SHA-256 state (FIPS 180-4's H0..H7) with the SHA
 * extensions' instructions. Only on a CPU with SHA, SSSE3 and SSE4.1 (SIGILL elsewhere); `blocks`
 * may be unaligned. */
void collage_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif

#ifndef COLLAGE_SHA_H
#define COLLAGE_SHA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SHA-256's 64 round constants, K0..K63. */
const uint32_t *collage_sha256_constants(void);

/* Whether this CPU has the SHA extensions (with the SSSE3 and SSE4.1 they come with). */
bool collage_sha256_has_instructions(void);

/* Compresses `count` 64-byte blocks into the SHA-256 state (FIPS 180-4's H0..H7) with the SHA
 * extensions' instructions. Only when collage_sha256_has_instructions() says so; `blocks` may be
 * unaligned. */
void collage_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif

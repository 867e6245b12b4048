#!/usr/bin/env python3
"""Writes distinct small photos for the `build --pages` tests, with Pillow's JPEG encoder.

Usage: make-page-photos.py FOLDER NAME... Each NAME is a file to write: `NAME.jpg` a landscape
360x240 photo of its own (a seeded mosaic of 12x8 coloured blocks, so no two share a fingerprint,
with a solid block in the middle, so a tile's centre shows one colour); `NAME.jpg=OTHER` a copy of
OTHER re-encoded at a quarter of its size (a duplicate); `NAME.jpg:portrait` a 240x360 photo."""
import hashlib
import random
import sys

from PIL import Image


def mosaic(seed, width, height):
    rng = random.Random(hashlib.sha256(seed.encode()).digest())
    small = Image.new("RGB", (12, 8))
    small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(96)])
    image = small.resize((width, height), Image.NEAREST)
    centre = tuple(rng.randrange(40, 216) for _ in range(3))
    image.paste(centre, (width // 2 - width // 8, height // 2 - height // 8, width // 2 + width // 8, height // 2 + height // 8))
    return image


folder = sys.argv[1]
for spec in sys.argv[2:]:
    if "=" in spec:
        name, original = spec.split("=")
        image = Image.open(f"{folder}/{original}")
        image.resize((image.width // 2, image.height // 2), Image.LANCZOS).save(f"{folder}/{name}", quality=80)
    elif spec.endswith(":portrait"):
        name = spec[: -len(":portrait")]
        mosaic(name, 240, 360).save(f"{folder}/{name}", quality=90)
    else:
        mosaic(spec, 360, 240).save(f"{folder}/{spec}", quality=90)

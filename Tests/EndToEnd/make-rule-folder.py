#!/usr/bin/env python3
"""Writes a random folder of small photos for the rule book's property test, with Pillow's
encoders (and pillow-heif's for HEIC), from a seed: the same seed always gives the same folder.

Usage: make-rule-folder.py FOLDER SEED. Distinct landscape photos (240x160 seeded mosaics, no two
alike), copies of them in several formats and sizes (JPEG, PNG, WebP, HEIC; half, the same,
larger), portraits, squares, and corrupt files (a truncated JPEG, bytes that are no image), all
under random names, so the order they are read in is random too. Prints one line per file: its
name and what it is."""
import hashlib
import io
import random
import sys

from PIL import Image
import pillow_heif

pillow_heif.register_heif_opener()


def mosaic(seed, width, height):
    rng = random.Random(hashlib.sha256(seed.encode()).digest())
    small = Image.new("RGB", (12, 8))
    small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(96)])
    return small.resize((width, height), Image.NEAREST)


def save(image, path, fmt):
    if fmt == "jpg":
        image.save(path, "JPEG", quality=88)
    elif fmt == "png":
        image.save(path, "PNG")
    elif fmt == "webp":
        image.save(path, "WEBP", quality=90)
    else:
        image.save(path, "HEIF", quality=90)


folder, seed = sys.argv[1], sys.argv[2]
rng = random.Random(seed)
originals = [mosaic(f"{seed}-{n}", 240, 160) for n in range(rng.randrange(3, 6))]
files = []  # (description, writer)
for n, image in enumerate(originals):
    files.append((f"photo {n}", image, rng.choice(["jpg", "png", "heic"])))
for _ in range(rng.randrange(2, 5)):
    n = rng.randrange(len(originals))
    scale = rng.choice([0.5, 1.0, 1.5])
    copy = originals[n].resize((int(240 * scale), int(160 * scale)), Image.LANCZOS)
    files.append((f"copy of photo {n} at {scale}", copy, rng.choice(["jpg", "png", "webp", "heic"])))
for n in range(rng.randrange(0, 2)):
    files.append((f"portrait {n}", mosaic(f"{seed}-portrait-{n}", 160, 240), "jpg"))
for n in range(rng.randrange(0, 2)):
    files.append((f"square {n}", mosaic(f"{seed}-square-{n}", 200, 200), "png"))
rng.shuffle(files)
names = rng.sample(range(100, 1000), len(files) + 2)
for (what, image, fmt), number in zip(files, names):
    path = f"{folder}/f{number}.{fmt}"
    save(image, path, fmt)
    print(path, what)
# Corrupt: a JPEG cut in half, and bytes that are no image.
buffer = io.BytesIO()
mosaic(f"{seed}-cut", 240, 160).save(buffer, "JPEG", quality=88)
with open(f"{folder}/f{names[-2]}.jpg", "wb") as cut:
    cut.write(buffer.getvalue()[: len(buffer.getvalue()) // 2])
print(f"{folder}/f{names[-2]}.jpg truncated")
with open(f"{folder}/f{names[-1]}.jpg", "wb") as junk:
    junk.write(bytes(rng.randrange(256) for _ in range(300)))
print(f"{folder}/f{names[-1]}.jpg not an image")

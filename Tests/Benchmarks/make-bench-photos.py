#!/usr/bin/env python3
"""Distinct photos for the `build --pages` benchmark, made with Pillow.

Usage: make-bench-photos.py FOLDER COUNT WIDTHxHEIGHT [QUALITY]. Photo i is one of the landscape
photos in ../shared/photos (i mod their count), cropped to a window of 55-100 % of its width at a
seeded place and scaled to WIDTHxHEIGHT, flipped every other time, tinted (each channel scaled by
0.8-1.2), blended at 35 % with a seeded 6x4 mosaic of colours smoothly upscaled (so that no two
photos share a perceptual fingerprint: every one is a photo of its own to the duplicate rule),
given Gaussian noise (sigma 6, as a camera's; one field per process, unseeded: only the noise
changes between two makings), and saved as JPEG (quality 90, 4:2:0). Files that
already exist are kept: the folder is a cache."""
import glob
import os
import random
import sys
from multiprocessing import Pool

from PIL import Image, ImageChops

folder, count = sys.argv[1], int(sys.argv[2])
width, height = (int(v) for v in sys.argv[3].split("x"))
quality = int(sys.argv[4]) if len(sys.argv) > 4 else 90
shared = os.environ.get("SHARED", os.path.join(os.path.dirname(__file__), "../../../shared"))
sources = sorted(p for p in glob.glob(os.path.join(shared, "photos", "*.jpg")) if "portrait" not in p)


_noise = None
_sources = {}


def opened(path):
    """Each source decoded once per process."""
    if path not in _sources:
        _sources[path] = Image.open(path).convert("RGB")
    return _sources[path]


def noise():
    """One noise field per process, made once: its role is to make the JPEG a camera's size."""
    global _noise
    if _noise is None:
        _noise = Image.effect_noise((width, height), 6).convert("RGB")
    return _noise


def make(i):
    path = os.path.join(folder, f"photo-{i:05d}.jpg")
    if os.path.exists(path):
        return
    rng = random.Random(i)
    source = opened(sources[i % len(sources)])
    crop_w = int(source.width * rng.uniform(0.55, 1.0))
    crop_h = min(source.height, crop_w * 3 // 4)
    x, y = rng.randrange(source.width - crop_w + 1), rng.randrange(source.height - crop_h + 1)
    image = source.resize((width, height), Image.BILINEAR, box=(x, y, x + crop_w, y + crop_h))
    if i % 2:
        image = image.transpose(Image.FLIP_LEFT_RIGHT)
    image = Image.merge("RGB", [band.point(lambda v, f=rng.uniform(0.8, 1.2): min(255, int(v * f))) for band in image.split()])
    mosaic = Image.new("RGB", (6, 4))
    mosaic.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(24)])
    image = Image.blend(image, mosaic.resize(image.size, Image.BILINEAR), 0.35)
    image = ImageChops.add(image, noise(), 1.0, -128)
    image.save(path + ".tmp", "JPEG", quality=quality, subsampling=2)
    os.rename(path + ".tmp", path)


if __name__ == "__main__":
    os.makedirs(folder, exist_ok=True)
    with Pool(os.cpu_count()) as pool:
        pool.map(make, range(count), chunksize=8)

#!/bin/bash
# collage build on six 12 MP HEICs against libheif's own full-size decode of the six, nproc at a
# time (the floor: HEVC has no DCT scaling) and libvips (`vips thumbnail` x6 + arrayjoin, reading
# them through libheif): wall, CPU and peak RSS in one table, as build-benchmark.sh does for JPEG.
# Inputs, as a phone stores its 12 MP photos: the six photos of build-benchmark.sh, centre-cropped
# to 4:3 and Lanczos-upscaled to 4032x3024 with Gaussian noise by Pillow, then encoded by
# pillow-heif (x265, quality 60, 4:2:0) as a grid of 512-pixel HEVC tiles, 8x6 as an iPhone's,
# with a 320-pixel thumbnail. Debian 12's heif-enc (libheif 1.15) writes no grids; pillow-heif's
# wheel bundles a newer libheif whose encoder does (`heif_context_encode_grid`). It runs in the
# tests' Python (`make test-python`: Debian's python3 in a venv, pillow-heif from PyPI).
# Usage: Tests/Benchmarks/heic-benchmark.sh [runs]   (median of `runs`, default 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
export SHARED=$(realpath "${SHARED:-../shared}")
py=${PYTHON:-.build/test-python/bin/python3}
work=.build-bench
need=""
for p in libheif-examples libvips-tools python3-pil python3-venv time; do dpkg -s $p >/dev/null 2>&1 || need="$need $p"; done
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi

[ -x "$py" ] || make --no-print-directory .build/test-python/bin/python3 >/dev/null
mkdir -p "$work/heic"
# Earlier runs' inputs were single 4032x3024 images (heif-enc): made again as grids.
[ -e "$work/heic-grids" ] || rm -f "$work"/heic/*.heic
for name in path eveningglow autumn kite bythewater fallenleaf; do
  out="$work/heic/$name-12mp.heic"
  [ -s "$out" ] && continue
  "$py" - "$SHARED/photos/$name-1600x1200.jpg" "$out.part" <<'PY'
import sys
import pillow_heif
from PIL import Image, ImageChops, ImageOps
photo = ImageOps.fit(Image.open(sys.argv[1]).convert("RGB"), (4032, 3024), Image.LANCZOS)
noise = Image.effect_noise((4032, 3024), 16)
channels = [ImageChops.add(c, noise, 1.0, -128) for c in photo.split()]
pillow_heif.from_pillow(Image.merge("RGB", channels)).save(sys.argv[2], quality=60, tile_size=512, thumbnails=[320])
PY
  mv "$out.part" "$out"
done
touch "$work/heic-grids"

if ! built=$(swift build -c release --product collage 2>&1); then echo "$built"; exit 1; fi
exec python3 Tests/Benchmarks/bench.py "$PWD" "$runs" heic

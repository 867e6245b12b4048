#!/bin/bash
# collage build on six 12 MP HEICs against libheif's own full-size decode of the six, nproc at a
# time (the floor: HEVC has no DCT scaling) and libvips (`vips thumbnail` x6 + arrayjoin, reading
# them through libheif): wall, CPU and peak RSS in one table, as build-benchmark.sh does for JPEG.
# Inputs: the six photos of build-benchmark.sh, centre-cropped to 4:3 and Lanczos-upscaled to
# 4032x3024 with Gaussian noise by Pillow, then `heif-enc -q 60` (one 4032x3024 HEVC image each:
# Debian 12's heif-enc writes no grids).
# Usage: Tests/Benchmarks/heic-benchmark.sh [runs]   (median of `runs`, default 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
export SHARED=$(realpath "${SHARED:-../shared}")
py=${PYTHON:-/usr/bin/python3}
work=.build-bench
need=""
for p in libheif-examples libvips-tools python3-pil time; do dpkg -s $p >/dev/null 2>&1 || need="$need $p"; done
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi

mkdir -p "$work/heic"
for name in path eveningglow autumn kite bythewater fallenleaf; do
  out="$work/heic/$name-12mp.heic"
  [ -s "$out" ] && continue
  "$py" - "$SHARED/photos/$name-1600x1200.jpg" "$work/heic/$name.png" <<'PY'
import sys
from PIL import Image, ImageChops, ImageOps
photo = ImageOps.fit(Image.open(sys.argv[1]).convert("RGB"), (4032, 3024), Image.LANCZOS)
noise = Image.effect_noise((4032, 3024), 16)
channels = [ImageChops.add(c, noise, 1.0, -128) for c in photo.split()]
Image.merge("RGB", channels).save(sys.argv[2])
PY
  heif-enc -q 60 -o "$out" "$work/heic/$name.png" >/dev/null
  rm "$work/heic/$name.png"
done

if ! built=$(swift build -c release --product collage 2>&1); then echo "$built"; exit 1; fi
exec python3 Tests/Benchmarks/bench.py "$PWD" "$runs" heic

#!/bin/bash
# collage build on six 12 MP JPEGs against the peers in ../shared/bench (libvips, ImageMagick,
# and djpeg's bare 1/4-scale decode, one after another and nproc at a time). Job: a 3x2 grid of
# 600x400 tiles, 1800x800, JPEG q90. Prints one table on all cores and one on a single core
# (taskset -c 0), then start-up, the cost of a photo refused from its header, and a watch
# session's CPU against six builds: see bench.py.
# Inputs are generated deterministically (fixed seeds) as ../shared/photos/SOURCES.md describes:
# centre-cropped to 4:3, Lanczos-upscaled to 4032x3024, Gaussian noise, quality 90, 4:2:0; the
# scale folder is one portrait, 300x533, copied 1000 times (refused/), then the six.
# Usage: Tests/Benchmarks/build-benchmark.sh [runs [sections]]   (median of `runs`, default 5;
# sections: tables startup scale watch, all by default; COLLAGE_BIN=path measures another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
export SHARED=$(realpath "${SHARED:-../shared}")
work=.build-bench
need=""
for p in imagemagick libvips-tools libjpeg-turbo-progs time util-linux; do dpkg -s $p >/dev/null 2>&1 || need="$need $p"; done
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi

mkdir -p "$work/inputs"
seed=1
for name in path eveningglow autumn kite bythewater fallenleaf; do
  out="$work/inputs/$name-12mp.jpg"
  if [ ! -s "$out" ]; then
    convert "$SHARED/photos/$name-1600x1200.jpg" -gravity center -crop 4:3 +repage \
      -filter Lanczos -resize 4032x3024! -seed $seed -attenuate 0.25 +noise Gaussian \
      -quality 90 -sampling-factor 2x2 "$out"
  fi
  seed=$((seed + 1))
done
if [ ! -s "$work/scale/z5.jpg" ]; then
  rm -rf "$work/refused" "$work/scale"
  mkdir -p "$work/refused" "$work/scale"
  convert "$SHARED/photos/safelanding-1622x2880-portrait.jpg" -resize 300x533 -quality 85 "$work/portrait.jpg"
  for i in $(seq -w 0 999); do
    cp "$work/portrait.jpg" "$work/refused/a$i.jpg"
    ln "$work/refused/a$i.jpg" "$work/scale/a$i.jpg"
  done
  i=0
  for f in "$work"/inputs/*.jpg; do ln "$f" "$work/scale/z$i.jpg"; i=$((i + 1)); done
fi

if ! built=$(swift build -c release --product collage 2>&1); then echo "$built"; exit 1; fi
exec python3 Tests/Benchmarks/bench.py "$PWD" "$runs" "${@:2}"

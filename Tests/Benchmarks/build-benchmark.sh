#!/bin/bash
# collage build on six 12 MP JPEGs against the peers in ../shared/bench (libvips, ImageMagick,
# and djpeg's bare 1/4-scale decode). Job: a 3x2 grid of 600x400 tiles, 1800x800, JPEG q90.
# Inputs are generated deterministically (fixed seed) as ../shared/photos/SOURCES.md describes:
# centre-cropped to 4:3, Lanczos-upscaled to 4032x3024, Gaussian noise, quality 90, 4:2:0.
# Usage: Tests/Benchmarks/build-benchmark.sh [runs]   (median of `runs`, default 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
shared=$(realpath "${SHARED:-../shared}")
work=.build-bench
need=""
for p in imagemagick libvips-tools libjpeg-turbo-progs time; do dpkg -s $p >/dev/null 2>&1 || need="$need $p"; done
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi

mkdir -p "$work/inputs" "$work/out"
inputs=()
seed=1
for name in path eveningglow autumn kite bythewater fallenleaf; do
  out="$work/inputs/$name-12mp.jpg"
  if [ ! -s "$out" ]; then
    convert "$shared/photos/$name-1600x1200.jpg" -gravity center -crop 4:3 +repage \
      -filter Lanczos -resize 4032x3024! -seed $seed -attenuate 0.25 +noise Gaussian \
      -quality 90 -sampling-factor 2x2 "$out"
  fi
  inputs+=("$(realpath "$out")")
  seed=$((seed + 1))
done

swift build -c release --product collage >/dev/null
collage=$(realpath .build/release/collage)

# median wall time and peak RSS of a command over $runs runs
measure() {
  local label=$1; shift
  local times=() rss=()
  for _ in $(seq "$runs"); do
    local log
    /usr/bin/time -o time.log -f '%e %M' "$@" >/dev/null 2>run.log || { echo "$label failed:"; cat run.log; return 1; }
    log=$(tail -1 time.log)
    times+=("${log% *}"); rss+=("${log#* }")
  done
  local t m
  t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  m=$(printf '%s\n' "${rss[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%-34s %6.2f s  %6d MiB\n' "$label" "$t" $((m / 1024))
}

cd "$work/out"
printf '%-34s %8s  %10s\n' "command (median of $runs)" "wall" "peak RSS"
measure "collage build (release)" "$collage" build "${inputs[@]}" -o collage.jpg --size 1800x800
measure "vips thumbnail + arrayjoin" bash "$shared/bench/vips-collage.sh" "${inputs[@]}"
measure "ImageMagick -define jpeg:size" bash "$shared/bench/im-fast.sh" "${inputs[@]}"
measure "ImageMagick" bash "$shared/bench/im-collage.sh" "${inputs[@]}"
measure "djpeg -scale 1/4 (decode floor)" bash "$shared/bench/djpeg-limit.sh" "${inputs[@]}"

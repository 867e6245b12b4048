#!/bin/bash
# `collage build --pages` against the decode floor and its peers (montage page by page with its
# jpeg:size hint, `collage build` per page through xargs), then the curve (photos -> wall time,
# time per photo, peak RSS) and the duplicate check's share of a 10,000-photo run: see pages-bench.py.
# Photos are made once and cached in .build-bench/pages (make-bench-photos.py says how): 300
# distinct 12 MP JPEGs, 3,000 of 480x360, 10,000 of 256x192 (the machine this was written on was
# too busy to make larger ones in time).
# Usage: Tests/Benchmarks/pages-benchmark.sh [runs [sections]]   (median of `runs`, default 3;
# sections: table curve duplicates, all by default; COLLAGE_BIN=path measures another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
export SHARED=$(realpath "${SHARED:-../shared}")
need=""
for p in imagemagick libjpeg-turbo-progs time; do dpkg -s $p >/dev/null 2>&1 || need="$need $p"; done
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi
python=${TEST_PYTHON:-.build/test-python/bin/python3}
work=.build-bench/pages
"$python" Tests/Benchmarks/make-bench-photos.py "$work/12mp" 300 4032x3024
"$python" Tests/Benchmarks/make-bench-photos.py "$work/vga" 3000 480x360
"$python" Tests/Benchmarks/make-bench-photos.py "$work/tiny" 10000 256x192 85
if ! built=$(swift build -c release --product collage 2>&1); then echo "$built"; exit 1; fi
exec python3 Tests/Benchmarks/pages-bench.py "$PWD" "$runs" "${@:2}"

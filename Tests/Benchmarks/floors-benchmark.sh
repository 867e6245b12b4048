#!/bin/bash
# Each job against its floor, run in turn and quoted as paired median ratios (floors.py): --pages
# on the event set, one collage of six 12 MP JPEGs, the same of six HEICs, and watch against
# re-running build. The event set is ../shared/bench/event-300.py's (made once, about 4 minutes,
# kept in .build-bench/event-300); the JPEGs and HEICs are build-benchmark.sh's and
# heic-benchmark.sh's (their first run makes them).
# Usage: Tests/Benchmarks/floors-benchmark.sh [pairs [sections]]   (7 pairs by default;
# sections: pages one heic watch, all by default; COLLAGE_BIN=path measures another build than
# the shipped one, .build-dist/release/collage)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-7}
export SHARED=$(realpath "${SHARED:-../shared}")
py=${TEST_PYTHON:-.build/test-python/bin/python3}
[ -x "$py" ] || make --no-print-directory .build/test-python/bin/python3 >/dev/null
"$py" -c 'import numpy' 2>/dev/null || "$py" -m pip install --quiet numpy
event=.build-bench/event-300
if [ "$(find "$event" -name 'p*.jpg' 2>/dev/null | wc -l)" != 300 ]; then
  rm -rf "$event" "$event.part"
  "$py" "$SHARED/bench/event-300.py" "$event.part"
  mv "$event.part" "$event"
fi
[ -s .build-bench/inputs/path-12mp.jpg ] || bash Tests/Benchmarks/build-benchmark.sh 1 startup >/dev/null
[ -e .build-bench/heic-grids ] || bash Tests/Benchmarks/heic-benchmark.sh 1 >/dev/null
# The binary users get (make install, the .deb; make build): release, the Swift runtime linked
# in. It starts sooner than .build/release's, which loads the runtime's libraries: a build that
# stops at its first photo takes 14 ms against 18 (farm-bench, medians of 40 pairs).
if ! built=$(make --no-print-directory build 2>&1); then echo "$built"; exit 1; fi
cd Tests/Benchmarks && exec python3 floors.py ../.. "$pairs" "${@:2}"

#!/usr/bin/env bash
# Peak RSS of decoding memory bombs within --max-pixels (issue 16, item 9), from /usr/bin/time -v:
# one 10000x9990 progressive 4:4:4 JPEG (libjpeg keeps ~577 MiB of coefficients), six copies of it
# with the default --max-memory (1G: the read-ahead never decodes two at once), and the 677-byte
# file declaring 65500x1520. Release build; COLLAGE_BIN measures another binary (main's, to compare).
# Usage: Tests/Benchmarks/memory-benchmark.sh   (from the repository's root)
# Measured 2026-11-23 (2 shared cores), peak RSS before (main 1d49175) -> after: one bomb 607 -> 607 MiB;
# six bombs 1173 -> 619 MiB; the 677-byte file 20 -> 20 MiB (already refused as truncated before
# libjpeg touches its coefficients); one bomb under --max-memory 512M: 18 MiB, refused from its header.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
collage=${COLLAGE_BIN:-$root/.build/release/collage}
[ -n "${COLLAGE_BIN:-}" ] || (cd "$root" && swift build -j 1 -c release --product collage >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for i in 1 2 3 4 5 6; do cp "$root/Fixtures/progressive-bomb.jpg" "$work/bomb-$i.jpg"; done
# Copies of one photo: each is decoded (duplicates are found from the pixels), which is what is measured.

peak() {  # peak RSS in MiB and the exit status of one run
    local status=0
    /usr/bin/time -v -o "$work/time" "$collage" "$@" >/dev/null 2>"$work/err" || status=$?
    local kib
    kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
    printf '%6d MiB  exit %-3d' $((kib / 1024)) "$status"
}

echo "collage: $collage"
printf '%-58s %s\n' "one bomb (build)" "$(peak build "$work/bomb-1.jpg" -o "$work/one.jpg")"
printf '%-58s %s\n' "six bombs (build, default --max-memory)" "$(peak build "$work"/bomb-?.jpg -o "$work/six.jpg")"
printf '%-58s %s\n' "677-byte 65500x1520 (build)" "$(peak build "$root/Fixtures/wide-progressive-eoi.jpg" -o "$work/wide.jpg")"
if "$collage" build --help | grep -q -- --max-memory; then
    printf '%-58s %s\n' "one bomb, --max-memory 512M (refused from its header)" \
        "$(peak build --max-memory 512M "$work/bomb-1.jpg" -o "$work/refused.jpg")"
fi

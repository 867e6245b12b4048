#!/bin/bash
# Builds libjpeg-turbo and libpng with AddressSanitizer and libFuzzer's coverage, as static
# libraries in PREFIX, for `make fuzz` to link instead of the system's: the fuzzer then sees
# which branches of the decoders an input reaches (not only of collage's own code), and
# AddressSanitizer checks every write the decoders make, into collage's pixel buffers too.
#
# Usage: Tests/Fuzz/build-codecs.sh LIBJPEG_TURBO_SOURCE LIBPNG_SOURCE PREFIX
# Use the versions the system's headers are from (Debian 12: libjpeg-turbo 2.1.5, libpng 1.6.39),
# e.g. `apt-get source libjpeg-turbo libpng1.6`. Needs cmake; the compiler is the Swift
# toolchain's clang, whose sanitizer runtimes the fuzz target links.
set -euo pipefail
[ $# -eq 3 ] || { sed -n 2,10p "$0"; exit 64; }
jpeg_src=$(realpath "$1") png_src=$(realpath "$2") prefix=$(realpath -m "$3")
clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
flags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,fuzzer-no-link"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$jpeg_src" -B "$work/jpeg" -DCMAKE_C_COMPILER="$clang" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DENABLE_SHARED=OFF -DENABLE_STATIC=ON \
  -DWITH_SIMD=OFF -DWITH_TURBOJPEG=OFF -DCMAKE_BUILD_TYPE=None > "$work/jpeg.log"
cmake --build "$work/jpeg" --target jpeg-static -j "$(nproc)" >> "$work/jpeg.log"
install -D -m 644 "$work/jpeg/libjpeg.a" "$prefix/lib/libjpeg.a"

cmake -S "$png_src" -B "$work/png" -DCMAKE_C_COMPILER="$clang" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_TESTS=OFF \
  -DPNG_HARDWARE_OPTIMIZATIONS=OFF -DCMAKE_BUILD_TYPE=None > "$work/png.log"
cmake --build "$work/png" --target png_static -j "$(nproc)" >> "$work/png.log"
install -D -m 644 "$work/png/libpng16.a" "$prefix/lib/libpng16.a"
echo "instrumented libjpeg.a and libpng16.a in $prefix/lib"

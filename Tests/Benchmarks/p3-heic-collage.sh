#!/bin/bash
# Phone-like HEICs with Display P3 colour, collaged by collage and by libvips, side by side.
# Six real photos (../shared/photos, sRGB) are converted to Display P3 by Pillow's ImageCms
# (lcms2, relative colorimetric; the P3 profile is made by lcms2 as Fixtures/make-color-fixtures.py
# makes it) and encoded by pillow-heif as a phone stores them: grids of 512-pixel HEVC tiles,
# quality 90, a 320-pixel thumbnail, the P3 profile embedded. Then:
#   collage-p3.png     collage build of the six HEICs (3x2 tiles of 600x400, centre crop)
#   vips-p3.png        libvips on the same files: vips thumbnail --crop centre --export-profile srgb
#                      x6 + arrayjoin --across 3
#   collage-srgb.png   collage build of the six sRGB originals: what the colours should be
#   side-by-side.png   collage | libvips on the HEICs, and the sRGB originals' collage below
# and prints the mean |difference| (levels, 0-255, over every channel) between them.
# Usage: Tests/Benchmarks/p3-heic-collage.sh [OUTPUT_FOLDER]   (default .build-bench/p3)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(realpath -m "${1:-.build-bench/p3}")
shared=$(realpath "${SHARED:-../shared}")
py=${PYTHON:-.build/test-python/bin/python3}
[ -x "$py" ] || make --no-print-directory .build/test-python/bin/python3 >/dev/null
command -v vips >/dev/null || make --no-print-directory deps >/dev/null
if ! built=$(swift build -c release --product collage 2>&1); then echo "$built"; exit 1; fi
collage=$PWD/.build/release/collage
mkdir -p "$out/heic" "$out/srgb"
names="path eveningglow autumn kite bythewater fallenleaf"

for name in $names; do
  cp "$shared/photos/$name-1600x1200.jpg" "$out/srgb/$name.jpg"
  [ -s "$out/heic/$name.heic" ] && continue
  "$py" - "$out/srgb/$name.jpg" "$out/heic/$name.heic" <<'PY'
import importlib.util, sys
import pillow_heif
from PIL import Image
spec = importlib.util.spec_from_file_location("colour", "Fixtures/make-color-fixtures.py")
colour = importlib.util.module_from_spec(spec)
spec.loader.exec_module(colour)
p3 = colour.PROFILES["p3"]
image = colour.into(Image.open(sys.argv[1]).convert("RGB"), p3)
pillow_heif.from_pillow(image).save(sys.argv[2] + ".part", format="HEIF", quality=90, tile_size=512, thumbnails=[320],
                                    icc_profile=p3)
PY
  mv "$out/heic/$name.heic.part" "$out/heic/$name.heic"
done

heics=() srgbs=()
for name in $names; do heics+=("$out/heic/$name.heic"); srgbs+=("$out/srgb/$name.jpg"); done
"$collage" build "${heics[@]}" -o "$out/collage-p3.png" --size 1800x800 --grid 3x2 --crop centre
"$collage" build "${srgbs[@]}" -o "$out/collage-srgb.png" --size 1800x800 --grid 3x2 --crop centre
tiles=$(mktemp -d); trap 'rm -rf "$tiles"' EXIT
i=0
for f in "${heics[@]}"; do
  vips thumbnail "$f" "$tiles/t$i.v" 600 --height 400 --crop centre --export-profile srgb 2>/dev/null
  i=$((i + 1))
done
vips arrayjoin "$(ls "$tiles"/t*.v | tr '\n' ' ')" "$out/vips-p3.png" --across 3

"$py" - "$out" <<'PY'
import sys
from PIL import Image, ImageChops, ImageDraw, ImageStat
out = sys.argv[1]
ours, vips, srgb = (Image.open(f"{out}/{n}.png").convert("RGB") for n in ("collage-p3", "vips-p3", "collage-srgb"))
def mean(a, b):
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3
print(f"mean |diff| collage (P3 HEICs) vs libvips (P3 HEICs): {mean(ours, vips):.2f} levels")
print(f"mean |diff| collage (P3 HEICs) vs collage (sRGB originals): {mean(ours, srgb):.2f} levels")
print(f"mean |diff| libvips (P3 HEICs) vs collage (sRGB originals): {mean(vips, srgb):.2f} levels")
w, h = ours.size
band = 40
sheet = Image.new("RGB", (2 * w + 20, 2 * (h + band) + 10), "white")
draw = ImageDraw.Draw(sheet)
for (x, y), image, label in (((0, 0), ours, "collage build: six Display P3 HEICs (512-px grids)"),
                             ((w + 20, 0), vips, "libvips thumbnail --export-profile srgb + arrayjoin, same HEICs"),
                             ((0, h + band + 10), srgb, "collage build: the six sRGB originals (JPEG)")):
    draw.text((x + 8, y + 12), label, fill="black")
    sheet.paste(image, (x, y + band))
sheet.save(f"{out}/side-by-side.png")
print(f"{out}/side-by-side.png")
PY

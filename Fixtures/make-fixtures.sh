#!/bin/bash
# Regenerates Fixtures/ from ../shared/photos (KDE Plasma wallpapers, see README.md).
# Needs: imagemagick, libimage-exiftool-perl, libjpeg-turbo-progs, the tests' Python (`make
# test-python`: Pillow, pillow-heif), liblcms2-2, libgs-common (Ghostscript's ICC profiles),
# libvips-tools, libheif-examples, libavif-bin, webp, and a C compiler with libaom-dev (av1-layers.c).
# Not run by the tests.
set -euo pipefail
cd "$(dirname "$0")"
py=${PYTHON:-../.build/test-python/bin/python3}
src=${PHOTOS:-../../shared/photos}
# Intermediate files go to a scratch folder, removed however the script ends: a failure halfway
# leaves nothing behind in Fixtures/ but the fixtures already made.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jpg() { convert "$src/$1" -resize "$2^" -gravity center -extent "$2" -strip -quality 85 -sampling-factor 2x2 "$3"; }

# Seven distinct landscape photos, 320x200 or 280x210.
jpg autumn-1600x1200.jpg 320x200 autumn.jpg
jpg bythewater-1600x1200.jpg 320x200 bythewater.jpg
jpg coldripple-1600x1200.jpg 280x210 coldripple.jpg
jpg eveningglow-1600x1200.jpg 320x200 eveningglow.jpg
jpg fallenleaf-1600x1200.jpg 280x210 fallenleaf.jpg
jpg kite-1600x1200.jpg 320x200 kite.jpg
jpg path-1600x1200.jpg 320x200 path.jpg
# A portrait and a square.
jpg safelanding-1622x2880-portrait.jpg 180x320 portrait.jpg
jpg summer_1am-1600x1200.jpg 200x200 square.jpg

# Duplicates of kite: byte-identical, re-encoded smaller at q60, and as a palette PNG.
cp kite.jpg kite-copy.jpg
convert kite.jpg -resize 200x125 -quality 60 kite-resized-q60.jpg
convert kite.jpg -resize 240x150 -colors 256 -type Palette PNG8:kite-palette.png
# bythewater as a 16-bit PNG (same photo, other format).
convert bythewater.jpg -resize 160x100 -depth 16 PNG48:bythewater-16bit.png

# Phone-style EXIF orientation: pixels stored turned, the tag says how to show them.
# colorfulcups stored as portrait, tag 6 (rotate 90 CW): shown 240x180, landscape: accepted.
convert "$src/colorfulcups-2560x1600.jpg" -resize 240x180^ -gravity center -extent 240x180 -rotate -90 -strip -quality 85 cups-exif6.jpg
exiftool -q -overwrite_original -ExifByteOrder=MM -Orientation#=6 cups-exif6.jpg
# the same photo stored as portrait with tag 8 (rotate 90 CCW), little-endian EXIF: accepted.
convert "$src/colorfulcups-2560x1600.jpg" -resize 240x180^ -gravity center -extent 240x180 -rotate 90 -strip -quality 85 cups-exif8.jpg
exiftool -q -overwrite_original -ExifByteOrder=II -Orientation#=8 cups-exif8.jpg
# upside down, tag 3: shown landscape.
convert "$src/summer_1am-1600x1200.jpg" -resize 240x160^ -gravity center -extent 240x160 -rotate 180 -strip -quality 85 summer-exif3.jpg
exiftool -q -overwrite_original -Orientation#=3 summer-exif3.jpg
# stored landscape (as a phone held upright stores it), tag 6: shown portrait: rejected.
jpg safelanding-1622x2880-portrait.jpg 320x180 portrait-exif6.jpg
exiftool -q -overwrite_original -Orientation#=6 portrait-exif6.jpg

# Colour models: grayscale JPEG, Adobe CMYK JPEG, PNG with alpha.
convert "$src/grey-1600x1200.jpg" -resize 300x200^ -gravity center -extent 300x200 -colorspace Gray -strip -quality 85 grey-gray.jpg
convert "$src/coldripple-1600x1200.jpg" -resize 300x200^ -gravity center -extent 300x200 -colorspace CMYK -strip -quality 85 coldripple-cmyk.jpg
# summer_1am with its left half fully transparent: must come out white there.
convert "$src/summer_1am-1600x1200.jpg" -resize 210x140^ -gravity center -extent 210x140 \
  \( -size 105x140 xc:black -size 105x140 xc:white +append \) -alpha off -compose CopyOpacity -composite summer-alpha.png

# A photo booth: a camera on a stand, one backdrop (summer_1am), guests moving between shots.
# Subjects are head-and-shoulders silhouettes cut from other photos (SafeLanding's rocket,
# Autumn's tree); every shot gets its own sensor-like noise (sigma ~5 per channel) and a
# slight exposure drift (-2 % to +3 %). Six shots: A moves by 2.5 %, 5 %, 10 % of the width,
# B joins, A moves back by 25 %.
convert "$src/summer_1am-1600x1200.jpg" -resize 320x200^ -gravity center -extent 320x200 "$work/backdrop.png"
silhouette() { convert -size "$1x$2" xc:black -fill white -draw "circle $(($1/2)),$(($1*3/10)) $(($1/2)),$(($1/20))" \
  -draw "roundrectangle $(($1/10)),$(($1*6/10)) $(($1*9/10)),$(($2+20)) $(($1/4)),$(($1/4))" -blur 0x0.7 "$3"; }
silhouette 64 140 "$work/mask-a.png"
silhouette 56 120 "$work/mask-b.png"
convert "$src/safelanding-1622x2880-portrait.jpg" -crop 560x1220+560+700 +repage -resize 64x140! "$work/mask-a.png" -alpha off -compose CopyOpacity -composite "$work/subject-a.png"
convert "$src/autumn-1600x1200.jpg" -crop 520x1120+1500+200 +repage -resize 56x120! "$work/mask-b.png" -alpha off -compose CopyOpacity -composite "$work/subject-b.png"
# A with a hand raised; a red cup (ColorfulCups) for a small object on the ground.
convert "$work/subject-a.png" -background none -gravity West -extent 84x140 -fill '#d9a07e' -stroke '#b07050' -strokewidth 1 \
  -draw "polygon 50,88 56,92 80,26 72,22" -draw "circle 77,20 77,14" "$work/subject-a-hand.png"
convert "$src/colorfulcups-2560x1600.jpg" -crop 440x400+1960+20 +repage -resize 26x24! \
  \( -size 26x24 xc:black -fill white -draw "ellipse 13,12 12,11 0,360" \) -alpha off -compose CopyOpacity -composite "$work/cup.png"
# shot NAME EXPOSURE SEED LAYER X Y [LAYER X Y]...: the backdrop, the layers, drift, noise, JPEG q85.
shot() {
  local name=$1 exposure=$2 seed=$3 layers=()
  shift 3
  while [ $# -gt 0 ]; do layers+=("$1" -geometry "+$2+$3" -composite); shift 3; done
  convert "$work/backdrop.png" -gravity NorthWest "${layers[@]}" -evaluate multiply "$exposure" \
    -seed "$seed" -attenuate 0.25 +noise Gaussian -strip -quality 85 -sampling-factor 2x2 "$name"
}
shot booth-1.jpg 1.00 11 "$work/subject-a.png" 60 60
shot booth-2.jpg 1.02 12 "$work/subject-a.png" 68 60
shot booth-3.jpg 0.98 13 "$work/subject-a.png" 84 60
shot booth-4.jpg 1.03 14 "$work/subject-a.png" 116 60
shot booth-5.jpg 0.99 15 "$work/subject-a.png" 116 60 "$work/subject-b.png" 230 80
shot booth-6.jpg 1.01 16 "$work/subject-a.png" 36 60 "$work/subject-b.png" 230 80
# Off the burst, each against booth-1: a hand raised; a cup put down; the same scene, new noise only.
shot booth-hand.jpg 1.00 17 "$work/subject-a-hand.png" 60 60
shot booth-cup.jpg 1.00 18 "$work/subject-a.png" 60 60 "$work/cup.png" 250 168
# Copies of a booth shot: re-encoded at quality 30; a quarter of the size.
convert booth-1.jpg -quality 30 booth-1-q30.jpg
convert booth-1.jpg -resize 80x50 -quality 75 booth-1-quarter.jpg

# Every kind of copy of eveningglow.jpg: byte-identical; re-encoded at quality 30; a quarter of the
# size, re-encoded; converted to PNG, and that PNG back to JPEG; stored turned 90 CCW and
# re-encoded, EXIF orientation 6; turned losslessly by jpegtran, orientation 6; metadata added.
cp eveningglow.jpg eveningglow-copy.jpg
convert eveningglow.jpg -quality 30 eveningglow-q30.jpg
convert eveningglow.jpg -resize 80x50 -quality 75 eveningglow-quarter.jpg
convert eveningglow.jpg -define png:exclude-chunk=date,time eveningglow-converted.png
convert eveningglow-converted.png -quality 85 -sampling-factor 2x2 eveningglow-from-png.jpg
convert eveningglow.jpg -rotate -90 -quality 85 -sampling-factor 2x2 eveningglow-exif6.jpg
exiftool -q -overwrite_original -Orientation#=6 eveningglow-exif6.jpg
jpegtran -perfect -rotate 270 -copy none -outfile eveningglow-jpegtran.jpg eveningglow.jpg
exiftool -q -overwrite_original -Orientation#=6 eveningglow-jpegtran.jpg
cp eveningglow.jpg eveningglow-meta.jpg
exiftool -q -overwrite_original -Artist='A. Guest' -Copyright='KDE VDG' -DateTimeOriginal='2024:06:01 21:30:00' \
  -ImageDescription='Evening glow' -Make='Booth' -Model='Stand 1' -Comment='edited' eveningglow-meta.jpg
# Not a copy: the same scene cropped to 4:3.
jpg eveningglow-1600x1200.jpg 280x210 eveningglow-4x3.jpg

# Broken files: truncated JPEG and PNG, a text file named .jpg, an empty file.
head -c 6000 eveningglow.jpg > truncated.jpg
head -c 9000 bythewater-16bit.png > truncated.png
printf 'This is not a photo.\n' > not-an-image.jpg
: > empty.jpg
# Truncated JPEGs that still end with an EOI marker, so libjpeg only warns ("premature end of data
# segment") and would fill the rest grey: the first third of a photo, and the first 675 bytes of a
# flat grey 14000x7100 photo (cjpeg streams it from a PPM made on the fly: no 300 MB in memory).
python3 -c 'd = open("eveningglow.jpg", "rb").read(); open("truncated-eoi.jpg", "wb").write(d[:len(d) // 3] + b"\xff\xd9")'
python3 -c '
import sys
w, h = 14000, 7100
sys.stdout.buffer.write(b"P6\n%d %d\n255\n" % (w, h))
row = bytes([128]) * (3 * w)
for _ in range(h): sys.stdout.buffer.write(row)
' | cjpeg -quality 85 > "$work/grey-14000x7100.jpg"
head -c 675 "$work/grey-14000x7100.jpg" > huge-eoi.jpg
printf '\xff\xd9' >> huge-eoi.jpg
# Memory bombs within --max-pixels: a flat grey 10000x9990 progressive 4:4:4 JPEG (1.2 MB; libjpeg
# keeps its whole coefficient buffer, ~575 MiB, until the last scan) and the first 675 bytes of a
# 65500x1520 one, ending with EOI (677 bytes declaring ~570 MiB of coefficients).
grey_ppm() {
    python3 -c '
import sys
w, h = int(sys.argv[1]), int(sys.argv[2])
sys.stdout.buffer.write(b"P6\n%d %d\n255\n" % (w, h))
row = bytes([128]) * (3 * w)
for _ in range(h): sys.stdout.buffer.write(row)
' "$1" "$2"
}
grey_ppm 10000 9990 | cjpeg -progressive -sample 1x1 -quality 75 > progressive-bomb.jpg
grey_ppm 65500 1520 | cjpeg -progressive -sample 1x1 -quality 75 > "$work/wide-progressive.jpg"
head -c 675 "$work/wide-progressive.jpg" > wide-progressive-eoi.jpg
printf '\xff\xd9' >> wide-progressive-eoi.jpg
# With a restart marker after every MCU row, cut just before the first RST marker past a third
# of the data, then EOI: libjpeg finds EOI where RSTn was due ("found marker 0xd9 instead of RST5").
djpeg eveningglow.jpg | cjpeg -restart 1 -quality 85 > "$work/restart.jpg"
python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
i = len(d) // 3
while not (d[i] == 0xFF and 0xD0 <= d[i + 1] <= 0xD7): i += 1
open("truncated-rst.jpg", "wb").write(d[:i] + b"\xff\xd9")
' "$work/restart.jpg"
# A scan bomb: a progressive JPEG (94 scans) whose last scan is repeated 200 times; libjpeg
# only warns on a repeated scan and would go on decoding every one of them.
"$py" - > "$work/scans.txt" <<'PY'
print("0,1,2: 0-0, 0, 0;")
for c in range(3):
    for k in range(1, 31):
        print(f"{c}: {k}-{k}, 0, 0;")
    print(f"{c}: 31-63, 0, 0;")
PY
jpegtran -scans "$work/scans.txt" -outfile many-scans.jpg fallenleaf.jpg
"$py" - <<'PY'
data = open("many-scans.jpg", "rb").read()
last_sos = data.rindex(b"\xff\xda")
eoi = data.rindex(b"\xff\xd9")
open("many-scans.jpg", "wb").write(data[:eoi] + data[last_sos:eoi] * 200 + data[eoi:])
PY
# Decompression bombs: valid headers that declare 100000x100000 PNG and 60000x60000 JPEG.
"$py" - <<'PY'
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)
idat = zlib.compress(b"\0" * 1000)
open("bomb.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
data = bytearray(open("path.jpg", "rb").read())
i = 2
while data[i + 1] not in (0xC0, 0xC2):        # find the SOF marker
    i += 2 + int.from_bytes(data[i + 2:i + 4], "big")
data[i + 5:i + 9] = struct.pack(">HH", 60000, 60000)
open("bomb.jpg", "wb").write(data)
PY
# An off-centre subject for the attention crop: a detailed, colourful patch of ColorfulCups at the
# left edge of a flat, blurred, desaturated BytheWater. A tall tile's centre crop misses it.
convert "$src/bythewater-1600x1200.jpg" -resize 320x200^ -gravity center -extent 320x200 -blur 0x14 -modulate 100,40 "$work/bg.png"
convert "$src/colorfulcups-2560x1600.jpg" -resize 240x150^ -gravity center -extent 240x150 -gravity center -crop 70x120+0+0 +repage "$work/subject.png"
convert "$work/bg.png" "$work/subject.png" -gravity NorthWest -geometry +8+40 -composite -type TrueColor -strip -quality 85 -sampling-factor 2x2 subject-left.jpg

# The print's decorations (Docs: captions, frames, logos). A photo with an EXIF DateTimeOriginal
# for a caption's {date}; a 300x200 frame (navy, a fully transparent window at 40,40 of 220x120,
# a 50 % black strip along its bottom); a 300x200 border (navy, 4 px, a gold line inside it,
# transparent within: a print's frame); a 120x80 logo (an opaque red disc on transparency).
exiftool -q -q -o kite-dated.jpg -DateTimeOriginal="2026:06:13 15:42:07" kite.jpg
python3 - <<'PY'
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
def png(name, width, height, pixel):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
def frame(x, y):
    if 40 <= x < 260 and 40 <= y < 160: return (0, 0, 0, 0)
    if y >= 180: return (0, 0, 0, 127)
    return (0, 0, 128, 255)
png("frame.png", 300, 200, frame)
def border(x, y):
    edge = min(x, y, 299 - x, 199 - y)
    return (0, 0, 128, 255) if edge < 4 else (212, 175, 55, 255) if edge < 5 else (0, 0, 0, 0)
png("frame-border.png", 300, 200, border)
png("logo.png", 120, 80, lambda x, y: (220, 20, 20, 255) if (x - 60) ** 2 + (y - 40) ** 2 < 35 ** 2 else (0, 0, 0, 0))
PY

# Colour profiles (see make-color-fixtures.py: the profiles are made with lcms2, the pixels
# converted by Pillow's ImageCms): ColorfulCups in sRGB (cups-srgb.jpg), and converted into and
# tagged with Display P3, Adobe RGB, ProPhoto, a red/green-swapped sRGB, a P3 profile over 64 KiB
# split over two APP2 markers, Ghostscript's CMYK profile (Adobe inverted CMYK, three markers), a
# broken profile; PNGs with a ProPhoto iCCP and with cHRM + gAMA; 50 % black over a photo (RGBA).
"$py" make-color-fixtures.py "$src/colorfulcups-2560x1600.jpg"
# The alpha PNG interlaced (Adam7), by libvips: decoded whole before it is blended.
vips pngsave half-black-alpha.png half-black-alpha-interlaced.png --interlace
# Display P3 in phones' formats, by the real encoders from the P3 PNG: heif-enc writes its iCCP
# as a `prof` box, cwebp (-metadata icc) as an ICCP chunk; and a HEIC whose P3 is said by `nclx`
# code points alone (primaries 12, sRGB transfer), written by pillow-heif's libheif from the same
# pixels untagged (Debian 12's heif-enc ignores its --colour_primaries for a PNG without a profile).
heif-enc -q 90 -o cups-p3.heic cups-p3.png
cwebp -quiet -q 90 -metadata icc cups-p3.png -o cups-p3.webp
"$py" - <<'PY'
import pillow_heif
from PIL import Image
image = Image.open("cups-p3.png").convert("RGB")
image.info.pop("icc_profile", None)
heif = pillow_heif.from_pillow(image)
heif.info.pop("icc_profile", None)
heif.info["nclx_profile"] = {"color_primaries": 12, "transfer_characteristics": 13, "matrix_coefficients": 6, "full_range_flag": 1}
heif.save("cups-p3-nclx.heic", quality=90)
PY

# ---- HEIC, AVIF, WebP and PNG eXIf (libheif-examples, webp, exiftool; the tests' Python with
# Pillow and pillow-heif for the irot/imir files and the references). ----
# kite as HEIC (x265 through heif-enc) and as lossy WebP: copies of kite.jpg, for the duplicate rule.
heif-enc -q 85 -o kite.heic kite.jpg
cwebp -quiet -q 80 kite.jpg -o kite.webp
# AVIF (aom through heif-enc) and lossless WebP of eveningglow.
heif-enc -A -q 80 -o eveningglow.avif eveningglow.jpg
cwebp -quiet -lossless eveningglow.jpg -o eveningglow-lossless.webp
# 10 bits: a 16-bit PNG encoded at 10 bits per sample by HEVC (Debian 12's aom asserts on a
# 10-bit AVIF from heif-enc: "write_color_config: Assertion ... subsampling" and aborts).
"$py" - "$work/path16.png" <<'PY'
import struct, sys, zlib
from PIL import Image
image = Image.open("path.jpg").convert("RGB")   # Pillow writes no 16-bit RGB PNG: packed here
rows = b"".join(b"\0" + b"".join(struct.pack(">HHH", *(v * 257 for v in image.getpixel((x, y))))
                                 for x in range(image.width)) for y in range(image.height))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 16, 2, 0, 0, 0))
                              + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
heif-enc -b 10 -q 85 -o path-10bit.heic "$work/path16.png"
# The same at 10 bits as AVIF 4:2:0, by libavif's avifenc (libavif-bin) with aom, which writes
# the 10-bit colour config heif-enc's aom call aborts on.
avifenc --depth 10 --yuv 420 -s 8 --min 10 --max 30 "$work/path16.png" path-10bit.avif
# Monochrome: a grey PNG, coded as 4:0:0.
"$py" -c 'from PIL import Image; import sys; Image.open("grey-gray.jpg").convert("L").save(sys.argv[1])' "$work/grey.png"
heif-enc -q 85 -o grey-mono.heic "$work/grey.png"
# The same as monochrome AV1 in limited range (16-235), by libavif's avifenc: Debian 12's libheif
# 1.15 copies such luma as stored (washed out, 0.86 x + 16); libavif 1.4 (Pillow's) expands it.
avifenc --yuv 400 --range limited -s 8 --min 10 --max 30 "$work/grey.png" grey-mono-limited.avif
# The same file with its one `colr` box renamed `free`: its range is then the AV1 sequence
# header's, at the start of the item's coded data (avifenc's `av1C` carries none), as libavif reads it.
"$py" - <<'PY'
data = bytearray(open("grey-mono-limited.avif", "rb").read())
at = [i for i in range(len(data) - 4) if data[i:i + 4] == b"colr"]
assert len(at) == 1, at
data[at[0]:at[0] + 4] = b"free"
open("grey-mono-limited-nocolr.avif", "wb").write(data)
PY
# A monochrome sequence (`avis`) in limited range, 150x100, the gray then its mirror image, its two
# `colr` boxes (the item's, the track's) renamed `free`: its range is in a full sequence header
# (timing, operating points), where a still image's is reduced.
"$py" -c 'from PIL import Image, ImageOps; import sys; g = Image.open("grey-gray.jpg").convert("L").resize((150, 100)); g.save(sys.argv[1]); ImageOps.mirror(g).save(sys.argv[2])' "$work/g1.png" "$work/g2.png"
avifenc --yuv 400 --range limited -s 8 --min 10 --max 30 "$work/g1.png" "$work/g2.png" "$work/mono-sequence.avif" > /dev/null
"$py" - "$work/mono-sequence.avif" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = [i for i in range(len(data) - 4) if data[i:i + 4] == b"colr"]
assert len(at) == 2, at
for i in at: data[i:i + 4] = b"free"
open("grey-mono-sequence-nocolr.avif", "wb").write(data)
PY
# Layered AV1, whose sequence header lists an operating point per layer, by libaom (Debian 12's
# libaom 3.6) through av1-layers.c: the same gray at 96x64, two spatial layers in limited range;
# three in full range with libaom's decoder model (timing and decoder model info, each
# operating point's parameters and display delay). Low-overhead OBU streams, as they come from
# the encoder: no AVIF writer here makes layers or puts the sequence header in `av1C`.
"$py" -c 'from PIL import Image; import sys; open(sys.argv[1], "wb").write(Image.open("grey-gray.jpg").convert("L").resize((96, 64)).tobytes())' "$work/grey.raw"
cc -O1 -o "$work/av1-layers" av1-layers.c -laom
"$work/av1-layers" 96 64 "$work/grey.raw" grey-layers.obu 2 limited
"$work/av1-layers" 96 64 "$work/grey.raw" grey-layers-model.obu 3 full model
# An AVIF sequence with alpha and no colour box, by avifenc (aom): two frames, cups then kite, their
# left quarter transparent; the `colr` boxes it writes (the primary item's, the track's) renamed
# `free`. With none, libheif 1.15 and libavif both take the colour from the AV1 sequence header.
"$py" - "$work" <<'PY'
import sys
from PIL import Image
for name, source in (("1", "cups-srgb.jpg"), ("2", "kite.jpg")):
    frame = Image.open(source).convert("RGBA").resize((320, 200))
    alpha = Image.new("L", frame.size, 255)
    alpha.paste(0, (0, 0, 80, 200))
    frame.putalpha(alpha)
    frame.save(f"{sys.argv[1]}/frame{name}.png")
PY
avifenc -s 8 --min 10 --max 30 "$work/frame1.png" "$work/frame2.png" "$work/animated.avif" > /dev/null
"$py" - "$work/animated.avif" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = [i for i in range(len(data) - 4) if data[i:i + 4] == b"colr"]
assert len(at) == 2, at   # the primary item's property and the track's sample entry's
for i in at: data[i:i + 4] = b"free"
open("cups-animated-alpha-nocolr.avif", "wb").write(data)
PY
# The same frames by SVT-AV1 (4:2:0, the one it takes), whose sequence header says limited range
# and no colour description (2/2/2) where the `colr` boxes say full range, BT.601; the primary
# item's `colr` renamed `free`, the track's kept. libavif and Chromium read a sequence's track;
# libheif 1.15 the item, and without `colr` the sequence header: blues over-saturated.
avifenc -c svt --yuv 420 -s 8 "$work/frame1.png" "$work/frame2.png" "$work/animated-svt.avif" > /dev/null 2>&1
"$py" - "$work/animated-svt.avif" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = [i for i in range(len(data) - 4) if data[i:i + 4] == b"colr"]
assert len(at) == 2 and at[0] < data.index(b"moov") < at[1], at   # the item's (in meta), the track's
data[at[0]:at[0] + 4] = b"free"
open("cups-animated-svt.avif", "wb").write(data)
PY
# Alpha: summer-alpha.png (left half transparent) as HEIC and as lossy WebP with alpha.
heif-enc -q 85 -o summer-alpha.heic summer-alpha.png
cwebp -quiet -q 85 -exact summer-alpha.png -o summer-alpha.webp
# An animated WebP: coldripple then fallenleaf; only the first frame is shown.
img2webp -loop 0 -d 500 -lossy coldripple.jpg fallenleaf.jpg -o coldripple-animated.webp
# WebP with EXIF orientation 6 (cwebp copies cups-exif6.jpg's EXIF): shown 240x180.
cwebp -quiet -q 85 -metadata exif cups-exif6.jpg -o cups-exif6.webp
# PNG with an eXIf chunk, orientation 6: cups-exif6.jpg's stored pixels, shown 240x180.
"$py" -c 'from PIL import Image; Image.open("cups-exif6.jpg").convert("RGB").save("cups-exif6.png")' 
exiftool -q -overwrite_original -Orientation#=6 cups-exif6.png
# iPhone-like HEICs, by pillow-heif: its libheif writes the EXIF orientation given as irot/imir
# and keeps the EXIF tag. The pixels are stored turned (a fresh image, so pillow-heif finds no
# orientation of its own to apply first); the transforms show them 240x180, and applying the EXIF
# tag as well turns them back to 180x240.
# cups-exif6.heic: stored portrait, irot 270 (anticlockwise) and EXIF 6, as an iPhone held upright;
# cups-irot-imir.heic: stored transposed, imir and irot, EXIF 5.
"$py" - <<'PY'
from PIL import Image, ImageOps
import pillow_heif
upright = ImageOps.exif_transpose(Image.open("cups-exif6.jpg")).convert("RGB")
for name, orientation, turn in (("cups-exif6.heic", 6, Image.Transpose.ROTATE_90),
                                ("cups-irot-imir.heic", 5, Image.Transpose.TRANSPOSE)):
    stored = upright.transpose(turn)
    stored = Image.frombytes("RGB", stored.size, stored.tobytes())
    exif = Image.Exif()
    exif[0x0112] = orientation
    pillow_heif.from_pillow(stored).save(name, quality=85, exif=exif.tobytes())
PY
# Colour information handed on: Pillow's sRGB ICC profile in a WebP ICCP chunk (webpmux) and in a
# HEIC 'colr' box of type prof (heif-enc copies a PNG's iCCP).
"$py" - "$work" <<'PY'
import sys
from PIL import Image, ImageCms
icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
open(f"{sys.argv[1]}/srgb.icc", "wb").write(icc)
Image.open("kite.jpg").save(f"{sys.argv[1]}/kite-icc.png", icc_profile=icc)
PY
webpmux -set icc "$work/srgb.icc" kite.webp -o kite-icc.webp
heif-enc -q 85 -o kite-icc.heic "$work/kite-icc.png"
# A HEIC with an embedded thumbnail, 128 pixels wide.
heif-enc -q 85 -t 128 -o kite-thumb.heic kite.jpg
# A thumbnail that is not the size its header says, as a Canon .hif's (its ispe says 1616x1080,
# it decodes 1664x1088): kite with a 176x110 thumbnail whose ispe is patched to say 168x104, which
# covers the size a six-photo 300x200 collage keeps of it (154x96, the duplicate check's floor).
heif-enc -q 85 -t 176 -o "$work/kite-thumb176.heic" kite.jpg
"$py" - "$work/kite-thumb176.heic" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
found = [i for i in range(len(data) - 16) if data[i:i + 4] == b"ispe" and struct.unpack(">II", data[i + 8:i + 16]) == (176, 110)]
assert len(found) == 1, found   # the primary's says 320x200
data[found[0] + 8:found[0] + 16] = struct.pack(">II", 168, 104)
open("kite-thumb-wrong-size.heic", "wb").write(data)
PY
# A grid, as phones store 12 MP photos: autumn in 128-pixel HEVC tiles (heif-enc 1.15 writes no
# grids; pillow-heif's libheif does, with tile_size).
"$py" -c 'from PIL import Image; import pillow_heif; pillow_heif.from_pillow(Image.open("autumn.jpg")).save("autumn-grid.heic", quality=85, tile_size=128)'
# Broken files: cut short, and with their coded data overwritten.
head -c 3000 kite.heic > truncated.heic
head -c 2000 eveningglow.avif > truncated.avif
head -c 3000 kite.webp > truncated.webp
"$py" - <<'PY'
import struct
def spoil(source, target, start):
    data = bytearray(open(source, "rb").read())
    data[start:start + 400] = bytes((i * 37 + 11) & 0xFF for i in range(400))
    open(target, "wb").write(data)
heic = open("kite.heic", "rb").read()
spoil("kite.heic", "corrupt.heic", heic.index(b"mdat") + 8)       # inside the HEVC data
spoil("eveningglow-lossless.webp", "corrupt.webp", 1000)           # inside the VP8L data
# A 200-megapixel HEIC from its header: kite.heic's 'ispe' says 20000x10000.
data = bytearray(heic)
i = data.index(b"ispe")
data[i + 8:i + 16] = struct.pack(">II", 20000, 10000)
open("bomb.heic", "wb").write(data)
# A HEVC slice cut in half: kite.heic's one slice NAL is given half its length, the rest of its
# bytes become a filler NAL (type 38), so every box and length still adds up. libde265 decodes
# the top of the picture and leaves the rest of its frame unwritten.
data = bytearray(heic)
mdat = data.index(b"mdat") + 4
length = struct.unpack(">I", data[mdat:mdat + 4])[0]
cut = length // 2
data[mdat:mdat + 4] = struct.pack(">I", cut)
filler = mdat + 4 + cut
data[filler:filler + 6] = struct.pack(">I", length - cut - 4) + bytes([38 << 1, 1])
open("cut-slice.heic", "wb").write(data)
PY
# References from independent readers (Pillow, pillow-heif, Pillow's AVIF), for the tests: each
# file as a viewer shows it (transforms and WebP's EXIF orientation applied, alpha over white).
mkdir -p references
"$py" - <<'PY'
from PIL import Image, ImageOps
import pillow_heif
pillow_heif.register_heif_opener()
names = ["kite.heic", "autumn-grid.heic", "eveningglow.avif", "path-10bit.heic", "path-10bit.avif", "grey-mono.heic",
         "grey-mono-limited.avif", "kite-thumb-wrong-size.heic", "cups-animated-alpha-nocolr.avif", "cups-animated-svt.avif",
         "summer-alpha.heic", "cups-exif6.heic", "cups-irot-imir.heic", "kite.webp", "eveningglow-lossless.webp",
         "summer-alpha.webp", "coldripple-animated.webp", "cups-exif6.webp", "cups-exif6.png",
         # Downloaded, not made here (see README.md): the public AVIF conformance files.
         "Monochrome.avif", "alpha_video.avif"]
gray = {"Monochrome.avif"}  # kept as gray: a third of the bytes, the same pixels
for name in names:
    image = Image.open(name)
    image.seek(0)
    if not name.endswith(".heic"):
        image = ImageOps.exif_transpose(image)   # pillow-heif applies HEIF's transforms and no EXIF
    rgba = image.convert("RGBA")
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat = Image.alpha_composite(white, rgba).convert("RGB")
    (flat.convert("L") if name in gray else flat).save(f"references/{name}.png", optimize=name in gray)
PY

ls -l

#!/bin/bash
# Regenerates Fixtures/ from ../shared/photos (KDE Plasma wallpapers, see README.md).
# Needs: imagemagick, libimage-exiftool-perl, libjpeg-turbo-progs, python3. Not run by the tests.
set -euo pipefail
cd "$(dirname "$0")"
src=${PHOTOS:-../../shared/photos}
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

# Broken files: truncated JPEG and PNG, a text file named .jpg, an empty file.
head -c 6000 eveningglow.jpg > truncated.jpg
head -c 9000 bythewater-16bit.png > truncated.png
printf 'This is not a photo.\n' > not-an-image.jpg
: > empty.jpg
# A scan bomb: a progressive JPEG (94 scans) whose last scan is repeated 200 times; libjpeg
# only warns on a repeated scan and would go on decoding every one of them.
python3 - > scans.txt <<'PY'
print("0,1,2: 0-0, 0, 0;")
for c in range(3):
    for k in range(1, 31):
        print(f"{c}: {k}-{k}, 0, 0;")
    print(f"{c}: 31-63, 0, 0;")
PY
jpegtran -scans scans.txt -outfile many-scans.jpg fallenleaf.jpg
rm scans.txt
python3 - <<'PY'
data = open("many-scans.jpg", "rb").read()
last_sos = data.rindex(b"\xff\xda")
eoi = data.rindex(b"\xff\xd9")
open("many-scans.jpg", "wb").write(data[:eoi] + data[last_sos:eoi] * 200 + data[eoi:])
PY
# Decompression bombs: valid headers that declare 100000x100000 PNG and 60000x60000 JPEG.
python3 - <<'PY'
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
ls -l

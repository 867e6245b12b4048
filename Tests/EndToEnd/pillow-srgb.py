#!/usr/bin/env python3
"""An independent reader for the colour tests: a photo as a colour-managed viewer shows it,
by Pillow and ImageCms (lcms2). The embedded profile, if any, is applied to sRGB (relative
colorimetric, as collage and libvips do); transparency is blended onto white in the stored
values (Image.alpha_composite, as browsers do). HEIF and AVIF are read by pillow-heif. A second
file, when given, lends its ICC profile (for a HEIC whose colour is an nclx box, which Pillow does
not read as a profile). Writes the raw RGB bytes to stdout."""
import io
import sys

import pillow_heif
from PIL import Image, ImageCms

pillow_heif.register_heif_opener()
image = Image.open(sys.argv[1])
image.load()
icc = Image.open(sys.argv[2]).info.get("icc_profile") if len(sys.argv) > 2 else image.info.get("icc_profile")
if image.mode in ("RGBA", "LA", "P", "PA"):
    image = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image.convert("RGBA"))
if icc:
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    image = ImageCms.profileToProfile(image, source, ImageCms.createProfile("sRGB"),
                                      renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB")
sys.stdout.buffer.write(image.convert("RGB").tobytes())

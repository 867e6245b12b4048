#!/usr/bin/env python3
"""An independent reader for the colour tests: a photo as a colour-managed viewer shows it,
by Pillow and ImageCms (lcms2). The embedded profile, if any, is applied to sRGB (relative
colorimetric, as collage and libvips do); transparency is blended onto white in the stored
values (Image.alpha_composite, as browsers do). Writes the raw RGB bytes to stdout."""
import io
import sys

from PIL import Image, ImageCms

image = Image.open(sys.argv[1])
image.load()
icc = image.info.get("icc_profile")
if image.mode in ("RGBA", "LA", "P", "PA"):
    image = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image.convert("RGBA"))
if icc:
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    image = ImageCms.profileToProfile(image, source, ImageCms.createProfile("sRGB"),
                                      renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB")
sys.stdout.buffer.write(image.convert("RGB").tobytes())

#!/usr/bin/env python3
"""Colour-managed fixtures: one sRGB photo converted into other colour spaces and tagged with the
profile, as phones and cameras save them. Run by make-fixtures.sh with ColorfulCups (sRGB) as
its argument, fitted here to 320x200; needs python3-pil (ImageCms) and liblcms2-2.

The RGB profiles are made here with lcms2 itself (through ctypes: cmsCreateRGBProfile with the
published primaries, white point and tone curve, and a description tag), so they are exactly
what their names say; the CMYK and gray profiles are Ghostscript's default_cmyk.icc and ps_gray.icc (libgs-common). Pixels
are converted with Pillow's ImageCms (lcms2), relative colorimetric, and saved by Pillow.
"""
import ctypes
import io
import struct
import sys
import zlib

from PIL import Image, ImageCms, ImageOps
from PIL.PngImagePlugin import PngInfo

lcms = ctypes.CDLL("liblcms2.so.2")


class xyY(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]


lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(xyY), ctypes.POINTER(xyY * 3), ctypes.c_void_p * 3]
lcms.cmsCreateGrayProfile.restype = ctypes.c_void_p
lcms.cmsCreateGrayProfile.argtypes = [ctypes.POINTER(xyY), ctypes.c_void_p]
lcms.cmsBuildGamma.restype = ctypes.c_void_p
lcms.cmsBuildGamma.argtypes = [ctypes.c_void_p, ctypes.c_double]
lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_double * 5]
lcms.cmsBuildTabulatedToneCurve16.restype = ctypes.c_void_p
lcms.cmsBuildTabulatedToneCurve16.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint16)]
lcms.cmsMLUalloc.restype = ctypes.c_void_p
lcms.cmsMLUalloc.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
lcms.cmsMLUsetASCII.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
lcms.cmsWriteTag.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p]
lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
lcms.cmsCloseProfile.argtypes = [ctypes.c_void_p]
lcms.cmsSetProfileVersion.argtypes = [ctypes.c_void_p, ctypes.c_double]

DESCRIPTION_TAG = 0x64657363  # 'desc'
COPYRIGHT_TAG = 0x63707274  # 'cprt'
SRGB_CURVE = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)  # IEC 61966-2-1, lcms type 4
D65 = (0.3127, 0.3290)
D50 = (0.3457, 0.3585)


def tone_curve(curve):
    """A gamma, or the sRGB curve."""
    if curve == "srgb":
        return lcms.cmsBuildParametricToneCurve(None, 4, (ctypes.c_double * 5)(*SRGB_CURVE))
    return lcms.cmsBuildGamma(None, curve)


def rgb_profile(name, white, red, green, blue, curve, copyright=None):
    """An ICC v4 matrix-shaper profile made by lcms2: `curve` is a gamma or the sRGB curve."""
    tone = tone_curve(curve)
    primaries = (xyY * 3)(xyY(*red, 1.0), xyY(*green, 1.0), xyY(*blue, 1.0))
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(xyY(*white, 1.0)), ctypes.byref(primaries),
                                       (ctypes.c_void_p * 3)(tone, tone, tone))
    return saved(profile, name, copyright)


def gray_profile(name, white, curve):
    """An ICC v4 gray profile made by lcms2: a white point and a tone curve."""
    return saved(lcms.cmsCreateGrayProfile(ctypes.byref(xyY(*white, 1.0)), tone_curve(curve)), name)


def saved(profile, name, copyright=None):
    """`profile` with its description (and copyright), as ICC bytes; closed."""
    mlu = lcms.cmsMLUalloc(None, 1)
    lcms.cmsMLUsetASCII(mlu, b"en", b"US", name.encode())
    lcms.cmsWriteTag(profile, DESCRIPTION_TAG, mlu)
    if copyright:
        notice = lcms.cmsMLUalloc(None, 1)
        lcms.cmsMLUsetASCII(notice, b"en", b"US", copyright.encode())
        lcms.cmsWriteTag(profile, COPYRIGHT_TAG, notice)
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    lcms.cmsCloseProfile(profile)
    return buffer.raw[: size.value]


PROFILES = {
    "p3": rgb_profile("Display P3", D65, (0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "srgb"),
    "adobergb": rgb_profile("Adobe RGB (1998)", D65, (0.64, 0.33), (0.21, 0.71), (0.15, 0.06), 563 / 256),
    "prophoto": rgb_profile("ProPhoto RGB", D50, (0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001), 1.8),
    # sRGB with its red and green primaries exchanged: sRGB red is stored as (0, 255, 0).
    "swapped": rgb_profile("sRGB red-green swapped", D65, (0.30, 0.60), (0.64, 0.33), (0.15, 0.06), "srgb"),
    # Display P3 with a 40,000-character copyright (UTF-16 in the file): a profile over 64 KiB.
    "p3-large": rgb_profile("Display P3 (long)", D65, (0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "srgb",
                            copyright="No copyright, use freely. " * 1600),
    # Adobe RGB's primaries with a pure 1.8 curve: what a PNG's cHRM and gAMA 55556 describe.
    "chrm": rgb_profile("cHRM and gAMA", D65, (0.64, 0.33), (0.21, 0.71), (0.15, 0.06), 1.8),
    # Gray with a pure 1.6 curve and D65 white: what a gray PNG's cHRM and gAMA 62500 describe.
    "gray-chrm": gray_profile("cHRM and gAMA", D65, 1.6),
}
SRGB = ImageCms.createProfile("sRGB")
RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC


def into(image, icc, mode="RGB"):
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    converted = ImageCms.profileToProfile(image, SRGB, profile, renderingIntent=RELATIVE, outputMode=mode)
    converted.info.pop("icc_profile", None)  # Pillow would save the one it carries: each file says which it has
    return converted


def main(source):
    photo = ImageOps.fit(Image.open(source).convert("RGB"), (320, 200), Image.Resampling.LANCZOS)
    photo.save("cups-srgb.jpg", quality=92)
    for kind in ("p3", "adobergb", "prophoto", "swapped"):
        into(photo, PROFILES[kind]).save(f"cups-{kind}.jpg", quality=92, icc_profile=PROFILES[kind])
    # A profile over 64 KiB: Pillow splits it over two APP2 markers, numbered 1 and 2.
    assert len(PROFILES["p3-large"]) > 65519
    into(photo, PROFILES["p3-large"]).save("cups-p3-split.jpg", quality=92, icc_profile=PROFILES["p3-large"])
    # CMYK with Ghostscript's profile (187 KB: three markers); Pillow writes Adobe's inverted CMYK.
    cmyk = open("/usr/share/color/icc/ghostscript/default_cmyk.icc", "rb").read()
    into(photo, cmyk, "CMYK").save("cups-cmyk-profile.jpg", quality=92, icc_profile=cmyk)
    # Gray with Ghostscript's PostScript gray profile (a curve far from sRGB's).
    gray_icc = open("/usr/share/color/icc/ghostscript/ps_gray.icc", "rb").read()
    into(photo, gray_icc, "L").save("cups-gray-profile.jpg", quality=92, icc_profile=gray_icc)
    # A profile that is no profile: 200 bytes of noise behind the ICC_PROFILE signature.
    noise = bytes((i * 73 + 41) % 256 for i in range(200))
    photo.save("cups-bad-profile.jpg", quality=92, icc_profile=noise)
    # PNG: an iCCP (ProPhoto), and cHRM + gAMA with no profile.
    into(photo, PROFILES["prophoto"]).save("cups-prophoto.png", icc_profile=PROFILES["prophoto"])
    # A Display P3 PNG: what make-fixtures.sh encodes as a P3 HEIC (heif-enc) and WebP (cwebp).
    into(photo, PROFILES["p3"]).save("cups-p3.png", icc_profile=PROFILES["p3"])
    chrm = PngInfo()
    chrm.add(b"gAMA", struct.pack(">I", 55556))
    chrm.add(b"cHRM", struct.pack(">8I", *(round(v * 100000) for v in (*D65, 0.64, 0.33, 0.21, 0.71, 0.15, 0.06))))
    into(photo, PROFILES["chrm"]).save("cups-chrm.png", pnginfo=chrm)
    gray_with_chrm(photo)
    # Transparency: 50 % black (alpha 127) on the left, the photo opaque on the right. Viewers
    # show the left as 128 on white; libpng's linear blend as 186.
    alpha = Image.new("RGBA", photo.size, (0, 0, 0, 127))
    alpha.paste(photo.crop((160, 0, 320, 200)), (160, 0))
    alpha.save("half-black-alpha.png")


def gray_with_chrm(photo):
    """cHRM and gAMA on a gray PNG (gAMA 62500, a 1.6 curve: stored 32 is shown as about 53), and
    its twin with the same description as an iCCP profile, by which Pillow + ImageCms read it for
    the tests."""
    chunks = PngInfo()
    chunks.add(b"gAMA", struct.pack(">I", 62500))
    chunks.add(b"cHRM", struct.pack(">8I", *(round(v * 100000) for v in (*D65, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06))))
    gray = into(photo, PROFILES["gray-chrm"], "L")
    gray.save("cups-gray-chrm.png", pnginfo=chunks)
    gray.save("cups-gray-icc.png", icc_profile=PROFILES["gray-chrm"])


if __name__ == "__main__":
    main(sys.argv[1])

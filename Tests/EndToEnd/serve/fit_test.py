#!/usr/bin/env python3
"""What people look at fits its window, in a real browser. The live screen: for each shape of
collage the tool makes (a 4x6 in sheet of 1x4 strips, a 2x6 in strip, 3:2, a 3:1 panorama, a
square), a booth with --public-url saves one; headless Chromium shows `/` at 1920x1080,
1280x720, 1080x1920 and 3840x2160 in one session. At each: the drawn collage, the QR code and
the footer lie inside the window, nothing scrolls, the QR code is at least a quarter of the
window's shorter side (about 20 cm on a 32-inch screen: read from two metres), and zbarimg
reads the screenshot's code as the URL serving the newest collage's exact bytes. The strip
sheet's booth then makes a second collage, and the idle screen's earlier collage must fit the
same way. The gallery on phones 360, 390 and 430 px wide (that booth's two collages): nothing
wider than the window (scrollWidth is its width), every collage and its download button inside
it, no QR code (a phone does not scan itself). Screenshots are left in SHOTS
(live-fit-SHAPE-WxH.png, gallery-WIDTH.png).

usage: fit_test.py COLLAGE FIXTURES SHOTS"""

import os
import subprocess
import sys
import urllib.request

from selenium.webdriver.support.ui import WebDriverWait

from booth import DEADLINE, LANDSCAPE, Booth, free_port
from browser import chromium, report, screen

COLLAGE, FIXTURES, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)

# Each shape as its booth makes it, small (a debug build is slow on pixels): the sheet and the
# strip at 50 dpi are 200x300 and 100x300.
SHAPES = {
    "strip-sheet": ["--size", "4x6in", "--dpi", "50", "--grid", "1x4", "--repeat", "2x1", "--cut-marks"],
    "strip": ["--size", "2x6in", "--dpi", "50", "--grid", "1x4"],
    "landscape": ["--size", "300x200", "--grid", "2x2"],
    "panorama": ["--size", "450x150", "--grid", "3x1"],
    "square": ["--size", "240x240", "--grid", "2x2"],
}
WINDOWS = [(1920, 1080), (1280, 720), (1080, 1920), (3840, 2160)]

# The boxes people look at, as drawn: the collage's picture inside its element (object-fit:
# contain letterboxes it), the QR code, the footer; and whether the page scrolls.
BOXES = """
const inside = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
const img = document.getElementById('collage'), box = img.getBoundingClientRect();
const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
const w = img.naturalWidth * scale, h = img.naturalHeight * scale;
const drawn = {left: box.left + (box.width - w) / 2, top: box.top + (box.height - h) / 2,
               right: box.left + (box.width + w) / 2, bottom: box.top + (box.height + h) / 2, width: w, height: h};
const qr = document.getElementById('qr').getBoundingClientRect();
const footer = document.querySelector('footer').getBoundingClientRect();
const e = document.documentElement;
return {collage: inside(drawn), qr: inside(qr), footer: inside(footer),
        scrolls: e.scrollHeight > innerHeight || e.scrollWidth > innerWidth,
        qrSide: Math.min(qr.width, qr.height), collageSize: [Math.round(w), Math.round(h)],
        shorter: Math.min(innerWidth, innerHeight)};
"""


def settled(driver, width, height, mobile=False):
    """The window at this size, and its layout done (two animation frames after the resize). A
    phone's layout viewport is the page's own width, which the gallery checks."""
    screen(driver, width, height, mobile)
    if not mobile:
        WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
            lambda d: d.execute_script("return innerWidth") == width and d.execute_script("return innerHeight") == height)
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def check(driver, label, url, on_disk, failures, scan=True):
    """The boxes at this window, and the code read from its screenshot."""
    boxes = driver.execute_script(BOXES)
    for part in ("collage", "qr", "footer"):
        if not boxes[part]:
            failures.append(f"{label}: the {part} is not inside the window ({boxes})")
    if boxes["scrolls"]:
        failures.append(f"{label}: the page scrolls ({boxes})")
    if boxes["qrSide"] < boxes["shorter"] / 4:
        failures.append(f"{label}: the QR code is {boxes['qrSide']:.0f} px, under a quarter of {boxes['shorter']} px")
    print(f"{label}: collage {boxes['collageSize']}, QR {boxes['qrSide']:.0f} px", flush=True)
    if not scan:
        return
    shot = os.path.join(SHOTS, f"live-fit-{label}.png")
    driver.save_screenshot(shot)
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", shot], capture_output=True, text=True, timeout=DEADLINE)
    urls = decoded.stdout.split()
    if urls != [url]:
        failures.append(f"{label}: zbarimg read {urls}, not [{url}]")
    elif urllib.request.urlopen(url, timeout=DEADLINE).read() != on_disk:
        failures.append(f"{label}: {url} does not serve the newest collage's bytes")


def shows(driver, name, url):
    """Waits (bounded) until `/` shows this collage, loaded, with its code."""
    WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
        lambda d: f"/collages/{name}" in (d.find_element("id", "collage").get_attribute("src") or "")
        and d.find_element("id", "qr").get_attribute("data-url") == url
        and d.execute_script("const i = document.getElementById('collage'); return i.complete && i.naturalWidth > 0"))


# On a phone's page: the page's width, and each collage's picture, download button and code, held
# against the phone's width (a page wider than a phone's screen widens its layout viewport).
GALLERY = """
const e = document.documentElement;
const width = arguments[0];
const across = (x) => { const r = x.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= width + 0.5; };
const figures = [...document.querySelectorAll('main figure')];
return {scrollWidth: e.scrollWidth, figures: figures.length,
        images: figures.every((f) => across(f.querySelector('img'))),
        downloads: figures.every((f) => across(f.querySelector('a.download'))),
        codes: figures.filter((f) => f.querySelector('.qr').getBoundingClientRect().width > 0).length};
"""


def phones(driver, base, failures):
    """/gallery at the widths of common phones."""
    for width in (360, 390, 430):
        settled(driver, width, 800, mobile=True)
        driver.get(base + "/gallery")
        WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
            lambda d: d.execute_script("return [...document.querySelectorAll('figure a img')].every((i) => i.complete && i.naturalWidth > 0)"))
        page = driver.execute_script(GALLERY, width)
        # A phone does not scan itself: the codes, images of their own, are not even loaded.
        loaded = driver.execute_script("return performance.getEntriesByType('resource').filter((e) => e.name.includes('/codes/')).length")
        if loaded:
            failures.append(f"gallery at {width} px: a phone loaded {loaded} QR codes")
        label = f"gallery at {width} px"
        if page["scrollWidth"] != width:
            failures.append(f"{label}: the page is {page['scrollWidth']} px wide")
        if page["figures"] != 2 or not page["images"] or not page["downloads"]:
            failures.append(f"{label}: not every collage and download button is inside the window ({page})")
        if page["codes"]:
            failures.append(f"{label}: {page['codes']} QR codes shown on a phone")
        driver.save_screenshot(os.path.join(SHOTS, f"gallery-{width}.png"))
        print(f"{label}: {page}", flush=True)


def main():
    driver = chromium()
    failures = []
    booth = None
    try:
        for shape, flags in SHAPES.items():
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            booth = Booth(COLLAGE, FIXTURES, "--public-url", base, *flags, serve=f"127.0.0.1:{port}")
            booth.drop(LANDSCAPE[0])
            name = os.path.basename(booth.saved(1, 1)["data"]["path"])
            url = f"{base}/collages/{name}"
            on_disk = open(os.path.join(booth.out, name), "rb").read()
            settled(driver, *WINDOWS[0])
            driver.get(base + "/")
            shows(driver, name, url)
            for width, height in WINDOWS:
                settled(driver, width, height)
                check(driver, f"{shape}-{width}x{height}", url, on_disk, failures)
            if shape == "strip-sheet":
                # Idle: collage 1 again, shown as an earlier one after collage 2 began.
                for photo in LANDSCAPE[1:5]:
                    booth.drop(photo)
                booth.saved(1, 2)
                settled(driver, *WINDOWS[0])
                driver.get(base + "/?idle=1&turn=1")
                shows(driver, name, url)
                WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
                    lambda d: "earlier" in d.find_element("id", "batch").text)
                on_disk = open(os.path.join(booth.out, name), "rb").read()
                for width, height in WINDOWS:
                    settled(driver, width, height)
                    check(driver, f"idle-{shape}-{width}x{height}", url, on_disk, failures, scan=False)
                phones(driver, base, failures)
            booth.stop()
            booth.close()
            booth = None
    finally:
        driver.quit()
        if booth:
            booth.stop()
            booth.close()
    report(failures, SHOTS)


if __name__ == "__main__":
    main()

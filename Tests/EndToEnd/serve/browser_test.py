#!/usr/bin/env python3
"""`collage watch --serve` in a real browser: headless Chromium driven by Selenium opens `/`,
photos are dropped into the folder, and the page's image must become each new collage without a
reload; then `/gallery` is screenshot and its QR codes decoded with zbarimg: each must be a URL
serving that collage's exact bytes. Then the booth is stopped and started again: its gallery
must still list the first run's collages (from the booth's journal), with QR codes on the new
address serving the same bytes. Screenshots of `/` after 1, 3 and 6 photos and of the gallery
with three collages are left in SHOTS for a person to look at.

usage: browser_test.py COLLAGE FIXTURES SHOTS"""

import os
import subprocess
import sys
import urllib.request

from selenium.webdriver.support.ui import WebDriverWait

from booth import DEADLINE, LANDSCAPE, Booth
from browser import chromium, close, open_live_page, reloaded, report, screen

COLLAGE, FIXTURES, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)


def scan_gallery(driver, booth, shot, failures):
    """Opens /gallery, waits for the three collages, screenshots it whole and decodes its QR
    codes with zbarimg: each must be a URL serving that collage's exact bytes."""
    driver.set_window_size(1280, 800)
    driver.get(booth.url + "/gallery")
    # An earlier run's collages are listed once checked: reload until they are (bounded).
    WebDriverWait(driver, DEADLINE, poll_frequency=0.1).until(
        lambda d: len(d.find_elements("css selector", "figure")) == 3 or d.refresh())
    gallery = os.path.join(SHOTS, shot)
    # A viewport tall enough for the whole page, grown until it is: the page's spacing grows
    # with the viewport's height (vh).
    def whole(d):
        inner, page = d.execute_script("return [innerHeight, document.documentElement.scrollHeight]")
        if inner < page:
            screen(d, 1280, page + 40)
        return inner >= page
    WebDriverWait(driver, DEADLINE, poll_frequency=0.1).until(whole)
    # Each code is an image of its own, loaded once it shows.
    WebDriverWait(driver, DEADLINE, poll_frequency=0.1).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('.qr img')].every((i) => i.complete && i.naturalWidth > 0)"))
    driver.save_screenshot(gallery)
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", gallery], capture_output=True, text=True, timeout=DEADLINE)
    urls = sorted(decoded.stdout.split())
    expected = sorted(f"{booth.url}/collages/collage-{n:04}.jpg" for n in (1, 2, 3))
    if urls != expected:
        failures.append(f"{shot}: the gallery's QR codes read {urls}, not {expected}")
    for url in urls:
        served = urllib.request.urlopen(url, timeout=DEADLINE).read()
        on_disk = open(os.path.join(booth.out, url.rsplit("/", 1)[1]), "rb").read()
        if served != on_disk:
            failures.append(f"{url} does not serve the collage's bytes")
    print("QR codes:", urls, flush=True)


def main():
    booth = Booth(COLLAGE, FIXTURES)
    driver = chromium("--window-size=1280,800")
    failures = []
    try:
        open_live_page(driver, booth)
        image = lambda: driver.find_element("id", "collage")
        for batch in (1, 2, 3):
            for count in range(1, 7):
                booth.drop(LANDSCAPE[(batch - 1) * 6 + count - 1])
                saved = booth.saved(count, batch)
                name = os.path.basename(saved["data"]["path"])
                # Bounded wait on the DOM, no fixed sleep: the live page shows this save.
                WebDriverWait(driver, DEADLINE, poll_frequency=0.02).until(
                    lambda d: f"/collages/{name}?v=" in (image().get_attribute("src") or "")
                    and d.find_element("id", "title").text == ("1 photo" if count == 1 else f"{count} photos")
                    and d.execute_script("return document.getElementById('collage').complete && document.getElementById('collage').naturalWidth > 0"))
                shown = image().get_attribute("src")
                if batch == 1:
                    WebDriverWait(driver, DEADLINE).until(lambda d: d.find_element("id", "batch").text == "Collage 1")
                    if count in (1, 3, 6):
                        driver.save_screenshot(os.path.join(SHOTS, f"live-{count}-photos.png"))
                if reloaded(driver):
                    failures.append("the page reloaded")
                print(f"batch {batch}, {count} photo(s): {shown}", flush=True)
            if batch == 1:
                booth.drop("portrait.jpg")
                booth.next("skipped")
                WebDriverWait(driver, DEADLINE).until(lambda d: "portrait" in d.find_element("id", "last").text)
                driver.save_screenshot(os.path.join(SHOTS, "live-skipped.png"))

        scan_gallery(driver, booth, "gallery-3-collages.png", failures)
        # The next morning: the booth starts again, and its gallery still lists yesterday's
        # collages (from the journal, checked on disk), their QR codes on the new address.
        booth.restart()
        scan_gallery(driver, booth, "gallery-after-restart.png", failures)
    finally:
        close(driver, booth)
    report(failures, SHOTS)


if __name__ == "__main__":
    main()

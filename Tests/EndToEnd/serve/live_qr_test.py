#!/usr/bin/env python3
"""The screen guests see, in a real browser: headless Chromium at 1920x1080 (a kiosk's 1080p
screen) opens `/` of a booth started with --public-url; after each collage its screenshot is
read with zbarimg, whose URL must serve the newest collage's exact bytes. The page must fit the
window without scrolling, on a landscape and a portrait screen; idle, it must show an earlier
collage with that collage's own code. Screenshots after 1 and 3 collages are left in SHOTS.

usage: live_qr_test.py COLLAGE FIXTURES SHOTS"""

import os
import subprocess
import sys
import time
import urllib.request

from selenium.webdriver.support.ui import WebDriverWait

from booth import DEADLINE, LANDSCAPE, Booth, free_port
from browser import chromium, close, report, screen

COLLAGE, FIXTURES, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)


def scanned(driver, shot):
    path = os.path.join(SHOTS, shot)
    driver.save_screenshot(path)
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True, timeout=DEADLINE)
    return decoded.stdout.split()


def fits(driver):
    return driver.execute_script(
        "const e = document.documentElement;"
        "return e.scrollHeight <= innerHeight && e.scrollWidth <= innerWidth"
        " && [...document.querySelectorAll('#qr, #collage')].every(x => x.hidden || x.closest('[hidden]') ||"
        " (x.getBoundingClientRect().bottom <= innerHeight && x.getBoundingClientRect().right <= innerWidth))")


def main():
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    booth = Booth(COLLAGE, FIXTURES, "--limit", "1", "--public-url", base, serve=f"127.0.0.1:{port}")
    driver = chromium()
    failures = []
    try:
        warned = lambda: any(base in line and "guests' phones cannot open them" in line for line in booth.stderr)
        end = time.monotonic() + DEADLINE
        while not warned() and time.monotonic() < end:
            time.sleep(0.02)
        if not warned():
            failures.append(f"no warning that the codes point at this machine only: {booth.stderr}")
        screen(driver, 1920, 1080)
        driver.get(base + "/")
        for batch in (1, 2, 3):
            booth.drop(LANDSCAPE[batch - 1])
            name = os.path.basename(booth.saved(1, batch)["data"]["path"])
            url = f"{base}/collages/{name}"
            # Bounded waits on the DOM, no fixed sleep: the collage and its code are in place.
            WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
                lambda d: f"/collages/{name}?v=" in (d.find_element("id", "collage").get_attribute("src") or "")
                and d.find_element("id", "qr").get_attribute("data-url") == url
                and d.execute_script("return document.getElementById('collage').complete"))
            if not fits(driver):
                failures.append(f"after collage {batch} the page does not fit 1920x1080")
            shot = f"live-1920x1080-{batch}-collage{'s' if batch > 1 else ''}.png"
            urls = scanned(driver, shot)
            if urls != [url]:
                failures.append(f"{shot}: zbarimg read {urls}, not [{url}]")
                continue
            served = urllib.request.urlopen(urls[0], timeout=DEADLINE).read()
            if served != open(os.path.join(booth.out, name), "rb").read():
                failures.append(f"{urls[0]} does not serve the newest collage's bytes")
            print(f"collage {batch}: the code reads {urls[0]}", flush=True)

        # A portrait screen (a kiosk turned on its side): still no scrolling, the code readable.
        screen(driver, 1080, 1920)
        if not fits(driver):
            failures.append("the page does not fit 1080x1920")
        if scanned(driver, "live-1080x1920-portrait.png") != [f"{base}/collages/collage-0003.jpg"]:
            failures.append("the code is not readable on a portrait screen")

        # Idle: the earlier collages in turn, each with its own code (quick turns for the test).
        screen(driver, 1920, 1080)
        driver.get(base + "/?idle=1&turn=1")
        WebDriverWait(driver, DEADLINE, poll_frequency=0.05).until(
            lambda d: d.find_element("id", "qr").get_attribute("data-url") != f"{base}/collages/collage-0003.jpg"
            and "earlier" in d.find_element("id", "batch").text)
        earlier = driver.find_element("id", "qr").get_attribute("data-url")
        src = driver.find_element("id", "collage").get_attribute("src")
        if earlier.rsplit("/", 1)[1] not in src:
            failures.append(f"the idle screen shows {src} with the code of {earlier}")
        print("idle, it shows", earlier, flush=True)
    finally:
        close(driver, booth)
    report(failures, SHOTS)


if __name__ == "__main__":
    main()

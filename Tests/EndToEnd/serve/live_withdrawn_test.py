#!/usr/bin/env python3
"""`collage watch --serve` in a real browser: a group deletes every shot of its open collage,
and the live page open in headless Chromium (never reloaded) stops showing it: the image is
hidden, "Waiting for the first photo" is back and the title says 0 photos; the next photo's
collage is shown again; and a collage withdrawn while its picture loads stays hidden. A
screenshot of the screen after the withdrawal is left in SHOTS.

usage: live_withdrawn_test.py COLLAGE FIXTURES SHOTS"""

import os
import sys

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from booth import DEADLINE, Booth
from browser import chromium, close, open_live_page, reloaded, report

COLLAGE, FIXTURES, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(SHOTS, exist_ok=True)


def shown(driver):
    """Whether the page shows a collage, drawn."""
    return driver.execute_script("const c = document.getElementById('collage'); return !c.hidden && c.complete && c.naturalWidth > 0")


def until(driver, condition, what, failures):
    """Waits (bounded, no fixed sleep) for the page to reach `condition`; a failure if it never does."""
    try:
        WebDriverWait(driver, DEADLINE, poll_frequency=0.02).until(condition)
    except TimeoutException:
        failures.append(what)


def withdrawn_while_loading(driver, failures):
    """A collage still loading when its withdrawal arrives stays off the screen. The page is
    handed a save of the collage it shows and then a withdrawal, one right after the other (as
    the booth sends them when a group deletes its shots one by one, the last just after the first
    one's rebuild), and the save's picture finishes loading after both: counted by a load
    listener that runs after the page's own."""
    driver.execute_script("""
        const Real = window.Image;
        window.loaded = 0;
        window.Image = function () {
            const image = new Real();
            image.addEventListener("load", () => setTimeout(() => window.loaded++, 0));
            return image;
        };
        const path = decodeURIComponent(new URL(document.getElementById("collage").src).pathname.split("/").pop());
        const send = (type, data, id) => events.onmessage({ data: JSON.stringify({ type, data }), lastEventId: id });
        send("saved", { path, photos: 1, batch: 1 }, "loading");
        send("withdrawn", { path, batch: 1 }, "");
    """)
    until(driver, lambda d: d.execute_script("return window.loaded") >= 1, "the save's picture never loads", failures)
    if shown(driver) or not driver.find_element("id", "empty").is_displayed():
        failures.append("a collage withdrawn while its picture loaded is shown when it has loaded")


def main():
    booth = Booth(COLLAGE, FIXTURES)
    driver = chromium("--window-size=1280,800")
    failures = []
    try:
        open_live_page(driver, booth)
        title = lambda d: d.find_element("id", "title").text
        for count, name in enumerate(["autumn.jpg", "kite.jpg"], start=1):
            booth.drop(name)
            booth.saved(count)
        until(driver, lambda d: shown(d) and title(d) == "2 photos", "the open collage is never shown", failures)
        for name in ["autumn.jpg", "kite.jpg"]:
            os.unlink(os.path.join(booth.folder, name))
        booth.next("withdrawn")
        until(driver, lambda d: not shown(d) and d.find_element("id", "empty").is_displayed() and title(d) == "0 photos",
              "the live page still shows the withdrawn collage", failures)
        driver.save_screenshot(os.path.join(SHOTS, "live-withdrawn.png"))
        booth.drop("coldripple.jpg")
        booth.saved(1)
        until(driver, lambda d: shown(d) and title(d) == "1 photo" and not d.find_element("id", "empty").is_displayed(),
              "the next photo's collage is not shown", failures)
        withdrawn_while_loading(driver, failures)
        if reloaded(driver):
            failures.append("the page reloaded")
    finally:
        close(driver, booth)
    report(failures, SHOTS)


if __name__ == "__main__":
    main()

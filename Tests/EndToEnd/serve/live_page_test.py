#!/usr/bin/env python3
"""The live page's own rules, each in a real browser (headless Chromium, never reloaded):

- an answer of the server's list asked for before a withdrawal, or before a newer save, arrives
  late (the page's `fetch` held back until then, by a wrapper put into the page) and must not
  bring back the collage withdrawn, nor an older one, nor its code: the page's ticket;
- a photo still being uploaded (a file closed half-written, then written to the end) is not
  called skipped on the screen, and is shown as added once whole.

usage: live_page_test.py COLLAGE FIXTURES [CHECK...]   (only the checks named; all when none)
       live_page_test.py --list                         (the checks' names, one a line)"""

import os
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

from booth import DEADLINE, Booth, free_port
from browser import chromium, close, live, mismatches, open_live_page, reloaded, shown, watch_codes
from checks import check, run
from proxy import Proxy

COLLAGE, FIXTURES = (sys.argv[1], sys.argv[2]) if sys.argv[1:2] != ["--list"] else (None, None)

# The page's fetches answered only when the test says (`release`), with the bytes the server
# sent when asked; and every picture it starts to load counted, with those done.
HOLD = """
window.held = [];
window.holding = true;
const realFetch = window.fetch.bind(window);
window.fetch = (...request) => realFetch(...request).then((r) => r.text().then((text) => new Promise((resolve) => {
  const give = () => resolve(new Response(text, { status: r.status, headers: { "Content-Type": "text/html" } }));
  if (window.holding) window.held.push(give); else give();
})));
window.release = () => { window.holding = false; window.held.splice(0).forEach((give) => give()); };
const RealImage = window.Image;
window.pictures = [0, 0];
window.Image = function () {
  const image = new RealImage();
  window.pictures[0]++;
  const done = () => setTimeout(() => window.pictures[1]++, 0);
  image.addEventListener("load", done);
  image.addEventListener("error", done);
  return image;
};
"""

# Whether the page has nothing left to do: no list asked for or waited for, every picture it
# asked for loaded (or failed).
SETTLED = "return !asking && wanted === null && window.pictures[0] === window.pictures[1] && window.held.length === 0"


def until(driver, condition, what):
    try:
        WebDriverWait(driver, DEADLINE, poll_frequency=0.02).until(condition)
        return True
    except Exception:
        check(False, what)
        return False


def held(driver):
    return driver.execute_script("return window.held.length")


def reconnect_holding(driver, proxy):
    """The page's connections dropped, its answers held: it reconnects and asks for the list
    (its newest collage), which it is not given yet."""
    driver.execute_script(HOLD)
    proxy.cut()
    until(driver, lambda d: not live(d), "the page notices its stream dropped")
    until(driver, lambda d: live(d) and held(d) > 0, "the page reconnects and asks for the list")


def settle(driver):
    driver.execute_script("window.release()")
    until(driver, lambda d: d.execute_script(SETTLED), "the page settles once its answers are given")


def opened(booth):
    proxy = Proxy(booth.port)
    driver = chromium()
    open_live_page(driver, f"http://127.0.0.1:{proxy.port}")
    watch_codes(driver)
    return driver, proxy


def test_an_answer_asked_for_before_a_withdrawal_never_brings_it_back():
    port = free_port()
    booth = Booth(COLLAGE, FIXTURES, "--limit", "2", "--public-url", f"http://127.0.0.1:{port}", serve=f"127.0.0.1:{port}")
    driver, proxy = opened(booth)
    try:
        booth.make("shot-1.jpg", seed=1)
        booth.saved(1)
        until(driver, lambda d: shown(d) == ("collage-0001.jpg", "collage-0001.jpg"), "the open collage is shown with its code")
        reconnect_holding(driver, proxy)
        os.unlink(os.path.join(booth.folder, "shot-1.jpg"))
        booth.next("withdrawn")
        until(driver, lambda d: shown(d) == (None, None), "the withdrawn collage leaves the screen")
        driver.execute_script("window.withdrawnAt = performance.now()")
        settle(driver)
        check(shown(driver) == (None, None), f"an answer asked for before the withdrawal brings back {shown(driver)}")
        # Not even asked for again (its file is gone, so a picture would fail and be retried).
        asked = driver.execute_script("""return performance.getEntriesByType("resource").filter((e) =>
            e.name.includes("/collages/collage-0001.jpg") && e.startTime > window.withdrawnAt).map((e) => e.name)""")
        check(not asked, f"the withdrawn collage is asked for again: {asked}")
        check(not mismatches(driver), f"the code beside a collage was always its own: {mismatches(driver)}")
        check(not reloaded(driver), "the page was not reloaded")
    finally:
        proxy.close()
        close(driver, booth)


def test_an_answer_asked_for_before_a_newer_save_never_shows_an_older_collage():
    port = free_port()
    booth = Booth(COLLAGE, FIXTURES, "--limit", "1", "--public-url", f"http://127.0.0.1:{port}", serve=f"127.0.0.1:{port}")
    driver, proxy = opened(booth)
    try:
        booth.make("shot-1.jpg", seed=1)
        booth.saved(1, 1)
        until(driver, lambda d: shown(d) == ("collage-0001.jpg", "collage-0001.jpg"), "the first collage is shown with its code")
        reconnect_holding(driver, proxy)
        booth.make("shot-2.jpg", seed=2)
        booth.saved(1, 2)
        until(driver, lambda d: shown(d)[0] == "collage-0002.jpg", "the newer collage is shown")
        settle(driver)
        until(driver, lambda d: shown(d) == ("collage-0002.jpg", "collage-0002.jpg"),
              f"the newer collage stays, with its own code, when the older answer arrives: {shown(driver)}")
        check(not mismatches(driver), f"the code beside a collage was always its own: {mismatches(driver)}")
    finally:
        proxy.close()
        close(driver, booth)


def test_a_photo_still_arriving_is_not_called_skipped():
    booth = Booth(COLLAGE, FIXTURES)
    driver = chromium()
    try:
        open_live_page(driver, booth)
        footer = lambda d: d.find_element("id", "last").text
        data = open(os.path.join(FIXTURES, "kite.jpg"), "rb").read()
        path = os.path.join(booth.folder, "upload.jpg")
        # A copy in two pieces, closed after each, as some upload tools write.
        with open(path, "wb") as part:
            part.write(data[: len(data) // 3])
        booth.next("skipped", lambda e: e["data"]["path"].endswith("upload.jpg"))
        until(driver, lambda d: "upload.jpg" in footer(d), "the screen says something of the photo arriving")
        check("Skipped" not in footer(driver) and "truncated" not in footer(driver),
              f"a photo still arriving is not skipped on the screen: {footer(driver)!r}")
        with open(path, "ab") as rest:
            rest.write(data[len(data) // 3:])
        booth.saved(1)
        until(driver, lambda d: footer(d) == "Added upload.jpg", f"once whole it is added: {footer(driver)!r}")
    finally:
        close(driver, booth)


TESTS = [test_an_answer_asked_for_before_a_withdrawal_never_brings_it_back,
         test_an_answer_asked_for_before_a_newer_save_never_shows_an_older_collage, test_a_photo_still_arriving_is_not_called_skipped]

if __name__ == "__main__":
    run(TESTS)

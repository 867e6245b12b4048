"""The headless Chromium the page tests drive, and how a page test ends."""

import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# One CSS pixel per screenshot pixel and no scrollbars, so that a screenshot is what a kiosk shows
# and zbarimg reads the QR code at its drawn size.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
         "--force-device-scale-factor=1")


def chromium(*flags):
    """Debian's Chromium through its chromedriver, with `flags` after the common ones."""
    options = webdriver.ChromeOptions()
    for flag in FLAGS + flags:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def screen(driver, width, height, mobile=False):
    """The viewport (CSS pixels, one per screenshot pixel) exactly this size, as a kiosk's full screen."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


# Set on the live page when it is opened; a reload loses it.
MARK = "not reloaded"


def open_live_page(driver, booth):
    """The booth's live page (`booth`: a Booth, or the base URL to open it at), marked so that a
    reload of it shows (`reloaded`)."""
    driver.get((booth if isinstance(booth, str) else booth.url) + "/")
    driver.execute_script(f"window.collageMark = '{MARK}'")


def reloaded(driver):
    """Whether the page opened by `open_live_page` was loaded again since."""
    return driver.execute_script("return window.collageMark") != MARK


def close(driver, booth):
    """The browser first (it holds connections to the booth), then the booth and its folders."""
    driver.quit()
    booth.stop()
    booth.close()


def report(failures, shots):
    """Each failure on a line of its own, where the screenshots are, and the exit status."""
    for failure in failures:
        print("FAIL:", failure)
    print("screenshots in", shots)
    sys.exit(1 if failures else 0)


# Records, from inside the page, every moment its QR code shows another collage's URL than the
# collage drawn beside it (`window.collageMismatches`), whatever the test is looking at then.
WATCH_CODES = """
window.collageMismatches = [];
const last = (url) => decodeURIComponent(new URL(url, location.href).pathname.split("/").pop());
const look = () => {
  const image = document.getElementById("collage"), aside = document.getElementById("download"), qr = document.getElementById("qr");
  if (aside.hidden || !qr.dataset.url) return;
  const drawn = image.hidden || !image.getAttribute("src") ? null : last(image.src);
  const code = last(qr.dataset.url);
  if (drawn !== code) window.collageMismatches.push(`${new Date().toISOString()}: ${drawn} beside the code of ${code}`);
};
new MutationObserver(look).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
"""

# Counts, from inside the page, every time its event stream drops (its status dot turns off).
WATCH_DROPS = """
window.collageDrops = 0;
const status = document.getElementById("status");
new MutationObserver(() => { if (status.className === "off") window.collageDrops++; })
  .observe(status, { attributes: true, attributeFilter: ["class"] });
"""

SHOWN = """
const last = (url) => decodeURIComponent(new URL(url, location.href).pathname.split("/").pop());
const image = document.getElementById("collage"), aside = document.getElementById("download"), qr = document.getElementById("qr");
const drawn = image.hidden || !image.getAttribute("src") || !image.complete || image.naturalWidth === 0 ? null : last(image.src);
return [drawn, aside.hidden || !qr.dataset.url ? null : last(qr.dataset.url)];
"""


def watch_codes(driver):
    """Starts recording every mismatch of the page's code and collage (see `mismatches`), and
    every drop of its stream (`drops`)."""
    driver.execute_script(WATCH_CODES)
    driver.execute_script(WATCH_DROPS)


def drops(driver):
    return driver.execute_script("return window.collageDrops")


def mismatches(driver):
    return driver.execute_script("return window.collageMismatches || ['the page was reloaded: nothing recorded']")


def shown(driver):
    """(the collage drawn, the collage whose code is beside it): file names, None for none."""
    return tuple(driver.execute_script(SHOWN))


def live(driver):
    """Whether the page's event stream is open (its status dot is not off)."""
    return driver.execute_script("return document.getElementById('status').className === ''")

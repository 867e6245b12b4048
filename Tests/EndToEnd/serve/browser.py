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
    """The booth's live page, marked so that a reload of it shows (`reloaded`)."""
    driver.get(booth.url + "/")
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

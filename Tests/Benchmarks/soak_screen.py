"""The booth's screen for the day (booth-soak.py): headless Chromium on the booth's own machine
opens `/` once and is never reloaded; four times a second the day notes what it shows (the
collage drawn, the collage whose code is beside it, whether its stream is live) beside the
newest collage on disk at that moment, and the page itself records any moment its code is
another collage's (Tests/EndToEnd/serve/browser.py)."""

import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd", "serve"))
from browser import chromium, live, mismatches, open_live_page, reloaded, screen, shown, watch_codes  # noqa: E402

NUMBERED = re.compile(r"^booth-(\d{4,})\.jpg$")


def newest_on_disk(prints):
    numbers = [int(m.group(1)) for m in map(NUMBERED.match, os.listdir(prints)) if m]
    return f"booth-{max(numbers):04}.jpg" if numbers else None


class Screen:
    def __init__(self, url, prints, period=0.25):
        self.prints, self.period = prints, period
        self.driver = chromium()
        screen(self.driver, 1920, 1080)
        open_live_page(self.driver, url)
        watch_codes(self.driver)
        self.samples = []  # (time, drawn, code, live, newest on disk)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self):
        while not self.stopping.wait(self.period):
            try:
                newest = newest_on_disk(self.prints)
                drawn, code = shown(self.driver)
                self.samples.append((time.monotonic(), drawn, code, live(self.driver), newest))
            except Exception as error:  # a browser that stops answering is a finding, not a hang
                self.samples.append((time.monotonic(), None, None, False, f"error: {error!r}"))

    def finish(self):
        """Stops sampling; returns (mismatches recorded in the page, whether it was reloaded)."""
        self.stopping.set()
        self.thread.join(30)
        result = mismatches(self.driver), reloaded(self.driver)
        self.driver.quit()
        return result

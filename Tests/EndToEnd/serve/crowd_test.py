#!/usr/bin/env python3
"""The booth's screen among a crowd of guests, in a real browser. Chromium on the booth's own
machine (127.0.0.1) shows `/`; meanwhile, each guest from its own address of 127.0.0.0/8:
100 phones hold the live page's event stream (more than the 64 slots of --serve-max-clients),
ten guests download the newest collage again and again, a flood from one address (127.0.0.2)
opens streams and never-read downloads, and a flood from 200 addresses opens streams. Collages
are saved one after another: the screen's stream must never be cut, each collage must appear on
the screen beside its own code (zbarimg reads
it off a screenshot, and its URL serves the collage's bytes), the code beside a collage must
never be another's (recorded inside the page), and every download of the other guests must be
complete and byte for byte the collage's.

usage: crowd_test.py COLLAGE FIXTURES SHOTS [--collages N] [--phones N]"""

import argparse
import os
import subprocess
import time
import urllib.request

from booth import ATTACKER, DEADLINE, Booth, free_port
from browser import chromium, close, drops, mismatches, open_live_page, report, screen, shown, watch_codes
from guests import Downloads, Flood, Phones

parser = argparse.ArgumentParser()
parser.add_argument("collage")
parser.add_argument("fixtures")
parser.add_argument("shots")
parser.add_argument("--collages", type=int, default=6)
parser.add_argument("--phones", type=int, default=100)
args = parser.parse_args()
os.makedirs(args.shots, exist_ok=True)


def main():
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    booth = Booth(args.collage, args.fixtures, "--limit", "1", "--public-url", base, serve=f"127.0.0.1:{port}")
    driver = chromium()
    failures, crowd = [], []
    newest = [None]
    expected = lambda name: open(os.path.join(booth.out, name), "rb").read()
    try:
        screen(driver, 1920, 1080)
        open_live_page(driver, booth)
        watch_codes(driver)
        booth.make("shot-0.jpg", seed=0)
        newest[0] = os.path.basename(booth.saved(1, 1)["data"]["path"])
        phones = Phones(port, args.phones)
        crowd.append(phones)
        downloads = Downloads(port, 10, lambda: newest[0], expected)
        crowd.append(downloads)
        events = b"GET /events HTTP/1.1\r\nHost: booth\r\nAccept: text/event-stream\r\n\r\n"
        one = Flood(port, events, lambda n: ATTACKER, threads=2, interval=0.02, kept=24, seconds=DEADLINE)
        crowd.append(one)
        never_read = Flood(port, f"GET /collages/{newest[0]} HTTP/1.1\r\nHost: booth\r\n\r\n".encode(), lambda n: ATTACKER,
                           threads=1, interval=0.2, kept=4, read=False, seconds=DEADLINE)
        crowd.append(never_read)
        many = Flood(port, events, lambda n: f"127.0.2.{1 + n % 200}", threads=2, interval=0.02, kept=40, seconds=DEADLINE)
        crowd.append(many)
        time.sleep(2)  # the crowd is in before the next collage
        for batch in range(2, args.collages + 2):
            booth.make(f"shot-{batch}.jpg", seed=batch)
            name = os.path.basename(booth.saved(1, batch)["data"]["path"])
            newest[0] = name
            end = time.monotonic() + DEADLINE
            while shown(driver) != (name, name) and time.monotonic() < end:
                time.sleep(0.05)
            if shown(driver) != (name, name):
                failures.append(f"collage {batch}: the screen shows {shown(driver)}, not {name} with its code")
                continue
            path = os.path.join(args.shots, "crowd.png")
            driver.save_screenshot(path)
            urls = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True, timeout=DEADLINE).stdout.split()
            if urls != [f"{base}/collages/{name}"]:
                failures.append(f"collage {batch}: zbarimg reads {urls} off the screen")
            elif urllib.request.urlopen(urls[0], timeout=DEADLINE).read() != expected(name):
                failures.append(f"collage {batch}: {urls[0]} does not serve its bytes")
            print(f"collage {batch}: on the screen with its code", flush=True)
        answers = [flood.stop() for flood in (one, never_read, many)]
        downloads.stop()
        phones.stop()
        crowd.clear()
        if drops(driver):
            failures.append(f"the screen's event stream was cut {drops(driver)} times among the guests")
        wrong = mismatches(driver)
        if wrong:
            failures.append(f"the code beside a collage was another's {len(wrong)} times: {wrong[:5]}")
        if downloads.failed:
            failures.append(f"{len(downloads.failed)} of the other guests' downloads failed: {[f[2] for f in downloads.failed[:5]]}")
        if downloads.complete < 10:
            failures.append(f"only {downloads.complete} downloads were made")
        if phones.ended:
            failures.append(f"a phone's page was ended for good: {phones.ended[:5]}")
        print(f"{downloads.complete} downloads complete and byte-right, {len(downloads.failed)} failed; "
              f"{args.phones} phones: {phones.reconnects} reconnections, saves seen {sum(phones.saved.values())}; "
              f"floods: one address {answers[0]}, never read {answers[1]}, many addresses {answers[2]}", flush=True)
    finally:
        for guests in crowd:
            guests.stop()
        close(driver, booth)
    report(failures, args.shots)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""`watch --serve`, measured (not a test): run by `make bench-serve` against the release build.

1. Latency from a collage's rename on disk (inotify IN_MOVED_TO on the output folder) to its
   `saved` event reaching a connected SSE client: median and p99 over 50 saves.
2. wrk on /collages/NAME, 64 connections on loopback, while the watch keeps saving.
3. The watch's CPU time for 40 saves with 64 SSE clients connected against none (the median of
   five runs each): for the small collages of small photos the other parts use, at a print's
   size, and at a print's size from photos a phone or camera takes (12 MP), a booth's real load.
   Next to it the floor: the same writes with nothing around them (sse-floor.c).

Photos are generated (Pillow): 50+ distinct landscape JPEGs, and 40 of 4032x3024."""

import ctypes
import os
import random
import re
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd", "serve"))
from PIL import Image, ImageDraw  # noqa: E402

import booth as booth_module  # noqa: E402
from benchutil import cpu_seconds  # noqa: E402
from booth import Booth, SSEClient  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
COLLAGE = os.path.join(REPO, ".build", "release", "collage")


def make_photos(folder, count, size=(320, 200)):
    random.seed(19)
    names = []
    scale = size[0] / 320
    for i in range(count):
        image = Image.new("RGB", size, tuple(random.randrange(256) for _ in range(3)))
        draw = ImageDraw.Draw(image)
        for _ in range(12):
            x, y = random.randrange(300) * scale, random.randrange(180) * scale
            draw.rectangle([x, y, x + random.randrange(20, 160) * scale, y + random.randrange(20, 120) * scale],
                           fill=tuple(random.randrange(256) for _ in range(3)))
        name = f"bench-{i:03}.jpg"
        image.save(os.path.join(folder, name), quality=90)
        names.append(name)
    return names


class Renames:
    """inotify on a folder: when each file was renamed into it, by this clock."""

    def __init__(self, folder):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        self.fd = libc.inotify_init1(0)
        libc.inotify_add_watch(self.fd, folder.encode(), 0x00000080)  # IN_MOVED_TO
        self.times = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            data = os.read(self.fd, 65536)
            now = time.monotonic()
            offset = 0
            while offset < len(data):
                _, _, _, length = struct.unpack_from("iIII", data, offset)
                name = data[offset + 16: offset + 16 + length].rstrip(b"\0").decode()
                if name.startswith("collage-"):
                    self.times.append((name, now))
                offset += 16 + length


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def latency(fixtures):
    booth = Booth(COLLAGE, fixtures, "--limit", "100")
    try:
        renames = Renames(booth.out)
        client = SSEClient(booth.port)
        client.until("started")
        samples = []
        for i, name in enumerate(sorted(os.listdir(fixtures))[:50], start=1):
            booth.drop(name)
            _, data = client.until("saved", lambda d, i=i: d["photos"] == i)
            arrived = time.monotonic()
            renamed = [t for n, t in renames.times if n == "collage-0001.jpg"]
            samples.append((arrived - renamed[-1]) * 1000)
        print(f"rename -> SSE event over {len(samples)} saves: median {statistics.median(samples):.2f} ms, "
              f"p99 {percentile(samples, 99):.2f} ms, max {max(samples):.2f} ms")
    finally:
        booth.stop()
        booth.close()


def load(fixtures):
    booth = Booth(COLLAGE, fixtures, "--limit", "100")
    try:
        names = sorted(os.listdir(fixtures))
        booth.drop(names[0])
        booth.saved(1)
        stop = threading.Event()

        def keep_saving():
            for i, name in enumerate(names[1:], start=2):
                if stop.is_set():
                    return
                booth.drop(name)
                booth.saved(i)
                time.sleep(0.2)

        saver = threading.Thread(target=keep_saving)
        saver.start()
        result = subprocess.run(["wrk", "-t2", "-c64", "-d10s", "--latency", f"{booth.url}/collages/collage-0001.jpg"],
                                capture_output=True, text=True)
        stop.set()
        saver.join()
        rate = re.search(r"Requests/sec:\s+([\d.]+)", result.stdout).group(1)
        p99 = re.search(r"99%\s+(\S+)", result.stdout).group(1)
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", result.stdout)
        size = os.path.getsize(os.path.join(booth.out, "collage-0001.jpg"))
        print(f"wrk 64 connections, 10 s, /collages/collage-0001.jpg ({size} bytes) while saving: {rate} requests/s, "
              f"p99 {p99}, non-2xx: {errors.group(1) if errors else 0}")
    finally:
        booth.stop()
        booth.close()


def cpu(fixtures, clients, *flags):
    booth = Booth(COLLAGE, fixtures, "--limit", "100", *flags)
    try:
        readers = []
        for _ in range(clients):
            client = SSEClient(booth.port)
            client.until("started")
            readers.append(client)

        def drain(client):
            try:
                while True:
                    client.event()
            except Exception:
                pass

        for client in readers:
            threading.Thread(target=drain, args=(client,), daemon=True).start()
        before = cpu_seconds(booth.process.pid)
        for i, name in enumerate(sorted(os.listdir(fixtures))[:40], start=1):
            booth.drop(name)
            booth.saved(i)
        used = cpu_seconds(booth.process.pid) - before
        return used
    finally:
        booth.stop()
        booth.close()


def floor_seconds(floor):
    """The CPU of the same fan-out with nothing around it (sse-floor.c): 80 events (a save's
    `added` and `saved`, 40 times) of 150 bytes as chunks to 64 sockets."""
    return float(subprocess.run([floor, "64", "80", "150"], check=True, capture_output=True, text=True).stdout)


def main():
    if not os.path.exists(COLLAGE):
        raise SystemExit(f"build it first: swift build -c release ({COLLAGE})")
    fixtures = os.path.join(REPO, ".build", "serve-bench-photos")
    os.makedirs(fixtures, exist_ok=True)
    if len(os.listdir(fixtures)) < 60:
        make_photos(fixtures, 60)
    booth_module.DEADLINE = 120
    latency(fixtures)
    load(fixtures)
    phone = os.path.join(REPO, ".build", "serve-bench-photos-12mp")
    os.makedirs(phone, exist_ok=True)
    if len(os.listdir(phone)) < 40:
        make_photos(phone, 40, (4032, 3024))
    floor = os.path.join(REPO, ".build", "sse-floor")
    subprocess.run(["cc", "-O2", "-o", floor, os.path.join(REPO, "Tests", "Benchmarks", "sse-floor.c"), "-lpthread"], check=True)
    # The last --size given wins: 300x200 (Booth's), then a 6x4 in print at 300 dpi.
    for photos, size, what in ((fixtures, "300x200", "320x200 photos"), (fixtures, "1800x1200", "320x200 photos"),
                               (phone, "1800x1200", "12 MP photos")):
        none, many, floors = [], [], []
        for _ in range(5):
            none.append(cpu(photos, 0, "--size", size))
            many.append(cpu(photos, 64, "--size", size))
            floors.append(floor_seconds(floor))
        quiet, busy, least = statistics.median(none), statistics.median(many), statistics.median(floors)
        print(f"watch CPU for 40 saves of {size} from {what}, median of 5: no SSE client {quiet:.2f} s, 64 SSE clients {busy:.2f} s "
              f"({(busy / quiet - 1) * 100:+.1f} %; the floor's writes alone {least:.3f} s, {least / quiet * 100:+.1f} %); "
              f"runs {' '.join(f'{x:.2f}' for x in none)} / {' '.join(f'{x:.2f}' for x in many)}")


if __name__ == "__main__":
    main()

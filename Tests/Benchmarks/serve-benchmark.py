#!/usr/bin/env python3
"""`watch --serve`, measured (not a test): run by `make bench-serve` against the release build.

1. Latency from a collage's rename on disk (inotify IN_MOVED_TO on the output folder) to its
   `saved` event reaching a connected SSE client: median and p99 over 50 saves.
2. wrk on /collages/NAME, 64 connections on loopback, while the watch keeps saving.
3. The watch's CPU time for 40 saves with 64 SSE clients connected against none (the median of
   five runs each): for the small collages of small photos the other parts use, at a print's
   size, and at a print's size from photos a phone or camera takes (12 MP), a booth's real load.
   Next to it the floor: the same writes with nothing around them (sse-floor.c).
4. The booth's memory with 40 downloads of a big PNG collage (6000x4000 from noisy 12 MP photos)
   whose clients never read: what it grows by must stay a small constant per connection (a
   chunk and NIO's buffer), never a collage each; the run fails past 2 MiB a connection.

5. How long a guest waits for `/` while four slow clients hold all of `--serve-max-clients 4`
   (the default idle timeout, 15 s): bodies or heads dripped a byte every half second, `/events`
   and downloads of that collage never read. The attackers go on for 60 s.

6. Every phone gets its collage: a booth with 500 collages in its gallery and 100 phones, each
   from its own address (127.0.0.0/8), each opening `/gallery`, looking at it for 0.5 to 2 s,
   downloading a collage it lists and looking again, for 30 s, on keep-alive connections as a
   phone's browser does (the phones are threads of four processes): the gallery's latency
   (median, p95, max), and every download complete and byte for byte the file's. The run fails
   with a download that is not, or a p95 of a second or more.

`serve-benchmark.py slow-downloads` runs the fourth and fifth alone, `serve-benchmark.py gallery`
the sixth; COLLAGE=path measures another build.

Photos are generated (Pillow): 50+ distinct landscape JPEGs, and 40 of 4032x3024."""

import ctypes
import http.client
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
from booth import GUEST, Attackers, Booth, SSEClient, guest_address  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
COLLAGE = os.environ.get("COLLAGE", os.path.join(REPO, ".build", "release", "collage"))


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


def make_noise(folder, count, size=(4032, 3024)):
    """Photos that compress badly, so their collage's PNG is as big as a camera's would make it."""
    names = []
    for i in range(count):
        name = f"noise-{i:03}.jpg"
        Image.frombytes("RGB", size, random.Random(i).randbytes(size[0] * size[1] * 3)).save(os.path.join(folder, name), quality=95)
        names.append(name)
    return names


def memory_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} for {pid}")


def slow_downloads(photos, clients=40):
    """RSS before and after `clients` never-reading downloads of one big collage."""
    booth = Booth(COLLAGE, photos, "--size", "6000x4000", "--format", "png", "--serve-max-clients", "64", "--limit", "6")
    socks = []
    try:
        for name in sorted(os.listdir(photos))[:6]:
            booth.drop(name)
        path = booth.saved(6)["data"]["path"]
        size = os.path.getsize(path)
        # What the save itself left, once the server's check of the file (its hash) is done.
        before, end = memory_kib(booth.process.pid, "VmRSS"), time.monotonic() + 30
        while time.monotonic() < end:
            time.sleep(2)
            now = memory_kib(booth.process.pid, "VmRSS")
            if abs(now - before) < 1024:
                break
            before = now
        request = f"GET /collages/{os.path.basename(path)} HTTP/1.1\r\nHost: booth\r\n\r\n".encode()
        for n in range(clients):
            # Guests, each from its own address (the screen's own address has 16 slots of its own).
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.bind((guest_address(n), 0))
            sock.connect(("127.0.0.1", booth.port))
            sock.sendall(request)
            socks.append(sock)
        time.sleep(5)
        after = memory_kib(booth.process.pid, "VmRSS")
        grown = (after - before) / 1024
        print(f"{clients} never-reading downloads of a {size / (1 << 20):.1f} MiB PNG collage: RSS {before / 1024:.0f} MiB -> "
              f"{after / 1024:.0f} MiB ({grown:+.0f} MiB, {grown / clients:.2f} MiB a connection; peak "
              f"{memory_kib(booth.process.pid, 'VmHWM') / 1024:.0f} MiB)")
        return grown / clients
    finally:
        for sock in socks:
            sock.close()
        booth.stop()
        booth.close()


def page_under_slow_clients(photos):
    """Seconds a guest waits for / while four slow clients of each kind hold every slot."""
    booth = Booth(COLLAGE, photos, "--size", "6000x4000", "--format", "png", "--serve-max-clients", "4")
    try:
        booth.drop(sorted(os.listdir(photos))[0])
        name = os.path.basename(booth.saved(1)["data"]["path"])
        # From a guest's address: the screen (127.0.0.1) has slots of its own.
        attacks = [("bodies dripped", b"GET / HTTP/1.1\r\nHost: booth\r\nContent-Length: 100000\r\n\r\n", b"x", None),
                   ("heads dripped", b"GET / HTTP/1.1\r\nHost: booth\r\n", b"X", None),
                   ("/events never read", b"GET /events HTTP/1.1\r\nHost: booth\r\n\r\n", None, 4096),
                   ("downloads never read", f"GET /collages/{name} HTTP/1.1\r\nHost: booth\r\n\r\n".encode(), None, 4096)]
        for what, request, drip, buffer in attacks:
            attackers = Attackers(booth.port, request, drip=drip, receive_buffer=buffer)
            result = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "--max-time", "60",
                                     "--interface", GUEST, booth.url + "/"], capture_output=True, text=True)
            attackers.stop()
            status, seconds = (result.stdout.split() + ["?"])[:2]
            print(f"four {what}: / answered {status} after {seconds} s" if status == "200" else
                  f"four {what}: / not answered in 60 s ({status})")
            # The slots the attackers held are free again before the next attack.
            time.sleep(1)
    finally:
        booth.stop()
        booth.close()


def phone_crowd(port, out, first, count, seconds, results):
    """`count` phones (threads of one process: four share the crowd, so Python's lock does not
    make the phones slower than the booth), each from its own address: /gallery, a look of
    0.5 to 2 s, a collage it lists downloaded and compared with the file, another look."""
    lock, latencies, sizes, downloads, failures = threading.Lock(), [], set(), [0], []
    stop = time.monotonic() + seconds

    def phone(n):
        rng = random.Random(n)
        connection = [None]

        def get(path):
            """The response's status and body; as a browser does, a request on a kept-alive
            connection the server closed meanwhile is asked again on a new one."""
            for attempt in (1, 2):
                reused = connection[0] is not None
                if not reused:
                    connection[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(guest_address(n), 0))
                try:
                    connection[0].request("GET", path)
                    response = connection[0].getresponse()
                    return response.status, response.read()
                except (OSError, http.client.HTTPException):
                    connection[0].close()
                    connection[0] = None
                    if not reused or attempt == 2:
                        raise

        while time.monotonic() < stop:
            try:
                started = time.monotonic()
                _, page = get("/gallery")
                took = time.monotonic() - started
                name = rng.choice(re.findall(rb'href="/collages/([^"]+)" download', page)).decode()
                time.sleep(rng.uniform(0.5, 2))
                status, body = get(f"/collages/{name}")
                with open(os.path.join(out, name), "rb") as file:
                    right = status == 200 and body == file.read()
                with lock:
                    latencies.append(took)
                    sizes.add(len(page))
                    downloads[0] += right
                    if not right:
                        failures.append(f"{name}: {status}, {len(body)} bytes")
            except (OSError, http.client.HTTPException, IndexError) as error:
                with lock:
                    failures.append(repr(error))
            time.sleep(rng.uniform(0.5, 2))

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(first, first + count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((latencies, sorted(sizes), downloads[0], failures))


def gallery_phones(photos, collages=500, phones=100, seconds=30, processes=4):
    """Latency of /gallery and downloads' completeness with `phones` phones and `collages` collages."""
    import multiprocessing
    names = sorted(os.listdir(photos))[:collages]
    booth = Booth(COLLAGE, photos, "--limit", "1", "--public-url", "http://booth.local:8090")
    try:
        for batch, name in enumerate(names, start=1):
            booth.drop(name)
            booth.saved(1, batch)
        single = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{time_total}", booth.url + "/gallery"],
                                capture_output=True, text=True).stdout
        print(f"/gallery of {len(names)} collages, one request alone: {float(single) * 1000:.0f} ms (the first, made for the cache)")
        results = multiprocessing.Queue()
        share = phones // processes
        crowd = [multiprocessing.Process(target=phone_crowd, args=(booth.port, booth.out, i * share, share, seconds, results))
                 for i in range(processes)]
        for process in crowd:
            process.start()
        gathered = [results.get() for _ in crowd]
        for process in crowd:
            process.join()
        latencies = [x for part in gathered for x in part[0]]
        sizes = [x for part in gathered for x in part[1]]
        downloads = sum(part[2] for part in gathered)
        failures = [x for part in gathered for x in part[3]]
        print(f"{phones} phones for {seconds} s, {len(names)} collages in the gallery ({max(sizes) / 1024:.0f} KiB a page): "
              f"/gallery {len(latencies)} times, median {statistics.median(latencies) * 1000:.0f} ms, "
              f"p95 {percentile(latencies, 95) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms; "
              f"{downloads} downloads complete and byte-right, {len(failures)} failed {failures[:3]}")
        return percentile(latencies, 95), failures
    finally:
        booth.stop()
        booth.close()


def make_distinct(folder, count, size=(320, 200)):
    """`count` distinct landscapes (benchutil's pictures: each its own difference hash)."""
    from benchutil import picture
    rng = random.Random(41)
    for i in range(count):
        picture(rng, *size).save(os.path.join(folder, f"distinct-{i:04}.jpg"), quality=85)


def every_phone_gets_its_collage():
    distinct = os.path.join(REPO, ".build", "serve-bench-distinct")
    os.makedirs(distinct, exist_ok=True)
    if len(os.listdir(distinct)) < 500:
        make_distinct(distinct, 500)
    p95, failures = gallery_phones(distinct)
    if failures or p95 >= 1:
        raise SystemExit(f"/gallery p95 {p95:.2f} s, {len(failures)} downloads failed")


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
    booth_module.DEADLINE = 300
    noise = os.path.join(REPO, ".build", "serve-bench-noise")
    os.makedirs(noise, exist_ok=True)
    if len(os.listdir(noise)) < 6:
        make_noise(noise, 6)
    if sys.argv[1:] == ["gallery"]:
        return every_phone_gets_its_collage()
    per_connection = slow_downloads(noise)
    page_under_slow_clients(noise)
    if per_connection > 2:
        raise SystemExit(f"slow downloads grow the booth by {per_connection:.2f} MiB a connection (more than 2)")
    if sys.argv[1:] == ["slow-downloads"]:
        return
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
    every_phone_gets_its_collage()


if __name__ == "__main__":
    main()

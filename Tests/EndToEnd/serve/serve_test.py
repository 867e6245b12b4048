#!/usr/bin/env python3
"""`collage watch --serve` end to end, with real clients: curl for every route, status and
header (conditional GET included), the hostile paths and methods, a Server-Sent Events client
that receives `saved` live and resumes with Last-Event-ID, a client that never reads and one that
reads slowly while the watch keeps saving, a slowloris, an earlier run's collages served after a
restart only while unchanged, a collage left with no photo withdrawn, a port already taken (exit
69), SIGTERM.

usage: serve_test.py COLLAGE FIXTURES [CHECK...]   (only the checks named; all when none)
       serve_test.py --list                         (the checks' names, one a line)"""

import os
import signal
import socket
import subprocess
import sys
import threading
import time

from booth import ATTACKER, DEADLINE, GUEST, LANDSCAPE, Attackers, Booth, SSEClient, connect, curl
from checks import check, run

COLLAGE, FIXTURES = (sys.argv[1], sys.argv[2]) if sys.argv[1:2] != ["--list"] else (None, None)
# Enough refused files that their events (about 450 bytes each) overflow what the kernel and
# SwiftNIO buffer for a client that never reads (4 MiB of socket buffer on Linux at most).
FILLER = 14000


def test_routes_headers_and_conditional_requests():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        status, headers, body = curl(booth.url + "/")
        check(status == 200 and headers["content-type"].startswith("text/html"), f"/ is a page: {status} {headers}")
        check(b"Waiting for the first photo" in body and b"EventSource" in body, "/ waits for the first photo, by SSE")
        check(b"http://" not in body.replace(b"http://www.w3.org", b"") and b"https://" not in body, "/ loads nothing from elsewhere")
        check(int(headers["content-length"]) == len(body), "/ has its Content-Length")
        status, headers, body = curl("-I", booth.url + "/")
        check(status == 200 and body == b"" and int(headers["content-length"]) > 0, f"HEAD / has headers only: {status} {len(body)}")

        booth.drop("autumn.jpg")
        saved = booth.saved(1)
        name = os.path.basename(saved["data"]["path"])
        check(name == "collage-0001.jpg", f"the first collage is {name}")
        path = os.path.join(booth.out, name)
        status, headers, body = curl(f"{booth.url}/collages/{name}")
        on_disk = open(path, "rb").read()
        check(status == 200 and body == on_disk, f"/collages/{name} is the file's bytes: {status}")
        check(headers.get("content-type") == "image/jpeg", f"Content-Type: {headers.get('content-type')}")
        check(int(headers["content-length"]) == len(on_disk), "Content-Length is the file's size")
        etag, modified = headers.get("etag"), headers.get("last-modified")
        check(etag is not None and etag.startswith('"') and modified and modified.endswith(" GMT"), f"validators: {etag} {modified}")
        status, headers, body = curl("-H", f"If-None-Match: {etag}", f"{booth.url}/collages/{name}")
        check(status == 304 and body == b"" and headers.get("etag") == etag, f"If-None-Match with its ETag: {status}")
        status, _, body = curl("-H", f"If-Modified-Since: {modified}", f"{booth.url}/collages/{name}")
        check(status == 304 and body == b"", f"If-Modified-Since its Last-Modified: {status}")
        status, _, body = curl("-H", 'If-None-Match: "another"', "-H", f"If-Modified-Since: {modified}", f"{booth.url}/collages/{name}")
        check(status == 200 and body == on_disk, f"another ETag wins over the date: {status}")
        status, _, body = curl("-H", "If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT", f"{booth.url}/collages/{name}")
        check(status == 200 and body == on_disk, f"modified since 2000: {status}")
        status, headers, body = curl("-I", f"{booth.url}/collages/{name}")
        check(status == 200 and body == b"" and int(headers["content-length"]) == len(on_disk) and headers.get("etag") == etag,
              f"HEAD of a collage: {status} {headers}")

        # The next save renames a new file over it: a new ETag, and the old one no longer matches.
        booth.drop("kite.jpg")
        booth.saved(2)
        status, headers, body = curl("-H", f"If-None-Match: {etag}", f"{booth.url}/collages/{name}")
        check(status == 200 and headers.get("etag") != etag and body == open(path, "rb").read(), f"a new save, a new ETag: {status}")

        status, headers, body = curl(booth.url + "/gallery")
        check(status == 200 and headers["content-type"].startswith("text/html"), f"/gallery: {status}")
        check(body.count(b'<img src="/codes/') == 1 and f"/collages/{name}".encode() in body, "the gallery shows the collage with a QR code")
        status, headers, code = curl(f"{booth.url}/codes/{name}")
        check(status == 200 and headers.get("content-type") == "image/svg+xml" and code.startswith(b"<svg"),
              f"/codes/{name} is its QR code: {status} {headers.get('content-type')}")
        check(curl(f"{booth.url}/codes/collage-0009.jpg")[0] == 404, "no code for a collage the booth does not list")
        status, headers, _ = curl("-I", booth.url + "/events")
        check(status == 200 and headers.get("content-type") == "text/event-stream", f"HEAD /events: {status} {headers}")
        check(curl(booth.url + "/nothing")[0] == 404, "an unknown path is 404")
    finally:
        booth.stop()
        booth.close()


HOSTILE_PATHS = [
    "/collages/../../../../etc/passwd", "/collages/..%2f..%2f..%2fetc%2fpasswd", "/collages/%2e%2e/%2e%2e/etc/passwd",
    "/collages/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/collages/%2E%2E", "/collages/..", "/collages/.", "/collages/",
    "/collages//etc/passwd", "/collages/%2fetc%2fpasswd", "//etc/passwd", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
    "/collages/collage.jpg%00.jpg", "/collages/planted.jpg", "/collages/collage-0001.jpg/..", "/collages/%252e%252e",
    "/photos/autumn.jpg", "/photos/../photos/autumn.jpg", "/photos", "/out/collage-0001.jpg", "/collage-0001.jpg",
    "/codes/../../etc/passwd", "/codes/%2e%2e%2fplanted.jpg", "/codes/planted.jpg",
    "/collages/collage-0002.jpg",  # not written yet
]
HOSTILE_METHODS = ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"]


def test_hostile_requests():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        booth.drop("autumn.jpg")
        booth.saved(1)
        os.symlink("/etc/passwd", os.path.join(booth.out, "planted.jpg"))
        for path in HOSTILE_PATHS:
            status, _, body = curl(booth.url + path)
            check(status == 404 and b"root:" not in body, f"GET {path} is 404, not {status}")
        for method in HOSTILE_METHODS:
            for path in ["/", "/collages/collage-0001.jpg", "/events", "/nothing"]:
                status, headers, _ = curl("-X", method, "--max-time", "10", booth.url + path)
                check(status == 405 and headers.get("allow") == "GET, HEAD", f"{method} {path} is 405, not {status}")
        # A method HTTP does not know is refused by the parser itself.
        check(curl("-X", "BREW", booth.url + "/")[0] == 400, "BREW is 400")
        # CONNECT turns the connection into a tunnel for the HTTP parser: never answered with
        # anything but 405, and the connection is closed by the idle timeout.
        result = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "CONNECT", "--max-time", "40",
                                 booth.url + "/"], capture_output=True, text=True, timeout=DEADLINE)
        check(result.stdout in ("405", "000") and "timed out" not in result.stderr, f"CONNECT: {result.stdout} {result.stderr}")
        # A symlink planted under a name the booth wrote is refused like a missing file.
        name = os.path.join(booth.out, "collage-0001.jpg")
        booth.drop("kite.jpg")
        booth.drop("bythewater.jpg")
        booth.saved(3)
        saved = open(name, "rb").read()
        os.rename(name, name + ".real")
        os.symlink("/etc/passwd", name)
        # Never the link's target: the booth's own bytes, still open from its latest save.
        status, _, body = curl(booth.url + "/collages/collage-0001.jpg")
        check(status == 200 and body == saved, f"a collage replaced by a symlink is served as the booth saved it, not {status} {body[:20]!r}")
        check(os.path.exists(os.path.join(booth.folder, "autumn.jpg")), "the photos are left alone")
    finally:
        booth.stop()
        booth.close()


def test_photos_only_when_asked():
    booth = Booth(COLLAGE, FIXTURES, "--serve-photos")
    try:
        booth.drop("autumn.jpg")
        booth.drop("portrait.jpg")
        booth.saved(1)
        booth.next("skipped")
        status, headers, body = curl(booth.url + "/photos/autumn.jpg")
        check(status == 200 and body == open(os.path.join(FIXTURES, "autumn.jpg"), "rb").read(), f"--serve-photos serves a used photo: {status}")
        check(curl(booth.url + "/photos/portrait.jpg")[0] == 404, "a skipped photo is not served")
    finally:
        booth.stop()
        booth.close()


def test_events_live_resume_and_the_same_json_as_stdout():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        client = SSEClient(booth.port)
        check(client.status == 200 and client.headers.get("content-type") == "text/event-stream", f"/events: {client.status} {client.headers}")
        first_id, started = client.until("started")
        check(started == booth.lines[0], "the started event is the --json line")
        seen = [(first_id, started)]
        for count, name in enumerate(LANDSCAPE[:3], start=1):
            booth.drop(name)
            event_id, data = client.until("saved", lambda d, c=count: d["photos"] == c)
            seen.append((event_id, data))
        check(all(booth.printed(data) for _, data in seen), "every SSE event is a --json line, byte for byte")
        ids = [event_id for event_id, _ in seen]
        check(ids == sorted(ids) and len(set(ids)) == len(ids), f"ids increase: {ids}")
        last_id = ids[-1]
        client.close()

        # Disconnected: two more photos, then resume from the last id seen.
        booth.drop(LANDSCAPE[3])
        booth.drop(LANDSCAPE[4])
        booth.saved(5)
        resumed = SSEClient(booth.port, last_event_id=last_id)
        event_id, data = resumed.event()
        check(event_id == last_id + 1, f"resumes right after {last_id}, at {event_id}")
        missed = [(event_id, data)]
        while '"saved"' not in data or '"photos":5' not in data:
            event_id, data = resumed.event()
            missed.append((event_id, data))
        booth.printed(missed[-1][1])
        check([d for _, d in missed] == booth.lines[booth.lines.index(seen[-1][1]) + 1:][:len(missed)],
              "the missed events, in order, as --json printed them")
        # And live again after the resume.
        booth.drop(LANDSCAPE[5])
        _, data = resumed.until("saved", lambda d: d["photos"] == 6)
        check(booth.printed(data), "live after resuming")
        # SIGTERM: the pages get the finished event, then the stream ends.
        check(booth.stop() == 143, "SIGTERM ends the watch with 143")
        _, finished = resumed.until("finished")
        check('"interrupted"' in finished, f"finished: {finished}")
        try:
            while True:
                resumed.event()
        except (EOFError, ConnectionError):
            pass
        else:
            check(False, "the stream ends after finished")
        check(booth.printed(finished) and finished == booth.lines[-1], "the finished event is the last --json line")
        # Every event, `started` with its `url` included, as docs/watch-event.schema.json says.
        here = os.path.dirname(os.path.abspath(__file__))
        schema = os.path.join(here, "..", "..", "..", "docs", "watch-event.schema.json")
        valid = subprocess.run([sys.executable, os.path.join(here, "..", "validate-json.py"), schema, "--lines"],
                               input="\n".join(booth.lines), capture_output=True, text=True)
        check(valid.returncode == 0, f"the events follow the schema: {valid.stdout}{valid.stderr}")
    finally:
        booth.stop()
        booth.close()


def test_clients_that_do_not_keep_up_do_not_hold_the_watch():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        # One that never reads (a tiny receive window), one that reads a little now and then.
        stuck = socket.socket()
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stuck.connect(("127.0.0.1", booth.port))
        stuck.sendall(b"GET /events HTTP/1.1\r\nHost: booth\r\n\r\n")
        slow = socket.create_connection(("127.0.0.1", booth.port))
        slow.sendall(b"GET /events HTTP/1.1\r\nHost: booth\r\n\r\n")
        # And one that keeps up, reading on its own thread.
        reading = SSEClient(booth.port)
        received_by_reader = []

        def read_all():
            try:
                while True:
                    received_by_reader.append(reading.event()[1])
            except (EOFError, OSError):
                pass

        reader = threading.Thread(target=read_all, daemon=True)
        reader.start()
        # Thousands of events: refused files with long names, each a `skipped` line.
        filler = os.path.join(booth.staging, "filler")
        open(filler, "wb").write(b"not an image")
        long = "x" * 240
        for i in range(FILLER):
            staged = os.path.join(booth.staging, f"{long}-{i:05}.jpg")
            os.link(filler, staged)
            os.rename(staged, os.path.join(booth.folder, f"{long}-{i:05}.jpg"))
            if i % 100 == 0:
                slow.recv(512)
        booth.next("skipped", lambda e: e["data"]["path"].endswith(f"-{FILLER - 1:05}.jpg"))
        # The watch still takes and saves photos on its own schedule.
        for count, name in enumerate(LANDSCAPE[:2], start=1):
            booth.drop(name)
            booth.saved(count)
        end = time.monotonic() + DEADLINE
        while not any('"saved"' in d and '"photos":2' in d for d in received_by_reader) and time.monotonic() < end:
            time.sleep(0.05)
        saves = [d for d in received_by_reader if '"saved"' in d]
        check(len(saves) == 2 and all(booth.printed(d) for d in saves), f"a client that keeps up sees every save: {len(saves)}")
        skipped = sum('"skipped"' in d for d in received_by_reader)
        check(skipped == FILLER, f"and every refused file: {skipped}")
        # The one that never read was dropped: what reached it ends without the last save.
        received = b""
        stuck.settimeout(DEADLINE)
        while True:
            chunk = stuck.recv(65536)
            if not chunk:
                break
            received += chunk
        check(b'"photos":2' not in received, f"the client that never read was dropped before the last save ({len(received)} bytes read)")
        check(len(received) < 8 << 20, f"nothing buffered without limit: {len(received)} bytes")
    finally:
        booth.stop()
        booth.close()


def test_a_slowloris_cannot_keep_a_slot():
    booth = Booth(COLLAGE, FIXTURES, "--serve-idle-timeout", "1", "--serve-max-clients", "2")
    try:
        drips = []
        for _ in range(2):
            sock = connect(booth.port, ATTACKER)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: booth\r\n")
            drips.append(sock)
        end = time.monotonic() + DEADLINE
        closed = [False, False]
        while not all(closed) and time.monotonic() < end:
            for i, sock in enumerate(drips):
                if closed[i]:
                    continue
                try:
                    sock.sendall(b"X-Drip: 1\r\n")
                    sock.settimeout(0.2)
                    if sock.recv(1024) == b"":
                        closed[i] = True
                except socket.timeout:
                    pass
                except (BrokenPipeError, ConnectionResetError):
                    closed[i] = True
        check(all(closed), "headers dripped a line at a time: the server closes the connection")
        # With both slots free again, a guest's request is served.
        check(curl("--interface", GUEST, "--max-time", "30", booth.url + "/")[0] == 200, "the slots are free again")
    finally:
        booth.stop()
        booth.close()


def test_an_earlier_runs_collages_are_served_while_unchanged():
    booth = Booth(COLLAGE, FIXTURES, "--limit", "1")
    try:
        for batch, photo in enumerate(["autumn.jpg", "kite.jpg", "bythewater.jpg"], start=1):
            booth.drop(photo)
            booth.saved(1, batch)
        first, second, third = (os.path.join(booth.out, f"collage-000{n}.jpg") for n in (1, 2, 3))
        booth.restart()
        # Listed once each file is checked against the journal, in the background (bounded wait).
        end = time.monotonic() + DEADLINE
        while curl(booth.url + "/gallery")[2].count(b'<img src="/codes/') < 3 and time.monotonic() < end:
            time.sleep(0.05)
        body = curl(booth.url + "/gallery")[2]
        check(body.count(b'<img src="/codes/') == 3, "the gallery lists the first run's three collages")
        at = [body.find(f"/collages/collage-000{n}.jpg".encode()) for n in (3, 2, 1)]
        check(-1 not in at and at == sorted(at), f"newest first: {at}")
        status, headers, served = curl(booth.url + "/collages/collage-0001.jpg")
        check(status == 200 and served == open(first, "rb").read() and headers.get("content-type") == "image/jpeg",
              f"an earlier run's collage is served: {status}")
        # A file changed since it was checked is not the booth's any more: 404, like a planted link.
        with open(second, "r+b") as f:
            f.seek(100)
            f.write(b"\xff\x00\xff")
        os.rename(third, third + ".real")
        os.symlink(os.path.join(booth.out, "collage-0001.jpg"), third)
        for name in ("collage-0002.jpg", "collage-0003.jpg", ".collage.jpg.journal", "collage-0004.jpg"):
            status, _, _ = curl(f"{booth.url}/collages/{name}")
            check(status == 404, f"/collages/{name} after the restart is 404, not {status}")
    finally:
        booth.stop()
        booth.close()


def test_a_port_already_taken_is_exit_69_before_any_photo():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".")
    import tempfile
    folder = tempfile.mkdtemp()
    import shutil
    shutil.copyfile(os.path.join(FIXTURES, "autumn.jpg"), os.path.join(folder, "autumn.jpg"))
    output = os.path.join(folder, "collage.jpg")
    result = subprocess.run([COLLAGE, "watch", folder, "-o", output, "--serve", f"127.0.0.1:{port}"],
                            capture_output=True, text=True, timeout=DEADLINE)
    check(result.returncode == 69, f"exit {result.returncode}, not 69")
    check(f"collage: cannot serve on 127.0.0.1:{port}: Address already in use" in result.stderr.splitlines(), f"stderr: {result.stderr!r}")
    check(not os.path.exists(output), "no collage was made")
    result = subprocess.run([COLLAGE, "watch", folder, "-o", output, "--json", "--serve", f"127.0.0.1:{port}"],
                            capture_output=True, text=True, timeout=DEADLINE)
    check(result.returncode == 69 and '"reason":"server-unavailable"' in result.stdout, f"--json: {result.stdout!r}")
    check(result.stdout.count("\n") == 1, f"--json: only the finished event: {result.stdout!r}")
    taken.close()
    shutil.rmtree(folder)


# Slow clients hold all four slots while a guest asks for the page: the guest must be answered
# long before the attackers stop (they go on for DEADLINE seconds; the idle timeout is longer
# than the guest's wait). The bound is how long the guest waits, not how fast the server is.
HELD = ["--serve-max-clients", "4", "--serve-idle-timeout", "45"]
GUEST_WAIT = "20"


def guest_gets_the_page(booth, what):
    """Another guest (its own address) asks for / and /gallery while the attacker holds the slots."""
    ask = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--interface", GUEST, "--max-time", GUEST_WAIT]
    result = subprocess.run(ask + [booth.url + "/"], capture_output=True, text=True, timeout=DEADLINE)
    check(result.stdout == "200", f"{what}: a guest's / is answered within {GUEST_WAIT} s, not {result.stdout} {result.stderr.strip()}")
    result = subprocess.run(ask + [booth.url + "/gallery"], capture_output=True, text=True, timeout=DEADLINE)
    check(result.stdout == "200", f"{what}: and /gallery, not {result.stdout} {result.stderr.strip()}")


def test_a_dripped_body_is_refused_and_keeps_no_slot():
    booth = Booth(COLLAGE, FIXTURES, *HELD)
    attackers = None
    try:
        attackers = Attackers(booth.port, b"GET / HTTP/1.1\r\nHost: booth\r\nContent-Length: 100000\r\n\r\n", drip=b"x")
        guest_gets_the_page(booth, "four dripped bodies")
        answers = attackers.answers()
        check(all(a.startswith(b"HTTP/1.1 413") for a in answers), f"a GET with a body is 413: {[a[:20] for a in answers]}")
        # A chunked body is refused the same way.
        status, _, _ = curl("-H", "Transfer-Encoding: chunked", "--data-binary", "x", "-X", "GET", "--max-time", "10", booth.url + "/")
        check(status == 413, f"a chunked GET body is 413, not {status}")
        check(curl("-H", "Content-Length: 0", booth.url + "/")[0] == 200, "Content-Length: 0 is no body")
    finally:
        if attackers:
            attackers.stop()
        booth.stop()
        booth.close()


def test_dripped_heads_do_not_keep_the_page_away():
    booth = Booth(COLLAGE, FIXTURES, *HELD)
    attackers = None
    try:
        attackers = Attackers(booth.port, b"GET / HTTP/1.1\r\nHost: booth\r\n", drip=b"X")
        guest_gets_the_page(booth, "four dripped heads")
    finally:
        if attackers:
            attackers.stop()
        booth.stop()
        booth.close()


def test_event_streams_never_read_do_not_keep_the_page_away():
    booth = Booth(COLLAGE, FIXTURES, *HELD)
    attackers = None
    try:
        attackers = Attackers(booth.port, b"GET /events HTTP/1.1\r\nHost: booth\r\n\r\n", receive_buffer=4096)
        guest_gets_the_page(booth, "four /events never read")
        # A page whose stream was cut to make room reconnects and is a live page again.
        page = SSEClient(booth.port, source=ATTACKER)
        check(page.status == 200, f"a page's /events after the cut: {page.status}")
        page.close()
    finally:
        if attackers:
            attackers.stop()
        booth.stop()
        booth.close()


def test_downloads_never_read_do_not_keep_the_page_away():
    # A collage larger than what the kernel (4 MiB of send buffer at most) and NIO hold for a
    # client that never reads, so each download stays unfinished.
    booth = Booth(COLLAGE, FIXTURES, *HELD, "--size", "4500x3000", "--format", "png")
    attackers = None
    try:
        booth.drop("autumn.jpg")
        name = os.path.basename(booth.saved(1)["data"]["path"])
        size = os.path.getsize(os.path.join(booth.out, name))
        check(size > 5 << 20, f"the collage is large enough to stall a download: {size} bytes")
        attackers = Attackers(booth.port, f"GET /collages/{name} HTTP/1.1\r\nHost: booth\r\n\r\n".encode(), receive_buffer=4096)
        guest_gets_the_page(booth, "four downloads never read")
    finally:
        if attackers:
            attackers.stop()
        booth.stop()
        booth.close()


def test_a_hard_link_planted_under_a_collage_name_is_never_sent():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        booth.drop("autumn.jpg")
        booth.saved(1)
        name = os.path.join(booth.out, "collage-0001.jpg")
        saved = open(name, "rb").read()
        secret = os.path.join(booth.root, "secret.txt")
        # The same size as the collage: only the file's identity tells it apart.
        with open(secret, "wb") as f:
            f.write(b"the booth's secret\n".ljust(os.path.getsize(name), b"."))
        # `ln -f secret.txt out/collage-0001.jpg`, in one rename as ln does it.
        os.link(secret, name + ".planted")
        os.rename(name + ".planted", name)
        status, _, body = curl(booth.url + "/collages/collage-0001.jpg")
        check(status == 200 and body == saved and b"secret" not in body,
              f"a hard link planted under a collage's name: the booth's own bytes are served, not {status} {body[:40]!r}")
        status, headers, _ = curl("-I", booth.url + "/collages/collage-0001.jpg")
        check(status == 200 and int(headers["content-length"]) == len(saved), f"HEAD of it too: {status}")
        # The booth leaves the planted file alone; once it is gone the name is 404, and the next
        # save is served again.
        os.unlink(name)
        check(curl(booth.url + "/collages/collage-0001.jpg")[0] == 404, "a collage deleted is 404")
        booth.drop("kite.jpg")
        booth.saved(2)
        status, _, body = curl(booth.url + "/collages/collage-0001.jpg")
        check(status == 200 and body == open(name, "rb").read(), f"the next save is served: {status}")
    finally:
        booth.stop()
        booth.close()


def test_a_collage_left_with_no_photo_is_withdrawn():
    """A group deletes every shot of its open collage: the file goes, and it is neither served,
    nor in the gallery, nor shown again by a page that joins later; a restart does not resume it."""
    booth = Booth(COLLAGE, FIXTURES)
    try:
        events = SSEClient(booth.port)
        events.until("started")
        for count, name in enumerate(["autumn.jpg", "kite.jpg"], start=1):
            booth.drop(name)
            booth.saved(count)
        name = "collage-0001.jpg"
        check(curl(f"{booth.url}/collages/{name}")[0] == 200, "the open collage is served")
        for photo in ["autumn.jpg", "kite.jpg"]:
            os.unlink(os.path.join(booth.folder, photo))
        withdrawn = booth.next("withdrawn")
        check(withdrawn["data"] == {"path": os.path.join(booth.out, name), "batch": 1}, f"withdrawn: {withdrawn}")
        _, data = events.until("withdrawn")
        check(booth.printed(data), "the page hears of it as --json printed it")
        here = os.path.dirname(os.path.abspath(__file__))
        schema = os.path.join(here, "..", "..", "..", "docs", "watch-event.schema.json")
        valid = subprocess.run([sys.executable, os.path.join(here, "..", "validate-json.py"), schema, "--lines"],
                               input="\n".join(booth.lines), capture_output=True, text=True)
        check(valid.returncode == 0, f"the events, withdrawn included, follow the schema: {valid.stdout}{valid.stderr}")
        check(not os.path.exists(os.path.join(booth.out, name)), "its file is removed")
        check(curl(f"{booth.url}/collages/{name}")[0] == 404, "a deleted shot is never served: 404")
        status, _, body = curl(booth.url + "/gallery")
        check(status == 200 and name.encode() not in body, "the gallery no longer lists it")
        status, _, body = curl(booth.url + "/")
        check(status == 200 and name.encode() not in body, "a page opened now does not show it")
        events.close()
        later = SSEClient(booth.port, last_event_id=0)
        replayed = []
        while True:
            _, data = later.event()
            replayed.append(data)
            if '"withdrawn"' in data:
                break
        check(any('"saved"' in data for data in replayed), "/events replays the saves, then the withdrawal")
        later.close()
        # The next photo starts collage 1 again; the journal does not resume the withdrawn one.
        booth.restart()
        booth.drop("coldripple.jpg")
        saved = booth.saved(1)
        check(os.path.basename(saved["data"]["path"]) == name, f"the next photo starts {name} again: {saved}")
        check(not any("finishing" in line for line in booth.lines + booth.stderr), f"nothing to finish after a restart: {booth.lines}")
    finally:
        booth.stop()
        booth.close()


def test_event_numbers_go_on_after_a_restart():
    """A page that reconnects to the next run (after a crash too) never takes its events for
    ones it has seen: their numbers go on from above the last run's, and it is sent every event
    the new run kept."""
    booth = Booth(COLLAGE, FIXTURES, "--limit", "1")
    try:
        first = SSEClient(booth.port)
        first.until("started")
        for batch, photo in enumerate(["autumn.jpg", "kite.jpg"], start=1):
            booth.drop(photo)
            last_id, _ = first.until("saved", lambda d, b=batch: d["batch"] == b)
        first.close()
        booth.restart(signal.SIGKILL)
        booth.drop("bythewater.jpg")
        booth.saved(1, 3)
        resumed = SSEClient(booth.port, last_event_id=last_id)
        started_id, started = resumed.until("started")
        check(started_id > last_id, f"the next run's first event is numbered {started_id}, after the last run's {last_id}")
        saved_id, saved = resumed.until("saved")
        check(saved_id > started_id and '"batch":3' in saved, f"and it is sent what it kept, in order: {saved_id} {saved}")
        resumed.close()
    finally:
        booth.stop()
        booth.close()


TESTS = [test_routes_headers_and_conditional_requests, test_hostile_requests, test_photos_only_when_asked,
         test_events_live_resume_and_the_same_json_as_stdout, test_clients_that_do_not_keep_up_do_not_hold_the_watch,
         test_a_slowloris_cannot_keep_a_slot, test_an_earlier_runs_collages_are_served_while_unchanged,
         test_a_port_already_taken_is_exit_69_before_any_photo, test_a_dripped_body_is_refused_and_keeps_no_slot,
         test_dripped_heads_do_not_keep_the_page_away, test_event_streams_never_read_do_not_keep_the_page_away,
         test_downloads_never_read_do_not_keep_the_page_away, test_a_hard_link_planted_under_a_collage_name_is_never_sent,
         test_a_collage_left_with_no_photo_is_withdrawn, test_event_numbers_go_on_after_a_restart]

if __name__ == "__main__":
    run(TESTS)

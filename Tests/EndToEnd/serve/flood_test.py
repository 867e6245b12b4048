#!/usr/bin/env python3
"""`collage watch --serve` under a guest's flood, end to end: the flood comes from the loopback's
second address (127.0.0.2, another peer on this machine only), bounded in connections and in
time; the screen comes from 127.0.0.1 (the booth machine's own browser), another guest from
127.0.0.3. The screen is a stand-in for a browser's EventSource, as the standard has it: a 200 stream is read, a stream that ends or a connection
that fails is retried after a second with `Last-Event-ID`, and any other answer ends it for good.

usage: flood_test.py COLLAGE FIXTURES [CHECK...]   (only the checks named; all when none)
       flood_test.py --list                         (the checks' names, one a line)"""

import collections
import http.client
import json
import os
import sys
import threading
import time

from booth import ATTACKER, DEADLINE, GUEST, LANDSCAPE, Booth, SSEClient, connect
from checks import check, run
from guests import Flood

COLLAGE, FIXTURES = (sys.argv[1], sys.argv[2]) if sys.argv[1:2] != ["--list"] else (None, None)
FLOOD_PEER = ATTACKER
# Four threads opening /events about 50 times a second each, each keeping its newest 32 open:
# twice the default 64 slots. The flood lasts at most this long.
FLOOD_THREADS, FLOOD_INTERVAL, FLOOD_KEPT, FLOOD_SECONDS = 4, 0.02, 32, 30


class Screen(threading.Thread):
    """The live page's EventSource: the `saved` events it has seen, its reconnections, and the
    answer that ended it for good (None while it lives)."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.saved, self.reconnects, self.ended_by = port, set(), 0, None
        self.last_id, self.client, self.stopping, self.connected = None, None, threading.Event(), threading.Event()
        self.start()

    def run(self):
        while not self.stopping.is_set():
            try:
                self.client = SSEClient(self.port, last_event_id=self.last_id)
            except (OSError, EOFError, ValueError, IndexError):  # a network error: retried
                self._retry()
                continue
            if self.client.status != 200 or self.client.headers.get("content-type") != "text/event-stream":
                self.ended_by = self.client.status  # "fail the connection": never retried
                return
            self.connected.set()
            try:
                while True:
                    self.last_id, data = self.client.event()
                    event = json.loads(data)
                    if event["type"] == "saved":
                        self.saved.add((event["data"]["batch"], event["data"]["photos"]))
            except (OSError, EOFError, ValueError):
                self._retry()

    def _retry(self):
        if not self.stopping.is_set():
            self.reconnects += 1
            self.stopping.wait(1.0)  # the page's `retry: 1000`

    def wait_for(self, saved):
        end = time.monotonic() + DEADLINE
        while saved not in self.saved and self.ended_by is None and time.monotonic() < end:
            time.sleep(0.05)
        return saved in self.saved

    def stop(self):
        self.stopping.set()
        if self.client:
            self.client.close()
        self.join(DEADLINE)


def flood_of(port, request, threads=FLOOD_THREADS, interval=FLOOD_INTERVAL, kept=FLOOD_KEPT, read=True):
    """Threads on 127.0.0.2, each opening a connection every `interval` with `request`, keeping
    its newest `kept` open, for at most FLOOD_SECONDS (guests.Flood)."""
    return Flood(port, request, lambda n: FLOOD_PEER, threads=threads, interval=interval, kept=kept, read=read, seconds=FLOOD_SECONDS)


def test_a_flood_of_event_streams_never_ends_or_cuts_the_screen():
    booth = Booth(COLLAGE, FIXTURES)
    flood = None
    try:
        screen = Screen(booth.port)
        check(screen.connected.wait(DEADLINE), "the screen connects")
        flood = flood_of(booth.port, b"GET /events HTTP/1.1\r\nHost: booth\r\nAccept: text/event-stream\r\n\r\n")
        time.sleep(2)  # the flood fills every slot before the first photo
        for count, name in enumerate(LANDSCAPE[:3], start=1):
            booth.drop(name)
            booth.saved(count)
            check(screen.wait_for((1, count)), f"the screen shows collage save {count} during the flood "
                                               f"(ended by {screen.ended_by}, {screen.reconnects} reconnects)")
        answers = flood.stop()
        flood = None
        print(f"screen: {len(screen.saved)} saves seen, {screen.reconnects} reconnects; flood's /events answers: {answers}",
              flush=True)
        check(screen.ended_by is None, f"no answer ends the screen's EventSource: it was ended by {screen.ended_by}")
        check(screen.reconnects == 0, f"the flood never cuts the screen's stream: {screen.reconnects} reconnects")
        refused = {line: n for line, n in answers.items() if line.startswith("HTTP/") and " 200 " not in line}
        check(not refused, f"no /events request is answered with an error status: {refused}")
        check(sum(answers.values()) > 200, f"the flood was a flood: {sum(answers.values())} connections")
        screen.stop()
    finally:
        if flood:
            flood.stop()
        booth.stop()
        booth.close()


def test_a_download_making_progress_is_never_cut_by_new_connections():
    # A collage larger than the kernel's and NIO's buffers, read at about 600 KB/s while another
    # guest keeps opening downloads it never reads, in four slots.
    booth = Booth(COLLAGE, FIXTURES, "--serve-max-clients", "4", "--size", "4500x3000", "--format", "png")
    flood = None
    try:
        booth.drop("autumn.jpg")
        name = os.path.basename(booth.saved(1)["data"]["path"])
        expected = open(os.path.join(booth.out, name), "rb").read()
        check(len(expected) > 5 << 20, f"the collage is larger than what is buffered: {len(expected)} bytes")
        # Another guest: its own address, never the screen's slots.
        reader = connect(booth.port, GUEST, timeout=DEADLINE)
        reader.sendall(f"GET /collages/{name} HTTP/1.1\r\nHost: booth\r\n\r\n".encode())
        flood = flood_of(booth.port, f"GET /collages/{name} HTTP/1.1\r\nHost: booth\r\n\r\n".encode(),
                      threads=1, interval=0.25, kept=3, read=False)
        received, end = b"", time.monotonic() + DEADLINE
        while time.monotonic() < end:
            started = time.monotonic()
            chunk = reader.recv(16384)
            if not chunk:
                break
            received += chunk
            if received.endswith(expected[-64:]) and len(received) >= len(expected):
                break
            time.sleep(max(0, len(chunk) / 600_000 - (time.monotonic() - started)))
        answers = flood.stop()
        flood = None
        body = received.partition(b"\r\n\r\n")[2]
        print(f"read {len(body)} of {len(expected)} bytes; the other guest's downloads: {answers}", flush=True)
        check(body == expected, f"the download read at 600 KB/s is complete: {len(body)} of {len(expected)} bytes")
        reader.close()
    finally:
        if flood:
            flood.stop()
        booth.stop()
        booth.close()


def test_a_collage_saved_again_is_always_served():
    booth = Booth(COLLAGE, FIXTURES)
    try:
        booth.drop(LANDSCAPE[0])
        booth.saved(1)
        statuses, bad, stopping = collections.Counter(), [], threading.Event()

        def ask():
            connection = http.client.HTTPConnection("127.0.0.1", booth.port, timeout=DEADLINE)
            while not stopping.is_set():
                connection.request("GET", "/collages/collage-0001.jpg")
                response = connection.getresponse()
                body = response.read()
                statuses[response.status] += 1
                if response.status == 200 and not (body.startswith(b"\xff\xd8") and body.endswith(b"\xff\xd9")):
                    bad.append(len(body))
            connection.close()

        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        # Saved again with each photo: the same name renamed over, five times.
        for count, name in enumerate(LANDSCAPE[1:6], start=2):
            booth.drop(name)
            booth.saved(count)
        time.sleep(0.5)
        stopping.set()
        asking.join(DEADLINE)
        print(f"requests while collage-0001.jpg was saved again: {dict(statuses)}", flush=True)
        check(statuses[200] > 50, f"the collage was asked for all along: {dict(statuses)}")
        check(set(statuses) == {200}, f"a listed collage is always served, old bytes or new: {dict(statuses)}")
        check(not bad, f"every answer is a whole JPEG: {bad[:5]}")
    finally:
        booth.stop()
        booth.close()


TESTS = [test_a_flood_of_event_streams_never_ends_or_cuts_the_screen,
         test_a_download_making_progress_is_never_cut_by_new_connections, test_a_collage_saved_again_is_always_served]

if __name__ == "__main__":
    run(TESTS)

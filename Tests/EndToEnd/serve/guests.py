"""Guests on the booth's Wi-Fi, each from its own address of 127.0.0.0/8: phones holding the
live page's event stream, phones downloading collages (checked byte for byte), and floods of
connections from one address or from many. Each runs on its own threads until `stop`."""

import collections
import http.client
import json
import socket
import threading
import time

from booth import DEADLINE, SSEClient, guest_address


class Phones:
    """`count` phones with the live page open, each from its own address: an EventSource's
    stream, read as it comes, reconnected a second after a drop with its `Last-Event-ID`."""

    def __init__(self, port, count, first=0):
        self.port, self.stopping = port, threading.Event()
        self.lock, self.reconnects, self.saved, self.ended = threading.Lock(), 0, collections.Counter(), []
        self.clients = {}
        self.threads = [threading.Thread(target=self._phone, args=(first + n,), daemon=True) for n in range(count)]
        for thread in self.threads:
            thread.start()

    def _phone(self, n):
        last = None
        while not self.stopping.is_set():
            try:
                client = SSEClient(self.port, last_event_id=last, source=guest_address(n))
                self.clients[n] = client
                if client.status != 200:
                    with self.lock:
                        self.ended.append((n, client.status))
                    return
                while not self.stopping.is_set():
                    last, data = client.event()
                    if json.loads(data)["type"] == "saved":
                        with self.lock:
                            self.saved[n] += 1
            except (OSError, EOFError, ValueError, IndexError):
                pass
            if not self.stopping.is_set():
                with self.lock:
                    self.reconnects += 1
                self.stopping.wait(1.0)

    def stop(self):
        self.stopping.set()
        for client in list(self.clients.values()):
            client.close()
        for thread in self.threads:
            thread.join(DEADLINE)


class Downloads:
    """`count` guests, each from its own address, downloading the collage `name()` names again
    and again, each time on a new connection, and comparing it with `expected(name)`. `failed`:
    (when asked, when ended, what went wrong)."""

    def __init__(self, port, count, name, expected, first=200):
        self.port, self.name, self.expected, self.stopping = port, name, expected, threading.Event()
        self.lock, self.complete, self.failed = threading.Lock(), 0, []
        self.threads = [threading.Thread(target=self._guest, args=(first + n,), daemon=True) for n in range(count)]
        for thread in self.threads:
            thread.start()

    def _guest(self, n):
        while not self.stopping.is_set():
            name = self.name()
            if name is None:
                self.stopping.wait(0.1)
                continue
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=DEADLINE, source_address=(guest_address(n), 0))
            started = time.monotonic()
            try:
                connection.request("GET", f"/collages/{name}")
                response = connection.getresponse()
                body = response.read()
                good = response.status == 200 and body == self.expected(name)
                with self.lock:
                    if good:
                        self.complete += 1
                    else:
                        self.failed.append((started, time.monotonic(), f"{guest_address(n)}: {name}: {response.status}, {len(body)} bytes"))
            except (OSError, http.client.HTTPException) as error:
                with self.lock:
                    self.failed.append((started, time.monotonic(), f"{guest_address(n)}: {name}: {error!r}"))
            finally:
                connection.close()
            self.stopping.wait(0.05)

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(DEADLINE)


class Flood:
    """Threads opening a connection every `interval` with `request`, each from `source(i)` for
    its i-th connection, reading its answer's first line (or, with `read=False`, nothing) and
    keeping its newest `kept` open, until `stop` or `seconds`. `answers` counts the status
    lines read."""

    def __init__(self, port, request, source, threads=4, interval=0.02, kept=32, read=True, seconds=30):
        self.port, self.request, self.source, self.interval, self.kept, self.read = port, request, source, interval, kept, read
        self.seconds = seconds
        self.answers, self.lock, self.stopping, self.opened = collections.Counter(), threading.Lock(), threading.Event(), 0
        self.threads = [threading.Thread(target=self._flood, daemon=True) for _ in range(threads)]
        for thread in self.threads:
            thread.start()

    def _flood(self):
        held = collections.deque()
        end = time.monotonic() + self.seconds
        while not self.stopping.is_set() and time.monotonic() < end:
            with self.lock:
                self.opened += 1
                n = self.opened
            sock = socket.socket()
            try:
                if not self.read:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.bind((self.source(n), 0))
                sock.settimeout(2)
                sock.connect(("127.0.0.1", self.port))
                sock.sendall(self.request)
                answer = sock.recv(64).split(b"\r\n")[0] if self.read else b"not read"
            except OSError:
                answer = b"connection failed"
            with self.lock:
                self.answers[answer.decode(errors="replace") or "closed unanswered"] += 1
            held.append(sock)
            while len(held) > self.kept:
                held.popleft().close()
            self.stopping.wait(self.interval)
        for sock in held:
            sock.close()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(DEADLINE)
        return dict(self.answers)

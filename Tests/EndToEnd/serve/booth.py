"""A real `collage watch --serve` for the end-to-end tests: started on a free port, its --json
events read as they come, photos dropped into its folder the way a camera's upload does (written
beside the folder, then renamed in), and a small Server-Sent Events client."""

import json
import os
import queue
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

# Photos in the fixtures that are landscape and unlike each other: each one is added.
LANDSCAPE = ["autumn.jpg", "bythewater.jpg", "kite.jpg", "coldripple.jpg", "cups-exif6.jpg", "eveningglow.jpg",
             "fallenleaf.jpg", "path.jpg", "booth-1.jpg", "booth-2.jpg", "booth-3.jpg", "booth-4.jpg", "booth-5.jpg",
             "booth-6.jpg", "subject-left.jpg", "summer-exif3.jpg", "grey-gray.jpg", "booth-cup.jpg"]
# Waits are bounded so a broken server fails the test instead of hanging it; they assert nothing
# about speed.
DEADLINE = 60


def free_port():
    """A port nothing listens on now, for a booth whose --public-url must be known before it starts,
    below the kernel's ephemeral range: a client connecting to a booth that is down (restarting)
    can be given the booth's own port as its source port when that port is ephemeral, and then
    connects to itself, holding the port and looking like a booth that answers."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as ports:
        ephemeral = int(ports.read().split()[0])
    for port in random.Random().sample(range(10000, ephemeral), 200):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise OSError("no free port below the ephemeral range")


class Booth:
    def __init__(self, collage, fixtures, *flags, batches=True, serve="127.0.0.1:0"):
        self.fixtures = fixtures
        self.root = tempfile.mkdtemp(prefix="collage-serve-")
        self.folder = os.path.join(self.root, "photos")
        self.out = os.path.join(self.root, "out")
        self.staging = os.path.join(self.root, "staging")
        for path in (self.folder, self.out, self.staging):
            os.mkdir(path)
        output = os.path.join(self.out, "collage.jpg")
        self.args = [collage, "watch", self.folder, "-o", output, "--size", "300x200", "--throttle", "0", "--json",
                     "--serve", serve, *flags] + (["--batches"] if batches else [])
        self._launch()

    def restart(self, signal_number=signal.SIGTERM, between=None):
        """Stops this booth (SIGTERM: a clean stop; SIGKILL or SIGABRT: a kill, a crash) and
        starts it again on the same folders, with the same arguments (a port given stays the
        same; port 0 picks a new one): a booth the next morning, with its journal and the
        collages of the day before, or a service's restart. `between` runs while it is down."""
        self.stop(signal_number)
        if between:
            between()
        self._launch()

    def _launch(self):
        self.process = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.events = queue.Queue()
        self.pending = []
        self.ended = False
        self.lines = []
        self.stderr = []
        # Each reader keeps its own process's pipe and queue: one still ending after a restart
        # never reads into the new run's.
        threading.Thread(target=self._read, args=(self.process, self.events, self.lines), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.process, self.stderr), daemon=True).start()
        self.started = self.next("started")
        self.url = self.started["data"]["url"].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])

    @staticmethod
    def _read(process, events, lines):
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            events.put(json.loads(line))
        events.put(None)

    @staticmethod
    def _read_stderr(process, stderr):
        for line in process.stderr:
            stderr.append(line.rstrip("\n"))

    def next(self, kind=None, where=lambda event: True):
        """The first --json event (of this type) not taken yet, in order; waits for it."""
        end = time.monotonic() + DEADLINE
        while True:
            while True:
                try:
                    event = self.events.get_nowait()
                except queue.Empty:
                    break
                if event is None:
                    self.ended = True
                else:
                    self.pending.append(event)
            for index, event in enumerate(self.pending):
                if (kind is None or event["type"] == kind) and where(event):
                    del self.pending[index]
                    return event
            if self.ended or time.monotonic() > end:
                raise AssertionError(f"no {kind} event came: {self.stderr}")
            time.sleep(0.005)

    def printed(self, line):
        """Whether --json printed this exact line (waiting for it: stdout and SSE race)."""
        end = time.monotonic() + DEADLINE
        while line not in self.lines:
            if time.monotonic() > end or (self.process.poll() is not None and self.events.empty() and line not in self.lines):
                return line in self.lines
            time.sleep(0.01)
        return True

    def drop(self, name, as_name=None):
        """Puts a fixture into the watched folder in one rename, as a camera upload finishes."""
        staged = os.path.join(self.staging, as_name or name)
        shutil.copyfile(os.path.join(self.fixtures, name), staged)
        os.rename(staged, os.path.join(self.folder, as_name or name))

    def make(self, name, seed):
        """Puts a new photo into the watched folder in one rename: a distinct 640x420 landscape
        made with Pillow from `seed` (the fixtures are too few for a long run)."""
        import io
        import random
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks"))
        from benchutil import picture
        out = io.BytesIO()
        picture(random.Random(seed), 640, 420).save(out, "JPEG", quality=85)
        staged = os.path.join(self.staging, name)
        with open(staged, "wb") as file:
            file.write(out.getvalue())
        os.rename(staged, os.path.join(self.folder, name))

    def saved(self, photos, batch=1):
        return self.next("saved", lambda e: e["data"]["photos"] == photos and e["data"]["batch"] == batch)

    def stop(self, signal_number=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(signal_number)
        status = self.process.wait(timeout=DEADLINE)
        return status

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


# The booth's screen is a browser on its own machine, at 127.0.0.1 (its connections have slots of
# their own); the rest of 127.0.0.0/8 stands for guests' phones on the Wi-Fi, one address each.
SCREEN = "127.0.0.1"
ATTACKER = "127.0.0.2"
GUEST = "127.0.0.3"


def guest_address(n):
    """The n-th guest's own address (n from 0), never the screen's nor the attacker's."""
    return f"127.0.{10 + n // 250}.{1 + n % 250}"


def connect(port, source=SCREEN, timeout=None):
    """A TCP connection to the booth from `source` (an address of 127.0.0.0/8)."""
    return socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))


class Attackers:
    """Connections from a guest's address holding the booth's slots (four: the tests'
    --serve-max-clients), each sending `request`, then dripping a byte every half second or
    never reading, until `stop`."""

    def __init__(self, port, request, drip=None, receive_buffer=None, count=4, source=ATTACKER):
        self.socks, self.stopping, self.replies = [], threading.Event(), []
        for _ in range(count):
            sock = socket.socket()
            if receive_buffer:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(request)
            self.socks.append(sock)
            # Each holds its slot before the next comes, as four patient clients would.
            time.sleep(0.2)
        if drip:
            threading.Thread(target=self._drip, args=(drip,), daemon=True).start()

    def _drip(self, byte):
        while not self.stopping.wait(0.5):
            for sock in self.socks:
                try:
                    sock.send(byte)
                except OSError:
                    pass

    def answers(self):
        """What each connection was sent before it was closed (or within a second)."""
        for sock in self.socks:
            sock.settimeout(1)
            received = b""
            try:
                while chunk := sock.recv(4096):
                    received += chunk
            except OSError:
                pass
            self.replies.append(received)
        return self.replies

    def stop(self):
        self.stopping.set()
        for sock in self.socks:
            sock.close()


class SSEClient:
    """Reads /events over a plain socket: the status, the headers, then (id, JSON) pairs."""

    def __init__(self, port, last_event_id=None, path="/events", source=SCREEN):
        self.sock = connect(port, source, timeout=DEADLINE)
        extra = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id is not None else ""
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: booth\r\nAccept: text/event-stream\r\n{extra}\r\n".encode())
        self.buffer = b""
        self.deadline = None
        head = self._until(b"\r\n\r\n").decode()
        self.status = int(head.split(" ")[1])
        self.headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in head.split("\r\n")[1:] if ": " in line)}
        self.chunked = self.headers.get("transfer-encoding") == "chunked"
        self.text = ""

    def _fill(self):
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeoutError("the event waited for never came")
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the server closed the stream")
        self.buffer += data

    def _until(self, marker):
        while marker not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _more_text(self):
        if not self.chunked:
            self._fill()
            self.text += self.buffer.decode()
            self.buffer = b""
            return
        size = int(self._until(b"\r\n").decode(), 16)
        if size == 0:
            raise EOFError("the stream ended")
        while len(self.buffer) < size + 2:
            self._fill()
        self.text += self.buffer[:size].decode()
        self.buffer = self.buffer[size + 2:]

    def event(self):
        """The next event with data, as (id, object); comments and `retry:` are read past."""
        while True:
            while "\n\n" not in self.text:
                self._more_text()
            block, self.text = self.text.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line and not line.startswith(":"))
            if "data" in fields:
                return int(fields["id"]), fields["data"]

    def until(self, kind, where=lambda data: True):
        """The next event of this kind (and `where`), within DEADLINE seconds (keep-alive
        comments every 15 s do not make it wait longer)."""
        self.deadline = time.monotonic() + DEADLINE
        try:
            while True:
                event_id, data = self.event()
                parsed = json.loads(data)
                if parsed["type"] == kind and where(parsed["data"]):
                    return event_id, data
        finally:
            self.deadline = None

    def close(self):
        self.sock.close()


def curl(*args):
    """curl's status code, headers (lower-cased names) and body."""
    # With -I curl prints the headers itself, and would print them twice with -D.
    output = [] if "-I" in args else ["-D", "-", "-o", "/dev/stdout"]
    result = subprocess.run(["curl", "-sS", "--path-as-is", *output, *args],
                            capture_output=True, timeout=DEADLINE)
    raw = result.stdout
    if result.returncode != 0:
        raise AssertionError(f"curl {' '.join(args)} failed: {result.stderr.decode()}")
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:] if ": " in line)}
    return int(lines[0].split(" ")[1]), headers, body

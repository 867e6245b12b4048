"""A TCP relay on 127.0.0.1 in front of a booth, for the screen's browser: a test drops every
connection through it at once (`cut`, as a Wi-Fi or a cable does) or makes some requests fail
for a while (`fail`: connections whose request starts so are closed unanswered). It connects to
the booth from 127.0.0.1, so the booth still sees its screen."""

import socket
import threading
import time


class Proxy:
    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.open = set()
        self.failing = (b"", 0.0)
        self.failed = 0
        self.closing = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closing:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client):
        prefix, until = self.failing
        if time.monotonic() < until:
            client.settimeout(5)
            try:
                head = client.recv(len(prefix), socket.MSG_PEEK | socket.MSG_WAITALL)
            except OSError:
                head = b""
            if head == prefix:
                with self.lock:
                    self.failed += 1
                client.close()
                return
            client.settimeout(None)
        try:
            upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5, source_address=("127.0.0.1", 0))
            upstream.settimeout(None)
        except OSError:
            client.close()
            return
        with self.lock:
            self.open.update((client, upstream))
        threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()
        self._pump(client, upstream)

    def _pump(self, source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
            with self.lock:
                self.open.discard(sock)

    def cut(self):
        """Drops every connection through the relay now (each end sees a reset or an end)."""
        with self.lock:
            socks = list(self.open)
        for sock in socks:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def fail(self, prefix, seconds):
        """For `seconds`, a new connection whose request starts with `prefix` is closed unanswered."""
        self.failing = (prefix, time.monotonic() + seconds)

    def close(self):
        self.closing = True
        self.listener.close()
        self.cut()

"""What the booth's systemd unit does (docs/collage-booth.service), for the day (booth-soak.py):
it starts the booth, and when it ends restarts it after `restart_sec` unless it ended well
(`Restart=on-failure`: exit 0 or 143, `SuccessExitStatus=143`; never after 78,
`RestartPreventExitStatus=78`). `restart()` is `systemctl restart` (SIGTERM, wait for the end,
start at once), `kill()` a crash or power cut (SIGKILL: a failure, so restarted after
`restart_sec`). It logs each run: when it started, when its port first took a connection (the
booth answering), how it ended, its peak memory; and hands each line of its stdout (--json) to
`on_event`."""

import json
import os
import signal
import socket
import subprocess
import threading
import time

SUCCESS = (0, 143)


class Supervisor:
    def __init__(self, argv, cwd, env, port, on_event, restart_sec=1.0):
        self.argv, self.cwd, self.env, self.port, self.on_event = argv, cwd, env, port, on_event
        self.restart_sec = restart_sec
        self.runs = []
        self.lock = threading.RLock()
        self.process = None
        self.stopping = False
        self.done = threading.Event()
        self.stderr = open(os.path.join(cwd, "booth.stderr"), "ab")
        self._start()
        threading.Thread(target=self._supervise, daemon=True).start()

    def _start(self):
        with self.lock:
            self.process = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdout=subprocess.PIPE,
                                            stderr=self.stderr, text=True)
            run = {"pid": self.process.pid, "started": time.monotonic(), "answered": None, "signal": None, "status": None,
                   "peak_kib": 0}
            self.runs.append(run)
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        threading.Thread(target=self._answer, args=(run,), daemon=True).start()

    def _read(self, process):
        for line in process.stdout:
            try:
                self.on_event(json.loads(line))
            except ValueError:
                pass

    def _answer(self, run):
        """When the port first takes a connection: the booth answering again."""
        while run["status"] is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    run["answered"] = time.monotonic()
                run["fds"] = len(os.listdir(f"/proc/{run['pid']}/fd"))
                return
            except OSError:
                time.sleep(0.01)

    def _peak(self, run):
        try:
            with open(f"/proc/{run['pid']}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        run["peak_kib"] = max(run["peak_kib"], int(line.split()[1]))
        except OSError:
            pass

    def _supervise(self):
        while True:
            process, run = self.process, self.runs[-1]
            while process.poll() is None:
                self._peak(run)
                time.sleep(0.5)
            run["status"], run["ended"] = process.returncode, time.monotonic()
            with self.lock:
                if self.stopping:
                    self.done.set()
                    return
                if run.get("restarting"):
                    time.sleep(0.01)
                    continue  # restart() starts the next run itself
                if process.returncode in SUCCESS or process.returncode == 78:
                    self.done.set()
                    return
            time.sleep(self.restart_sec)
            with self.lock:
                if self.stopping:
                    self.done.set()
                    return
                self._start()

    def _signal(self, number):
        """Signals the current run. A run signalled again (a kill as it stops, or after it is down
        and before its restart) keeps its first signal: the booth is down from then on."""
        with self.lock:
            run = self.runs[-1]
            if run.get("signalled") is None:
                run["signal"], run["signalled"] = signal.Signals(number).name, time.monotonic()
            self.process.send_signal(number)
            return run

    def restart(self):
        """`systemctl restart`: SIGTERM, the end awaited, started again at once. A booth already
        down (killed a moment ago) is left to `Restart=`, as systemd would: two starts at once
        would leave one booth running unwatched, holding the port and the lock."""
        with self.lock:
            if self.runs[-1]["status"] is not None or self.process.poll() is not None:
                return
            self.runs[-1]["restarting"] = True
            run = self._signal(signal.SIGTERM)
        self.process.wait(timeout=120)
        while run["status"] is None:
            time.sleep(0.01)
        self._start()

    def kill(self):
        """A power cut: SIGKILL, restarted after `restart_sec` as the unit does after a failure."""
        self._signal(signal.SIGKILL)

    def stop(self):
        """`systemctl stop`: SIGTERM, not restarted. Returns the exit status."""
        with self.lock:
            self.stopping = True
        self._signal(signal.SIGTERM)
        self.done.wait(120)
        return self.runs[-1]["status"]

    @property
    def pid(self):
        return self.process.pid

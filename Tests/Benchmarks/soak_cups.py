"""The day's printer as a real CUPS queue (booth-soak.py --cups): the same small interface as
soak_printer.StandInPrinter, so the judge is unchanged. A private `cupsd`
(Tests/EndToEnd/cups-server.sh) with one raw queue, `booth`, whose backend keeps each job it
prints (its bytes, title and copies): the printer's own record, which the booth does not write.
The booth is given `--printer booth` and `CUPS_SERVER`.

The printer jams now and then: before a job reaches it, the queue's `.jam` file makes the
backend fail and CUPS stop the queue (ErrorPolicy stop-printer), as a jammed printer does; the
day's operator clears it (`cupsenable`) a moment later, and CUPS prints the job then. A jam
never costs a print with CUPS: the job waits in the queue. Each job is one entry of `jobs()`,
`{"name", "sha", "outcome": "printed", "job", "title"}`; a job CUPS still holds unprinted at the
end is `"waiting"`."""

import hashlib
import os
import random
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "Tests", "EndToEnd", "cups-server.sh")


class CupsPrinter:
    QUEUE = "booth"

    def __init__(self, work, jam=0.08, seed=7):
        self.folder = os.path.join(work, "cups")
        self.printed = os.path.join(self.folder, "printed", self.QUEUE)
        started = subprocess.run(["sh", SCRIPT, "start", self.folder, self.QUEUE], capture_output=True, text=True, check=True)
        self.socket = started.stdout.strip()
        self.jam, self.rng, self.jams = jam, random.Random(seed), 0
        self.stopping = threading.Event()
        self.operator = threading.Thread(target=self.clear_jams, daemon=True)
        self.operator.start()

    def environment(self):
        """What the booth's environment adds: the server its libcups asks."""
        return {"CUPS_SERVER": self.socket}

    def setting(self):
        """The booth's settings file line for its printer."""
        return f'printer = "{self.QUEUE}"'

    def lp(self, *arguments):
        return subprocess.run(list(arguments), env={**os.environ, "CUPS_SERVER": self.socket}, capture_output=True, text=True)

    def clear_jams(self):
        """Jams the printer now and then, and clears each jam a moment later, as an operator would."""
        while not self.stopping.wait(0.5):
            jammed = os.path.join(self.printed, ".jam")
            if not os.path.exists(jammed) and self.rng.random() < self.jam:
                open(jammed, "w").close()
                self.jams += 1
            stopped = self.lp("lpstat", "-p", self.QUEUE).stdout
            if "disabled" in stopped:
                time.sleep(self.rng.uniform(1, 4))
                self.lp("cupsenable", self.QUEUE)

    def jobs(self):
        """The printer's record: every job it printed, then those CUPS still holds."""
        found = []
        for name in sorted((n for n in os.listdir(self.printed) if n.isdigit()), key=int):
            with open(os.path.join(self.printed, f"{name}.title"), encoding="utf-8") as file:
                title = file.read().strip()
            with open(os.path.join(self.printed, name), "rb") as file:
                sha = hashlib.sha256(file.read()).hexdigest()
            found.append({"name": title.split(" ")[0], "sha": sha, "outcome": "printed", "job": int(name), "title": title,
                          "copy": name})
        for line in self.lp("lpstat", "-o", self.QUEUE).stdout.splitlines():
            found.append({"name": None, "sha": None, "outcome": "waiting", "job": line.split()[0], "title": None})
        return found

    def copy(self, job):
        with open(os.path.join(self.printed, job["copy"]), "rb") as file:
            return file.read()

    def settle(self, timeout=60):
        """Waits until CUPS has printed every job it holds (the last jam cleared)."""
        end = time.monotonic() + timeout
        while self.lp("lpstat", "-o", self.QUEUE).stdout.strip() and time.monotonic() < end:
            self.lp("cupsenable", self.QUEUE)
            time.sleep(0.5)

    def stop(self):
        self.stopping.set()
        self.operator.join(timeout=10)
        subprocess.run(["sh", SCRIPT, "stop", self.folder], capture_output=True)

#!/usr/bin/env python3
"""A whole day in a photo booth, played against the booth as the README and docs/booth.md ship
it: `collage watch --config booth.toml` (docs/booth.toml: strips of four on a 2x2 grid, the
caption, a printer, the screen; its batch timeout compressed to 3 s, its printer a stand-in
that jams, its screen on a free port of 127.0.0.1), run by a supervisor that does what the
shipped unit's `Restart=` does (soak_supervisor.py), with the release build.

Guests come in groups, one strip each: most take their four shots; some walk away after two or
three (the batch timeout completes their strip), some press finish (`collage finish`); now and
then a guest retakes a shot (deleted and taken under a new name, deleted and taken again under
the same name, or a new one renamed over it), and the camera sends what a booth also gets
(portraits, a shot sent again, a text file, uploads written in two pieces) (soak_camera.py).
The printer jams or hangs now and then (soak_printer.py). Every `--restart-every` seconds the
booth is restarted, by SIGTERM (`systemctl restart`) and by SIGKILL (a power cut) in turn.
Meanwhile phones hold the live page's stream and download printed collages, each from its own
address of 127.0.0.0/8, floods come from one address and from many, and headless Chromium on the
booth's own machine shows `/`, sampled four times a second (soak_screen.py).

Then every promise is judged from evidence the booth does not write (soak_judge.py): the
camera's log, the printer's log and copies, the collages' signed marks, the files, the screen's
samples, the downloads. It reports the day's figures (strips, prints, restarts, the screen's
heal times, downloads, peak memory per run, descriptors, idle CPU); exit status 1 if a promise
was broken.

`--cups` prints through a real CUPS queue instead (soak_cups.py: a private cupsd whose printer
jams now and then and keeps every job it prints): the booth is given `--printer booth`, and a
SIGKILL also lands a few milliseconds after a strip completes, while its print is being sent.
Then the judge holds the booth to more: every complete collage printed exactly once, none left
for the operator.

`--short` is the CI's version (about three minutes); the default is the whole day (≥ 500 strips).

Usage: Tests/Benchmarks/booth-soak.py [--collage PATH] [--short] [--cups] [--strips N] [--seed N] [--keep]
"""
import argparse
import collections
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd", "serve"))
from benchutil import cpu_seconds  # noqa: E402
from booth import ATTACKER, free_port  # noqa: E402
from guests import Downloads, Flood, Phones  # noqa: E402
from soak_camera import Camera, read_log  # noqa: E402
from soak_judge import Judge, mark, photos  # noqa: E402
from soak_cups import CupsPrinter  # noqa: E402
from soak_printer import StandInPrinter, sha256  # noqa: E402
from soak_screen import Screen  # noqa: E402
from soak_supervisor import Supervisor  # noqa: E402

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--collage", default=os.path.join(root, ".build/release/collage"))
parser.add_argument("--short", action="store_true", help="the CI's version: 80 strips, about three minutes")
parser.add_argument("--strips", type=int, default=None, help="strips to play (default 520, 80 with --short)")
parser.add_argument("--restart-every", type=float, default=None, help="seconds between restarts (default 30, 15 with --short)")
parser.add_argument("--phones", type=int, default=40)
parser.add_argument("--seed", type=int, default=41)
parser.add_argument("--cups", action="store_true", help="print through a real CUPS queue (--printer)")
parser.add_argument("--keep", action="store_true", help="keep the working folder")
args = parser.parse_args()
args.collage = os.path.abspath(args.collage)
args.strips = args.strips or (80 if args.short else 520)
args.restart_every = args.restart_every or (15 if args.short else 30)
rng = random.Random(args.seed)
DEADLINE = 30  # the longest the day waits for the booth at one step: a hang guard, never a measure

BOOTH_TOML = """# docs/booth.toml, for a compressed day: the timeout, the printer and the screen changed.
folder = "photos"
output = "prints/booth.jpg"
batches = true
grid = "2x2"
batch-timeout = "3s"
caption = "Anna & Ben · {{today:%e %B %Y}}"
{print}
serve = "127.0.0.1:{port}"
public-url = "http://127.0.0.1:{port}"
"""


class Heard:
    """What the booth says (--json), used only to pace the day and to know which collages it
    named for the operator; never as evidence that it kept a promise."""

    def __init__(self):
        self.lock = threading.Condition()
        self.complete, self.added, self.named, self.saved = set(), {}, set(), 0

    def on_event(self, event):
        kind, data = event["type"], event.get("data", {})
        with self.lock:
            if kind == "saved":
                self.saved += 1
                if data.get("complete"):
                    self.complete.add(data["batch"])
            elif kind == "added":
                self.added[os.path.basename(data["path"])] = time.monotonic()
            elif kind == "print-unknown" or (kind == "print-failed" and data.get("retryInSeconds") is None):
                self.named.add(os.path.basename(data["path"]))
            self.lock.notify_all()

    def wait(self, condition, timeout=DEADLINE):
        with self.lock:
            return self.lock.wait_for(condition, timeout=timeout)


class Day:
    def __init__(self, work):
        self.work = work
        self.prints = os.path.join(work, "prints")
        for folder in ("photos", "prints", "state"):
            os.mkdir(os.path.join(work, folder))
        self.port = free_port()
        self.camera = Camera(os.path.join(work, "photos"), os.path.join(work, "camera.log"), rng)
        self.printer = CupsPrinter(work) if args.cups else StandInPrinter(work)
        printing = self.printer.setting() if args.cups else f'print = "{self.printer.command()}"'
        with open(os.path.join(work, "booth.toml"), "w") as file:
            file.write(BOOTH_TOML.format(print=printing, port=self.port))
        self.heard = Heard()
        self.env = dict(os.environ, COLLAGE_STATE_DIR=os.path.join(work, "state"),
                        **(self.printer.environment() if args.cups else {}))
        self.kills_at_print, self.last_kill_at_print = 0, 0.0
        self.printed = []  # names printed so far, for the phones to download
        self.seen = {}  # complete collage -> sha, as seen at each restart
        self.stopping = threading.Event()
        self.strips = collections.Counter()

    def start(self):
        argv = [args.collage, "watch", "--config", "booth.toml", "--json", "--print-timeout", "3"]
        self.supervisor = Supervisor(argv, self.work, self.env, self.port, self.on_event, restart_sec=1.0)
        end = time.monotonic() + DEADLINE
        while not self.supervisor.runs[-1]["answered"] and time.monotonic() < end:
            time.sleep(0.05)
        self.screen = Screen(f"http://127.0.0.1:{self.port}", self.prints)
        self.phones = Phones(self.port, args.phones)
        self.downloads = Downloads(self.port, 8, self.printed_name, self.printed_copy, first=300)
        threading.Thread(target=self.troubles, daemon=True).start()
        threading.Thread(target=self.floods, daemon=True).start()

    def on_event(self, event):
        """With CUPS, a power cut now and then just as a complete strip is being printed: the
        journal has begun its print, CUPS may or may not have the job."""
        self.heard.on_event(event)
        now = time.monotonic()
        if (args.cups and event["type"] == "saved" and event.get("data", {}).get("complete")
                and not self.stopping.is_set() and now - self.last_kill_at_print > 10 and rng.random() < 0.25):
            self.last_kill_at_print = now
            self.kills_at_print += 1
            threading.Timer(rng.uniform(0.0, 0.05), self.kill_unless_stopping).start()

    def kill_unless_stopping(self):
        if not self.stopping.is_set():
            self.supervisor.kill()

    def printed_name(self):
        return rng.choice(self.printed) if self.printed else None

    def printed_copy(self, name):
        job = next(job for job in self.printer.jobs() if job["outcome"] == "printed" and job["name"] == name)
        return self.printer.copy(job)

    def note_complete(self):
        """The complete collages on disk now, with their bytes' SHA-256: none may change later."""
        for name in os.listdir(self.prints):
            if name.startswith("booth-") and name not in self.seen:
                with open(os.path.join(self.prints, name), "rb") as file:
                    data = file.read()
                lines = mark(data)
                if lines and photos(lines)[0]:
                    self.seen[name] = sha256(data)

    def troubles(self):
        kinds = ["SIGTERM", "SIGKILL"]
        while not self.stopping.wait(args.restart_every):
            self.note_complete()
            kind = kinds[len(self.supervisor.runs) % 2]
            print(f"  {kind} to run {len(self.supervisor.runs)}", flush=True)
            if kind == "SIGTERM":
                self.supervisor.restart()
            else:
                self.supervisor.kill()

    def floods(self):
        events = b"GET /events HTTP/1.1\r\nHost: booth\r\nAccept: text/event-stream\r\n\r\n"
        while not self.stopping.wait(20):
            name = self.printed_name()
            download = f"GET /collages/{name} HTTP/1.1\r\nHost: booth\r\n\r\n".encode() if name else events
            floods = [Flood(self.port, events, lambda n: ATTACKER, threads=2, kept=24, seconds=8),
                      Flood(self.port, download, lambda n: ATTACKER, threads=1, interval=0.2, kept=4, read=False, seconds=8),
                      Flood(self.port, events, lambda n: f"127.0.2.{1 + n % 200}", threads=2, kept=40, seconds=8)]
            for flood in floods:
                flood.stop()

    def strip(self, group):
        """One group's strip: its shots (with a retake now and then), then a full strip, a walk
        away (the timeout) or a finish press. Waits (bounded) for the strip to complete."""
        before = len(self.heard.complete)
        roll = rng.random()
        kind = "full" if roll < 0.6 else "walk-away" if roll < 0.8 else "finish"
        shots = 4 if kind == "full" else rng.choice([1, 2, 3])
        names = []
        for shot in range(shots):
            names.append(self.camera.shoot(group))
            time.sleep(rng.uniform(0.1, 0.4))
            if len(names) <= 2 and shot < shots - 1 and rng.random() < 0.12:
                way = rng.choice(["new-name", "same-name", "rename-over"])
                index = rng.randrange(len(names))
                names[index] = self.camera.retake(names[index], group, way)
                self.strips["retake " + way] += 1
                time.sleep(rng.uniform(0.1, 0.3))
            if rng.random() < 0.03:
                self.camera.extra(group)
        self.strips[kind] += 1
        if kind == "finish":
            written = time.monotonic()
            self.heard.wait(lambda: all(self.heard.added.get(name, 0) >= written - 5 for name in names))
            for _ in range(20):
                if subprocess.run([args.collage, "finish", "prints/booth.jpg"], cwd=self.work, env=self.env,
                                  capture_output=True).returncode == 0:
                    break
                time.sleep(0.5)
        if not self.heard.wait(lambda: len(self.heard.complete) > before):
            print(f"  strip {group}: not complete after {DEADLINE} s", flush=True)
        self.printed[:] = sorted({job["name"] for job in self.printer.jobs() if job["outcome"] == "printed"})
        time.sleep(rng.uniform(0.1, 0.6))

    def finish(self):
        """The end of the day: the floods and restarts stop, the idle booth is measured, the guests
        go home, the booth is stopped (not restarted)."""
        self.stopping.set()
        time.sleep(3)
        self.note_complete()
        pid = self.supervisor.pid
        last = self.supervisor.runs[-1]
        if last["status"] is not None:
            sys.exit(f"the booth ended by itself: run {len(self.supervisor.runs)}, "
                     f"{last.get('signal') or 'no signal'}, exit status {last['status']}")
        self.downloads.stop()
        self.phones.stop()
        # Idle: what the last run holds once the guests are gone, and the CPU it uses doing nothing.
        time.sleep(2)
        before = cpu_seconds(pid)
        time.sleep(5)
        self.idle_cpu = cpu_seconds(pid) - before
        self.end_fds = fds(pid)
        self.status = self.supervisor.stop()
        self.recorded, self.reloaded = self.screen.finish()
        if args.cups:
            self.printer.settle()


def fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def report(day, judge, seconds):
    runs = day.supervisor.runs
    heals = judge.figures.get("screen heals (s)", [])
    complete, cut, failed = judge.figures["downloads"]
    print(f"played {args.strips} groups in {seconds / 60:.1f} min: {dict(day.strips)}")
    print(f"collages: {judge.figures['collages']} ({judge.figures['complete']} complete); shots kept "
          f"{judge.figures['shots kept']}, deleted or replaced {judge.figures['shots deleted or replaced']}")
    print(f"printer: attempts {judge.figures['print attempts']}; printed {judge.figures['printed']} collages; "
          f"complete but not printed, named for the operator: {judge.figures['complete, not printed, named']}")
    if args.cups:
        print(f"cups: {day.printer.jams} jams cleared by the operator; {day.kills_at_print} SIGKILLs as a strip's print was sent")
    ends = collections.Counter(run.get("signal") or f"exit {run['status']}" for run in runs)
    print(f"runs: {len(runs)} ({dict(ends)}); peak RSS per run, MiB: max {max(r['peak_kib'] for r in runs) / 1024:.1f}, "
          f"median {statistics.median(r['peak_kib'] for r in runs) / 1024:.1f}; final exit status {day.status}")
    if heals:
        print(f"screen: {judge.figures['screen samples']} samples; right again after each of {len(heals)} restarts in median "
              f"{statistics.median(heals):.2f} s, max {max(heals):.2f} s")
    print(f"phones: {args.phones} holding /events; {complete} downloads of printed collages complete and byte-right, "
          f"{cut} cut by a restart, {failed} failed otherwise")
    print(f"descriptors of the last run: {runs[-1].get('fds')} once it answered, {day.end_fds} at the end, idle; "
          f"idle CPU {day.idle_cpu:.2f} s in 5 s")


def main():
    work = tempfile.mkdtemp(prefix="collage-day-")
    day = None
    try:
        day = Day(work)
        day.start()
        began = time.monotonic()
        for group in range(1, args.strips + 1):
            day.strip(group)
            if group % 50 == 0:
                print(f"  {group} strips", flush=True)
        seconds = time.monotonic() - began
        day.finish()
        with open(os.path.join(work, "state", "key"), "rb") as file:
            key = file.read()
        judge = Judge(work, read_log(os.path.join(work, "camera.log")), day.printer, key, every_print=args.cups)
        judge.judge(day.seen, day.heard.named)
        judge.screen(day.screen.samples, day.recorded, day.reloaded, day.supervisor.runs)
        judge.downloads(day.downloads.failed, day.downloads.complete, day.supervisor.runs)
        report(day, judge, seconds)
        if judge.problems:
            print(f"{sum(len(v) for v in judge.problems.values())} broken promises:")
            for promise, cases in judge.problems.items():
                print(f"  {promise}: {len(cases)}: {cases[:5]}")
            sys.exit(1)
        print("every promise kept")
    finally:
        if day is not None:
            day.stopping.set()
            for part in ("downloads", "phones"):
                if hasattr(day, part):
                    getattr(day, part).stop()
            if hasattr(day, "supervisor"):
                day.supervisor.stopping = True
                if day.supervisor.process.poll() is None:
                    day.supervisor.process.kill()
            if hasattr(day, "screen") and not day.screen.stopping.is_set():
                day.screen.finish()
            if args.cups:
                day.printer.stop()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


main()

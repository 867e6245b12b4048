"""The day's printer (booth-soak.py), behind one small interface so a later run can use a real
CUPS queue instead: `command()` is what the booth is given (`--print`; a CUPS printer would give
`--printer QUEUE` instead, once the booth has it), `jobs()` what the printer says it did, each
`{"name", "sha", "outcome"}` with outcome `printed`, `jammed` or `hung`, and `copy(job)` the
bytes it put on paper. For CUPS: `lp -d QUEUE` as the command, `jobs()` from the queue's
completed jobs (`lpstat -W completed -o QUEUE`) and `copy()` from a file-backed queue's output
(a `file:/` device or cups-pdf): only this module changes.

The stand-in is a `--print` command that jams: it reads the file it is given (as `lp` does),
and then, at random, prints it (keeps a copy in `printed/`), jams (exits 1, "paper jam" on
stderr) or hangs (until the booth's `--print-timeout` kills it); each attempt is a line of its
own log, written by it alone."""

import hashlib
import json
import os
import sys

STAND_IN = r'''
import hashlib, json, os, random, sys, time
work, jam, hang = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
copies, path = sys.argv[4], sys.argv[5]
with open(path, "rb") as file:
    data = file.read()
roll = random.random()
outcome = "jammed" if roll < jam else "hung" if roll < jam + hang else "printed"
entry = {"t": time.time(), "pid": os.getpid(), "name": os.path.basename(path), "copies": int(copies),
         "sha": hashlib.sha256(data).hexdigest(), "outcome": outcome}
if outcome == "printed":
    number = 0
    while True:
        number += 1
        try:
            copy = os.open(os.path.join(work, "printed", f"{number:05}-{entry['name']}"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            break
        except FileExistsError:
            continue
    os.write(copy, data)
    os.close(copy)
    entry["copy"] = f"{number:05}-{entry['name']}"
log = os.open(os.path.join(work, "printer.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
os.write(log, (json.dumps(entry) + "\n").encode())
os.close(log)
if outcome == "jammed":
    print("paper jam", file=sys.stderr)
    sys.exit(1)
if outcome == "hung":
    time.sleep(3600)
print(f"request id is stand-in-{os.getpid()} (1 file(s))")
'''


class StandInPrinter:
    def __init__(self, work, jam=0.08, hang=0.03):
        self.work, self.jam, self.hang = work, jam, hang
        os.makedirs(os.path.join(work, "printed"), exist_ok=True)
        self.script = os.path.join(work, "printer.py")
        with open(self.script, "w") as file:
            file.write(STAND_IN)

    def command(self):
        """The booth's `--print` value (words, never a shell)."""
        return f"{sys.executable} {self.script} {self.work} {self.jam} {self.hang} {{copies}} {{path}}"

    def jobs(self):
        path = os.path.join(self.work, "printer.log")
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8") as file:
            return [json.loads(line) for line in file if line.strip()]

    def copy(self, job):
        with open(os.path.join(self.work, "printed", job["copy"]), "rb") as file:
            return file.read()


def sha256(data):
    return hashlib.sha256(data).hexdigest()

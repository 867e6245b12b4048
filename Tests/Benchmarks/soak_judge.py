"""The day's judge (booth-soak.py): each of the booth's promises, judged from evidence the
booth does not write: the camera's log of what it wrote and deleted, the printer's log and the
copies it printed, the collages' signed marks (checked with the machine's key), the files on
disk, the screen's samples, the guests' downloads and the supervisor's log of each run. The
booth's own events only pace the day; the one claim taken from them (a collage named as maybe
not printed) is checked against the printer's log."""

import collections
import hashlib
import hmac
import os
import re

NUMBERED = re.compile(r"^booth-(\d{4,})\.jpg$")


def mark(data):
    """The collage's mark (the JPEG comment that starts `collage`) as its lines, or None."""
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        kind, length = data[at + 1], int.from_bytes(data[at + 2:at + 4], "big")
        if kind == 0xDA:
            return None
        payload = data[at + 4:at + 2 + length]
        if kind == 0xFE and payload.startswith(b"collage\n"):
            return payload.decode("utf-8", "surrogateescape").rstrip("\n").split("\n")
        at += 2 + length
    return None


def verified(data, key):
    """Whether the mark's mac is the HMAC-SHA256 of the file, mac digits as zeros, under `key`."""
    lines = mark(data)
    if not lines or not lines[-1].startswith("mac "):
        return False
    digits = lines[-1][4:].encode()
    zeroed = data.replace(b"mac " + digits, b"mac " + b"0" * len(digits), 1)
    return hmac.compare_digest(hmac.new(key, zeroed, hashlib.sha256).hexdigest().encode(), digits)


def photos(lines):
    """(complete, [photo sha...]) from a mark's lines."""
    return lines[1] == "complete", [line.split(" ")[1] for line in lines if line.startswith("photo ")]


def back_up(runs, i, otherwise):
    """When the booth answered again after run `i` stopped: the first later run that answered (a
    run killed before it answered leaves the booth down until one does); `otherwise` if none did."""
    return next((run["answered"] for run in runs[i + 1:] if run["answered"]), otherwise)


class Judge:
    def __init__(self, work, camera_log, printer, key, every_print=False):
        """`every_print`: the printer is a CUPS queue the booth asks after a crash, so every
        complete collage must be printed, none left for the operator."""
        self.work, self.camera, self.printer, self.key = work, camera_log, printer, key
        self.every_print = every_print
        self.problems = collections.defaultdict(list)
        self.figures = {}

    def fail(self, promise, what):
        self.problems[promise].append(what)

    def collages(self):
        """Every collage on disk: name -> (bytes, complete, photo shas); an unverified one is a problem."""
        prints = os.path.join(self.work, "prints")
        found = {}
        for name in sorted(os.listdir(prints)):
            if not NUMBERED.match(name):
                continue
            with open(os.path.join(prints, name), "rb") as file:
                data = file.read()
            if not verified(data, self.key):
                self.fail("every collage carries the booth's signed mark", name)
                continue
            complete, shas = photos(mark(data))
            found[name] = (data, complete, shas)
        return found

    def judge(self, collages_seen, named_unprinted):
        """`collages_seen`: name -> sha of each complete collage as the day saw it at each restart
        (a collage never changes once complete); `named_unprinted`: the collages the booth said
        may not be printed or were left unprinted for the operator."""
        on_disk = self.collages()
        complete = {name: entry for name, entry in on_disk.items() if entry[1]}
        self.figures["collages"] = len(on_disk)
        self.figures["complete"] = len(complete)
        self.photos_in_collages(on_disk)
        self.retakes_never_printed(on_disk)
        self.prints(complete, named_unprinted)
        self.nothing_lost_or_changed(on_disk, collages_seen)
        self.photos_untouched()

    def camera_files(self):
        """The camera's photos as it left them: name -> (sha, kind), and the shas it deleted or replaced."""
        kept, gone = {}, set()
        for entry in self.camera:
            if entry["op"] == "write":
                kept[entry["name"]] = (entry["sha"], entry["kind"])
            else:
                kept.pop(entry["name"], None)
                gone.add(entry["sha"])
        return kept, gone

    def photos_in_collages(self, on_disk):
        holders = collections.defaultdict(set)
        for name, (_, _, shas) in on_disk.items():
            for sha in shas:
                holders[sha].add(name)
        for sha, names in holders.items():
            if len(names) > 1:
                self.fail("no photo in two collages", f"{sha[:12]} in {sorted(names)}")
        kept, _ = self.camera_files()
        shots = {sha for sha, kind in kept.values() if kind == "landscape"}
        for name, (sha, kind) in kept.items():
            if kind == "landscape" and len(holders.get(sha, ())) != 1:
                self.fail("every shot kept is in exactly one collage", f"{name} in {sorted(holders.get(sha, ()))}")
            elif kind != "landscape" and sha not in shots and holders.get(sha):
                self.fail("nothing but the shots is in a collage", f"{name} ({kind}) in {sorted(holders[sha])}")
        self.figures["shots kept"] = len(shots)

    def retakes_never_printed(self, on_disk):
        _, gone = self.camera_files()
        kept, _ = self.camera_files()
        gone -= {sha for sha, _ in kept.values()}
        self.figures["shots deleted or replaced"] = len(gone)
        for job in self.printer.jobs():
            if job["outcome"] == "printed":
                _, shas = photos(mark(self.printer.copy(job)) or ["collage", "open"])
                for sha in set(shas) & gone:
                    self.fail("no retake is printed", f"{job['copy']} holds deleted shot {sha[:12]}")
        for name, (_, complete, shas) in on_disk.items():
            for sha in set(shas) & gone:
                self.fail("no retake stays in a collage", f"{name} ({'complete' if complete else 'open'}) holds deleted shot {sha[:12]}")

    def prints(self, complete, named_unprinted):
        printed = collections.defaultdict(list)
        outcomes = collections.Counter()
        for job in self.printer.jobs():
            outcomes[job["outcome"]] += 1
            if job["outcome"] == "printed":
                printed[job["name"]].append(job)
        self.figures["print attempts"] = dict(outcomes)
        if outcomes["waiting"]:
            self.fail("the printer printed every job it was given", f"{outcomes['waiting']} still waiting at CUPS")
        for name, jobs in printed.items():
            if len(jobs) > 1:
                self.fail("no collage is printed twice", f"{name}: {[job['copy'] for job in jobs]}")
            copy = self.printer.copy(jobs[0])
            if not verified(copy, self.key) or mark(copy)[1] != "complete":
                self.fail("only complete collages the booth signed are printed", jobs[0]["copy"])
            if name not in complete or complete[name][0] != copy:
                self.fail("every print is the collage's bytes on disk", f"{jobs[0]['copy']} is not {name} as it is on disk")
        unprinted = sorted(set(complete) - set(printed))
        for name in unprinted:
            if self.every_print:
                self.fail("with --printer, every complete collage is printed", name)
            elif name not in named_unprinted:
                self.fail("every complete collage is printed, or named for the operator", name)
        self.figures["printed"] = len(printed)
        self.figures["complete, not printed, named"] = len(unprinted)

    def nothing_lost_or_changed(self, on_disk, collages_seen):
        for name, sha in collages_seen.items():
            if name not in on_disk:
                self.fail("no complete collage is lost", name)
            elif hashlib.sha256(on_disk[name][0]).hexdigest() != sha:
                self.fail("no complete collage changes", name)

    def photos_untouched(self):
        kept, _ = self.camera_files()
        folder = os.path.join(self.work, "photos")
        for name, (sha, _) in kept.items():
            path = os.path.join(folder, name)
            if not os.path.exists(path):
                self.fail("the camera's files are left alone", f"{name} is gone")
                continue
            with open(path, "rb") as file:
                if hashlib.sha256(file.read()).hexdigest() != sha:
                    self.fail("the camera's files are left alone", f"{name} changed")

    def screen(self, samples, recorded, reloaded, runs, within=2.0):
        """The screen's code is only ever its collage's; its stream is cut only by the booth's
        own restarts; after each, it shows the newest collage with its code within `within` s of
        the booth answering."""
        if reloaded:
            self.fail("the screen is never reloaded", "it was")
        for line in recorded:
            self.fail("the screen's code is always its collage's", line)
        for t, drawn, code, _, _ in samples:
            if code is not None and code != drawn:
                self.fail("the screen's code is always its collage's", f"at {t:.2f}: {drawn} beside {code}'s code")
        # From each stop's signal to a later run answering (and `within` more), and after the last.
        windows = [(run["signalled"], back_up(runs, i, float("inf")) + within) for i, run in enumerate(runs) if run.get("signalled")]
        for t, _, _, live, newest in samples:
            if not live and not any(start - 0.5 <= t <= end for start, end in windows):
                self.fail("the screen's stream is cut only by a restart", f"at {t:.2f} (newest {newest})")
        heals = []
        for run in runs[1:]:
            if not run["answered"]:
                continue
            right = next((t for t, drawn, code, live, newest in samples
                          if t >= run["answered"] and live and drawn == newest == code), None)
            if right is None:
                self.fail("the screen heals after every restart", f"never after the run started at {run['started']:.2f}")
                continue
            heals.append(right - run["answered"])
            if right - run["answered"] > within + 0.3:
                # What the screen and the disk went through meanwhile: a screen one collage behind
                # a burst of saves after the restart reads differently from one that stood still.
                seen = [(round(t - run["answered"], 2), drawn, code, live, newest) for t, drawn, code, live, newest in samples
                        if run["answered"] <= t <= right]
                self.fail(f"the screen shows the newest collage with its code within {within} s of a restart",
                          f"{right - run['answered']:.2f} s after the run started at {run['started']:.2f}: {seen}")
        self.figures["screen heals (s)"] = heals
        self.figures["screen samples"] = len(samples)

    def downloads(self, failed, complete, runs):
        """Every guest's download is complete and byte-right, but one the booth's own restart
        cut (asked for, or still going, while it was down)."""
        down = [(run["signalled"] - 0.1, back_up(runs, i, run["signalled"]) + 0.5)
                for i, run in enumerate(runs[:-1]) if run.get("signalled")]
        cut = [f for f in failed if any(start <= f[1] and f[0] <= end for start, end in down)]
        for failure in failed:
            if failure not in cut:
                self.fail("every guest's download is complete and byte-right", failure[2])
        self.figures["downloads"] = (complete, len(cut), len(failed) - len(cut))

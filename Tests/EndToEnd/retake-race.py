#!/usr/bin/env python3
"""A retake that lands while the booth still reads the shot it replaces: the replaced shot is
never in a collage, the retake always in its group's strip.

One booth per way of replacing (`collage watch photos --batches --limit 2 --json`): for each
group, its first photo A is renamed into the folder; once the booth has saved it, the group's
large shot B (a PNG of --megapixels) is renamed in as shot-N.png, and 30 ms later, while the booth
is still reading it, the guest's retake R replaces it under the same name:
- renamed: written under a hidden name, then renamed over it (tethering software's way);
- deleted: deleted, then saved again in place (created, written, closed);
- copied: truncated and written again in place, as `cp` over it does.
The strip completes with A and R. Once every strip is complete the booth is stopped, and the
journal (`collage journal show --json`) is judged against the files this script wrote, by
SHA-256: collage N holds exactly A_N and R_N; no B is in any collage (the journal's file, read
directly: its `photo` lines are the photos' SHA-256s).

Usage: Tests/EndToEnd/retake-race.py --collage BINARY [--times N] [--megapixels M] [--ways renamed,deleted,copied] [--seed N]
Exit status 1, with a line per fault, when a promise breaks.
"""
import argparse, hashlib, io, json, os, random, signal, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Benchmarks"))
from benchutil import picture  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--collage", required=True)
parser.add_argument("--times", type=int, default=20)
parser.add_argument("--megapixels", type=float, default=27)
parser.add_argument("--ways", default="renamed,deleted,copied")
parser.add_argument("--seed", type=int, default=42)
args = parser.parse_args()
args.collage = os.path.abspath(args.collage)
rng = random.Random(args.seed)


def encoded(image, kind):
    out = io.BytesIO()
    if kind == "PNG":
        image.save(out, "PNG", compress_level=1)
    else:
        image.save(out, "JPEG", quality=85)
    return out.getvalue()


def sha(data):
    return hashlib.sha256(data).hexdigest()


def large_shot():
    width = int((args.megapixels * 1e6 * 3 / 2) ** 0.5)
    small = picture(rng, 600, 400)
    return encoded(small.resize((width, width * 2 // 3)), "PNG")


def rename_in(folder, name, data):
    hidden = os.path.join(folder, "." + name + ".part")
    with open(hidden, "wb") as file:
        file.write(data)
    os.rename(hidden, os.path.join(folder, name))


def replace(folder, name, data, way):
    path = os.path.join(folder, name)
    if way == "renamed":
        rename_in(folder, name, data)
    elif way == "deleted":
        os.unlink(path)
        with open(path, "wb") as file:
            file.write(data)
    elif way == "copied":
        with open(path, "r+b") as file:
            file.truncate(0)
            file.write(data)
    else:
        raise SystemExit(f"unknown way {way}")


def journal(path):
    """The journal's collages: {number: [photo SHA-256s]} (its lines `collage N …` then `photo SHA NAME`)."""
    collages, current = {}, None
    with open(path, encoding="utf-8", errors="surrogateescape") as file:
        for line in file:
            fields = line.split(" ")
            if fields[0] == "collage":
                current = collages[int(fields[1])] = []
            elif fields[0] == "intent":
                current = None
            elif fields[0] == "photo" and current is not None:
                current.append(fields[1])
    return collages


class Booth:
    """The booth, its NDJSON events read on a thread."""

    def __init__(self, work):
        self.process = subprocess.Popen(
            [args.collage, "watch", "photos", "--batches", "--limit", "2", "-o", "prints/booth.jpg", "--json"],
            cwd=work, stdout=subprocess.PIPE, stderr=None if os.environ.get("RETAKE_RACE_LOG") else subprocess.DEVNULL)
        self.events, self.lock = [], threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            with self.lock:
                self.events.append(json.loads(line))
                self.lock.notify_all()

    def until(self, test, what, timeout=120):
        deadline = time.monotonic() + timeout
        with self.lock:
            while not any(test(event) for event in self.events):
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise SystemExit(f"retake-race: the booth never said {what}")
                self.lock.wait(left)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)


def run(way):
    faults = []
    with tempfile.TemporaryDirectory(prefix="retake-race-") as work:
        photos = os.path.join(work, "photos")
        os.mkdir(photos)
        os.mkdir(os.path.join(work, "prints"))
        booth = Booth(work)
        booth.until(lambda e: e["type"] == "started", "started")
        expected, replaced = {}, set()
        for group in range(1, args.times + 1):
            first, shot, retake = (encoded(picture(rng, 600, 400), "JPEG"), large_shot(), encoded(picture(rng, 600, 400), "PNG"))
            expected[group] = {sha(first), sha(retake)}
            replaced.add(sha(shot))
            rename_in(photos, f"a-{group}.jpg", first)
            # The booth at rest (A's collage saved), so it reads the shot as soon as it lands.
            booth.until(lambda e: e["type"] == "saved" and e["data"]["batch"] == group and e["data"]["photos"] == 1, f"a-{group}.jpg saved")
            rename_in(photos, f"shot-{group}.png", shot)
            time.sleep(0.03)
            replace(photos, f"shot-{group}.png", retake, way)
            booth.until(lambda e: e["type"] == "saved" and e["data"]["batch"] == group and e["data"]["complete"], f"collage {group} complete")
        booth.stop()
        collages = journal(os.path.join(work, "prints", ".booth.jpg.journal"))
        for group, wanted in expected.items():
            got = set(collages.get(group, []))
            if got != wanted:
                faults.append(f"{way}: collage {group} holds {sorted(got)}, not its group's first photo and retake")
            if got & replaced:
                faults.append(f"{way}: collage {group} holds a replaced shot")
        if len(collages) != args.times:
            faults.append(f"{way}: {len(collages)} collages, not {args.times}")
    return faults


def main():
    faults = []
    for way in args.ways.split(","):
        started = time.monotonic()
        found = run(way)
        faults += found
        print(f"retake-race: {way} over a {args.megapixels:g} MP shot, {args.times} times: "
              f"{'ok' if not found else f'{len(found)} faults'} in {time.monotonic() - started:.1f} s")
    for fault in faults:
        print(f"retake-race: {fault}")
    return 1 if faults else 0


sys.exit(main())

#!/usr/bin/env python3
"""A photo booth losing power again and again: `collage watch --batches` (release build) is
SIGKILLed at random moments while photos arrive, and started again each time; then checked.

Photos (distinct landscapes made with Pillow) are renamed into the watched folder one by one,
30 to 200 ms apart, by a thread that does not care whether the booth is running. The booth runs
for a random 0.05 to 1.5 s and is killed with SIGKILL, at least --kills times; after the last
kill, once every photo has arrived, it runs until every photo has a verdict and is stopped with
SIGTERM. After every kill the journal's complete collages are noted with their files' SHA-256.

Checks (exit status 1 if one fails):
- no finished collage ever changed: each complete collage's file, and its line in the journal,
  keep the content they had when first seen complete;
- every collage file is the one the journal records (so the journal's photos are what it shows);
- no photo in two collages, and every photo in exactly one: its single verdict, once the booth
  is at rest (all are distinct landscapes);
- no temporary file left in the output or the watched folder.

Usage: Tests/Benchmarks/booth-kill-loop.py [--collage PATH] [--kills N] [--photos N] [--seed N] [--keep]
"""
import argparse, collections, hashlib, io, json, os, random, shutil, signal, subprocess, sys, tempfile, threading, time

from benchutil import picture as shared_picture

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--collage", default=os.path.join(root, ".build/release/collage"))
parser.add_argument("--kills", type=int, default=50)
parser.add_argument("--photos", type=int, default=240)
parser.add_argument("--seed", type=int, default=16)
parser.add_argument("--keep", action="store_true", help="keep the working folder")
args = parser.parse_args()
rng = random.Random(args.seed)
LIMIT = 6


def picture(width, height):
    """A distinct landscape, as a JPEG's bytes."""
    out = io.BytesIO()
    shared_picture(rng, width, height).save(out, "JPEG", quality=85)
    return out.getvalue()


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read(path):
    with open(path, "rb") as file:
        return file.read()


def intent(path):
    """The save under way in the journal: (number, hash of the file about to be renamed), or None."""
    if not os.path.exists(path):
        return None
    for line in read(path).decode("utf-8", "surrogateescape").splitlines():
        fields = line.split(" ")
        if fields[0] == "intent":
            return int(fields[1]), fields[3]
    return None


def journal(path):
    """The journal's collages: {number: (complete, saved hash, [photo hashes])}; {} when absent."""
    if not os.path.exists(path):
        return {}
    collages, current = {}, None
    for line in read(path).decode("utf-8", "surrogateescape").splitlines():
        fields = line.split(" ")
        if fields[0] == "collage":
            current = collages[int(fields[1])] = (fields[2] == "complete", fields[3], [])
        elif fields[0] == "intent":
            current = None  # a save under way: not a collage saved
        elif fields[0] == "photo" and current is not None:
            current[2].append(fields[1])
    return collages


def main():
    work = tempfile.mkdtemp(prefix="collage-kill-loop-")
    photos, prints = os.path.join(work, "photos"), os.path.join(work, "prints")
    os.mkdir(photos)
    os.mkdir(prints)
    output, journal_path = os.path.join(prints, "booth.jpg"), os.path.join(prints, ".booth.jpg.journal")
    print(f"making {args.photos} photos in {work}", flush=True)
    made = [(f"IMG_{n + 1:04d}.jpg", picture(640, 427)) for n in range(args.photos)]
    content = {name: sha256(data) for name, data in made}

    def feed():
        for name, data in made:
            staged = os.path.join(photos, "." + name + ".part")
            with open(staged, "wb") as file:
                file.write(data)
            os.rename(staged, os.path.join(photos, name))
            time.sleep(rng.uniform(0.03, 0.2))

    command = [args.collage, "watch", photos, "-o", output, "--batches", "--json", "--throttle", "0", "--size", "600x400"]
    feeder = threading.Thread(target=feed)
    feeder.start()
    first_seen = {}  # collage number -> (file hash, journal's hash) when first seen complete
    changed, runs, kills = [], 0, 0
    killed_at = collections.Counter()

    def note_complete():
        for number, (complete, saved, _) in journal(journal_path).items():
            if not complete:
                continue
            path = output.replace(".jpg", f"-{number:04d}.jpg")
            current = (sha256(read(path)) if os.path.exists(path) else None, saved)
            if number not in first_seen:
                first_seen[number] = current
            elif first_seen[number] != current:
                changed.append((number, first_seen[number], current))

    def events_file(run):
        return open(os.path.join(work, f"events-{run:03d}.ndjson"), "wb")

    while kills < args.kills or feeder.is_alive():
        runs += 1
        temporaries = set(name for name in os.listdir(prints) if name.endswith(".tmp"))
        with events_file(runs) as events:
            booth = subprocess.Popen(command, stdout=events, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0.05, 1.5))
            booth.send_signal(signal.SIGKILL)
            booth.wait()
        kills += 1
        # Where the kill landed, from what it left: the window is a collage renamed into
        # place whose journal was not replaced after it.
        pending = intent(journal_path)
        if pending:
            path = output.replace(".jpg", f"-{pending[0]:04d}.jpg")
            renamed = os.path.exists(path) and sha256(read(path)) == pending[1]
            killed_at["after a collage's rename, before its journal's" if renamed else "after the intent, before the collage's rename"] += 1
        elif set(name for name in os.listdir(prints) if name.endswith(".tmp")) - temporaries:
            killed_at["while writing a temporary file"] += 1
        else:
            killed_at["between saves"] += 1
        note_complete()
    feeder.join()

    # At rest: the last run takes what is left, then is stopped as an operator would.
    runs += 1
    with events_file(runs) as events:
        booth = subprocess.Popen(command, stdout=events, stderr=subprocess.DEVNULL)
        log = os.path.join(work, f"events-{runs:03d}.ndjson")
        quiet_since, size = time.monotonic(), 0
        while time.monotonic() - quiet_since < 3:
            time.sleep(0.2)
            if os.path.getsize(log) != size:
                size, quiet_since = os.path.getsize(log), time.monotonic()
        booth.send_signal(signal.SIGTERM)
        status = booth.wait()
    note_complete()

    final = journal(journal_path)
    failures = []
    if status != 143:
        failures.append(f"the last run exited {status}, not 143")
    for number, before, after in changed:
        failures.append(f"finished collage {number} changed: {before} -> {after}")
    mismatched = [n for n, (_, saved, _) in final.items()
                  if not os.path.exists(output.replace(".jpg", f"-{n:04d}.jpg"))
                  or sha256(read(output.replace(".jpg", f"-{n:04d}.jpg"))) != saved]
    if mismatched:
        failures.append(f"collage files that are not the ones the journal records: {mismatched}")
    where = collections.defaultdict(list)
    for number, (_, _, hashes) in final.items():
        for photo in hashes:
            where[photo].append(number)
    twice = {name: where[h] for name, h in content.items() if len(where[h]) > 1}
    missing = [name for name, h in content.items() if not where[h]]
    if twice:
        failures.append(f"photos in two collages: {twice}")
    if missing:
        failures.append(f"photos in no collage: {missing}")
    temporaries = [os.path.join(folder, name) for folder in (photos, prints) for name in os.listdir(folder) if name.endswith(".tmp")]
    if temporaries:
        # A restart removing its own stale temporaries is issue 16's item 10.
        failures.append(f"temporary files left: {len(temporaries)} ({', '.join(os.path.basename(t) for t in temporaries[:4])}…)")
    added = collections.Counter()
    for run in range(1, runs + 1):
        with open(os.path.join(work, f"events-{run:03d}.ndjson"), "rb") as file:
            for line in file:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue  # the last line of a killed run may be cut short
                if event.get("type") == "added":
                    added[os.path.basename(event["data"]["path"])] += 1

    complete = sum(1 for c in final.values() if c[0])
    print(f"runs: {runs} ({kills} SIGKILLs: " + ", ".join(f"{n} {k}" for k, n in killed_at.items()) + ")")
    print(f"photos: {len(made)}; collages: {len(final)} ({complete} complete, watched {len(first_seen)} of them across kills)")
    print(f"photos in exactly one collage: {sum(1 for h in content.values() if len(where[h]) == 1)} of {len(content)}")
    print(f"photos added in more than one run (read again after a kill: an unfinished collage finished, "
          f"or a collage not saved yet taken again): {sum(1 for n in added.values() if n > 1)}")
    print(f"temporary files left: {len(temporaries)}")
    for failure in failures:
        print("FAIL:", failure)
    print("all checks passed" if not failures else f"{len(failures)} check(s) failed")
    if args.keep or failures:
        print(f"kept {work}")
    else:
        shutil.rmtree(work)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""A long day in a photo booth: `collage watch --batches` (release build) fed a realistic mix of
photos in bursts and pauses, then checked and measured.

The mix: 606 distinct landscape photos (camera-sized for a booth: 1280x853 JPEGs, some written
in place, most renamed into the folder as upload tools do), plus what a booth also gets: a few
portraits, byte-identical re-sends, re-encoded copies, a truncated upload and a stray text
file. It arrives in bursts of 1 to 12 photos, 30 ms apart, with pauses of 0.2 to 2 s between
bursts and a few long ones.

It checks, from the NDJSON events (--json) and the booth's journal, that every arriving photo
is in exactly one collage or has exactly one skip line; and it reports the peak RSS after
collage 10 and after collage 100, the open file descriptors at the start and at the end, and
the CPU used while idle. Exit status 1 if a check fails.

Usage: Tests/Benchmarks/booth-soak.py [--collage PATH] [--seed N] [--idle SECONDS] [--keep]
"""
import argparse, collections, io, json, os, random, shutil, signal, subprocess, sys, tempfile, threading, time

from PIL import Image

from benchutil import cpu_seconds, picture as shared_picture

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--collage", default=os.path.join(root, ".build/release/collage"))
parser.add_argument("--seed", type=int, default=8)
parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measurement at the end")
parser.add_argument("--landscapes", type=int, default=606)
parser.add_argument("--keep", action="store_true", help="keep the working folder")
args = parser.parse_args()
rng = random.Random(args.seed)
LIMIT = 6


def picture(width, height):
    return shared_picture(rng, width, height)


def jpeg(image, quality=88):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality)
    return out.getvalue()


def make_arrivals():
    """(name, bytes, kind) in arrival order; kind is what the booth should make of it."""
    photos = []
    for n in range(args.landscapes):
        photos.append([f"IMG_{n + 1:04d}.jpg", jpeg(picture(1280, 853)), "landscape"])
    arrivals = list(photos)
    extras = []
    for n in range(6):
        extras.append((f"portrait_{n + 1}.jpg", jpeg(picture(853, 1280)), "portrait"))
    for n in range(6):  # a camera sending the same file twice, right after
        original = rng.choice(photos[:-10])
        extras.append((f"resend_{n + 1}.jpg", original[1], ("copy", original[0])))
    for n in range(6):  # a phone app re-encoding one it just sent
        original = rng.choice(photos[:-10])
        image = Image.open(io.BytesIO(original[1]))
        extras.append((f"edited_{n + 1}.jpg", jpeg(image.resize((960, 640)), quality=70), ("reencoded", original[0])))
    truncated = jpeg(picture(1280, 853))
    extras.append(("upload_cut.jpg", truncated[: len(truncated) // 3], "truncated"))
    extras.append(("notes.txt", b"shopping list\n", "not-an-image"))
    for extra in extras:
        if isinstance(extra[2], tuple):  # right after its original, as a re-send comes
            index = next(i for i, a in enumerate(arrivals) if a[0] == extra[2][1])
            arrivals.insert(index + 1 + rng.randrange(2), list(extra))
        else:
            arrivals.insert(rng.randrange(len(arrivals)), list(extra))
    return [tuple(a) for a in arrivals]


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def kib(text):
    return int(text.split()[0])


def fds(pid):
    """The open descriptors: number → what they are (`anon_inode:inotify`, `pipe:[…]`, a path)."""
    found = {}
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            found[fd] = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            pass
    return found


def main():
    """The soak in a working folder; whatever happens, the watch is not left running, and the
    folder is removed unless --keep."""
    work = tempfile.mkdtemp(prefix="collage-soak-")
    watch = []
    try:
        soak(work, watch)
    finally:
        for proc in watch:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def soak(work, watch):
    """Feeds the booth and checks it; `watch` receives the watch process once it is started."""
    folder, prints = os.path.join(work, "photos"), os.path.join(work, "prints")
    os.mkdir(folder)
    os.mkdir(prints)
    print(f"generating photos in {work} ...", flush=True)
    arrivals = make_arrivals()
    print(f"{len(arrivals)} arrivals: {args.landscapes} landscapes and {len(arrivals) - args.landscapes} others", flush=True)

    events = []
    lock = threading.Condition()
    samples = {}
    proc = subprocess.Popen([args.collage, "watch", folder, "-o", os.path.join(prints, "booth.jpg"), "--batches", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    watch.append(proc)

    def read_events():
        collages = 0
        for line in proc.stdout:
            event = json.loads(line)
            if event["type"] == "saved" and event["data"]["photos"] == LIMIT:
                collages += 1
                if collages == 1 or collages % 10 == 0:
                    s = status(proc.pid)
                    samples[collages] = (kib(s["VmRSS"]), kib(s["VmHWM"]), fds(proc.pid))
            with lock:
                events.append((time.monotonic(), event))
                lock.notify_all()

    reader = threading.Thread(target=read_events, daemon=True)
    reader.start()
    with lock:
        if not lock.wait_for(lambda: any(e["type"] == "started" for _, e in events), timeout=30):
            raise SystemExit("the watch did not start within 30 s")
    start_fds = fds(proc.pid)

    began = time.monotonic()
    index = 0
    while index < len(arrivals):
        burst = rng.choice([1, 1, 2, 3, 4, 6, 6, 8, 12])
        for name, data, _ in arrivals[index:index + burst]:
            path = os.path.join(folder, name)
            if rng.random() < 0.7:  # an upload tool: a temporary name, then a rename
                with open(os.path.join(folder, "." + name + ".part"), "wb") as f:
                    f.write(data)
                os.rename(os.path.join(folder, "." + name + ".part"), path)
            else:
                with open(path, "wb") as f:
                    f.write(data)
            time.sleep(0.03)
        index += burst
        time.sleep(rng.choice([5.0]) if rng.random() < 0.03 else rng.uniform(0.2, 2.0))
    fed = time.monotonic() - began

    names = {name for name, _, _ in arrivals}

    def decided():
        return {e["data"]["path"].rsplit("/", 1)[1] for _, e in events if e["type"] in ("added", "skipped")}

    with lock:
        if not lock.wait_for(lambda: names <= decided(), timeout=120):
            raise SystemExit(f"no decision within 120 s for: {', '.join(sorted(names - decided()))}")
        # Quiet for two seconds: the last throttle window has closed and its save is done.
        while time.monotonic() - events[-1][0] < 2:
            lock.wait(timeout=0.5)
    end_fds = fds(proc.pid)
    end_status = status(proc.pid)
    before = cpu_seconds(proc.pid)
    time.sleep(args.idle)
    idle_cpu = cpu_seconds(proc.pid) - before
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    reader.join(timeout=10)

    # Every arriving photo: exactly one added or skipped event.
    decisions = collections.Counter(e["data"]["path"].rsplit("/", 1)[1] for _, e in events if e["type"] in ("added", "skipped"))
    problems = [f"{name}: {decisions[name]} decisions" for name in sorted(names) if decisions[name] != 1]
    added = {e["data"]["path"].rsplit("/", 1)[1] for _, e in events if e["type"] == "added"}
    skipped = collections.Counter(e["data"]["reason"] for _, e in events if e["type"] == "skipped")
    # Every added photo is in exactly one collage, as the journal says.
    in_collages, collage_of, number = collections.Counter(), {}, None
    with open(os.path.join(prints, ".booth.jpg.journal"), encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            if line.startswith("collage "):
                number = int(line.split(" ")[1])
            elif line.startswith("photo "):
                name = line.rstrip("\n").split(" ", 2)[2]
                in_collages[name] += 1
                collage_of[name] = number
    problems += [f"{name}: in {in_collages[name]} collages" for name in sorted(added) if in_collages[name] != 1]
    problems += [f"{name}: in a collage but never added" for name in in_collages if name not in added]
    # What each kind of arrival should have become.
    expected = {"portrait": "portrait", "truncated": "truncated", "not-an-image": "not-an-image"}
    reasons = {e["data"]["path"].rsplit("/", 1)[1]: e["data"]["reason"] for _, e in events if e["type"] == "skipped"}
    for name, _, kind in arrivals:
        want = expected.get(kind) if isinstance(kind, str) else ("already-used", "duplicate")
        if want is None:
            if name not in added:
                problems.append(f"{name}: a landscape photo not used ({reasons.get(name)})")
        elif isinstance(kind, tuple):
            # A re-encoded copy is only a duplicate within one collage; in the next it is a photo.
            elsewhere = kind[0] == "reencoded" and name in added and collage_of.get(name) != collage_of.get(kind[1])
            if reasons.get(name) not in want and not elsewhere:
                problems.append(f"{name}: a {kind[0]} of {kind[1]}, but {reasons.get(name) or 'added'}")
        elif reasons.get(name) != want:
            problems.append(f"{name}: expected {want}, got {reasons.get(name) or 'added'}")
    collages = sum(1 for _, e in events if e["type"] == "saved" and e["data"]["photos"] == LIMIT)
    saves = sum(1 for _, e in events if e["type"] == "saved")
    failed = sum(1 for _, e in events if e["type"] == "save-failed")

    print(f"fed {len(arrivals)} photos in {fed:.0f} s; {len(added)} used in {collages} complete collages "
          f"({saves} saves, {failed} failed); skipped: {dict(sorted(skipped.items()))}")
    for n in (10, 100):
        if n in samples:
            print(f"after collage {n}: RSS {samples[n][0] / 1024:.1f} MiB, peak RSS {samples[n][1] / 1024:.1f} MiB")
    if 10 in samples and 100 in samples:
        print(f"peak RSS growth from collage 10 to 100: {(samples[100][1] - samples[10][1]) / 1024:+.1f} MiB")
    print(f"at the end: RSS {kib(end_status['VmRSS']) / 1024:.1f} MiB, peak {kib(end_status['VmHWM']) / 1024:.1f} MiB, "
          f"threads {end_status['Threads']}")
    first_fds = samples[1][2] if 1 in samples else {}
    opened = sorted(v for k, v in first_fds.items() if start_fds.get(k) != v)
    print(f"open file descriptors: {len(start_fds)} at the start, {len(first_fds)} after the first collage"
          + (f" (opened: {', '.join(opened)})" if opened else "") + f", {len(end_fds)} at the end")
    print("peak RSS every 10 collages (MiB): " + " ".join(f"{samples[n][1] / 1024:.1f}" for n in sorted(samples) if n % 10 == 0))
    print(f"idle: {idle_cpu:.3f} s CPU (user+system) in {args.idle:.0f} s; exit status {proc.returncode} after SIGTERM")
    # The first timed sleep makes the runtime open its timer once (a timerfd); from the first
    # collage on, nothing may stay open that was not open before.
    if set(end_fds.items()) - set(first_fds.items()) or len(end_fds) != len(first_fds):
        problems.append(f"file descriptors: {sorted(first_fds.items())} after the first collage, {sorted(end_fds.items())} at the end")
    if proc.returncode != 143:
        problems.append(f"exit status {proc.returncode} after SIGTERM, not 143")
    if problems:
        print(f"{len(problems)} problems:")
        for problem in problems:
            print("  " + problem)
        sys.exit(1)
    print("every arriving photo is in exactly one collage or has exactly one skip line")


main()

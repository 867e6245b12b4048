#!/usr/bin/env python3
"""Each job against its floor, paired: the job and its floor run in turn (A B A B ...), and each
row is the median of the pair-by-pair ratios, so a machine whose speed drifts slows both sides
of a pair alike. Wall and CPU (user + system, of the process and everything it waited for) come
from the kernel's accounting of each finished run (os.wait4); peak memory is the job's largest
resident set.

Rows (targets from the performance issues):
- build --pages on the event set (../shared/bench/event-300.py) against djpeg -scale 1/4 of every
  photo, nproc at a time: wall <= 1.15x, CPU <= 1.2x, memory <= 50 MiB;
- one collage of six 12 MP JPEGs against the same floor on the six: wall <= 1.15x;
- one collage of six 12 MP HEICs against heif-convert's full-size decodes, nproc at a time;
- watch: a session of six arrivals (each saved before the next) against six builds of the
  first 1, 2, ... 6 photos: CPU <= 0.4x.

Usage: floors.py ROOT PAIRS [pages] [one] [heic] [watch]   (run by floors-benchmark.sh, which
makes the inputs and the shipped binary, .build-dist/release/collage; COLLAGE_BIN=path measures
another build)"""
import os, shutil, statistics, subprocess, sys, tempfile, time

from benchutil import wait_for

root, pairs = os.path.abspath(sys.argv[1]), int(sys.argv[2])
sections = sys.argv[3:] or ["pages", "one", "heic", "watch"]
sys.stdout.reconfigure(line_buffering=True)
work = os.path.join(root, ".build-bench")
shared = os.environ["SHARED"]
collage = os.environ.get("COLLAGE_BIN") or os.path.join(root, ".build-dist/release/collage")


def listed(folder, suffix):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(suffix))


def run(command, cwd):
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run of `command` (argv) in `cwd`."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command[:3]} failed ({status}):\n{stderr.decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def paired(job, floor):
    """Runs `job` and `floor` (argv lists, or functions returning (wall, cpu, rss)) in turn, a
    warm-up pair first; returns the medians of the wall and CPU ratios, with their ranges, and
    the job's median peak memory."""
    def once(what):
        if callable(what):
            return what()
        out = tempfile.mkdtemp(dir=work)
        try:
            return run(what, out)
        finally:
            shutil.rmtree(out)
    once(job), once(floor)
    ratios = []
    for _ in range(pairs):
        a, b = once(job), once(floor)
        ratios.append((a[0] / b[0], a[1] / b[1], a[2], a, b))
    med = lambda i: statistics.median(r[i] for r in ratios)
    return {"wall": med(0), "cpu": med(1), "rss": med(2),
            "wall range": (min(r[0] for r in ratios), max(r[0] for r in ratios)),
            "job": tuple(statistics.median(r[3][i] for r in ratios) for i in range(2)),
            "floor": tuple(statistics.median(r[4][i] for r in ratios) for i in range(2))}


def show(label, result, targets):
    low, high = result["wall range"]
    (jw, jc), (fw, fc) = result["job"], result["floor"]
    print(f"| {label:<34} | {result['wall']:5.2f}x ({low:.2f}-{high:.2f}) | {result['cpu']:5.2f}x | "
          f"{result['rss']:5.0f} MiB | {jw:6.2f}s {jc:6.2f}s | {fw:6.2f}s {fc:6.2f}s | {targets} |")


def djpeg_floor(files):
    return ["bash", f"{shared}/bench/djpeg-floor-parallel.sh", *files]


def watch_session(inputs):
    """One watch session of the six photos, each arriving (renamed into the folder) once the
    last one's collage was saved; (wall, CPU, peak RSS) of the watch process."""
    folder = tempfile.mkdtemp(dir=work)
    photos = os.path.join(folder, "photos")
    os.mkdir(photos)
    log_path = os.path.join(folder, "log")
    start = time.perf_counter()
    with open(log_path, "w") as log:
        proc = subprocess.Popen([collage, "watch", photos, "-o", os.path.join(folder, "c.jpg"), "--throttle", "0.5"],
                                stderr=log, stdout=subprocess.DEVNULL)
    for n, src in enumerate(inputs, start=1):
        shutil.copyfile(src, os.path.join(photos, ".part"))
        os.rename(os.path.join(photos, ".part"), os.path.join(photos, os.path.basename(src)))
        wait_for(log_path, f"(1800x1200, {n} photo{'' if n == 1 else 's'})")
    _, status, usage = os.wait4(proc.pid, 0)
    shutil.rmtree(folder)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def six_builds(inputs):
    """Six builds of the first 1, 2, ... 6 photos: what re-running build at each change costs."""
    out = tempfile.mkdtemp(dir=work)
    try:
        runs = [run([collage, "build", *inputs[:n], "-o", f"build-{n}.jpg"], out) for n in range(1, 7)]
        return sum(r[0] for r in runs), sum(r[1] for r in runs), max(r[2] for r in runs)
    finally:
        shutil.rmtree(out)


print(f"Each row: the job against its floor, {pairs} pairs run in turn; median ratio of the pairs (range)")
print(f"| {'job':<34} | {'wall / floor':>18} | {'CPU':>6} | {'peak mem':>9} | {'job wall, CPU':>15} | {'floor wall, CPU':>15} | targets |")
print(f"|{'-' * 36}|{'-' * 20}|{'-' * 8}|{'-' * 11}|{'-' * 17}|{'-' * 17}|---|")
if "pages" in sections:
    event = os.path.join(work, "event-300")
    result = paired([collage, "build", event, "--pages", "-q", "-o", "p.jpg"], djpeg_floor(listed(event, ".jpg")))
    show("build --pages, event set (300)", result, "<= 1.15x wall, <= 1.2x CPU, <= 50 MiB")
six = listed(os.path.join(work, "inputs"), ".jpg") if {"one", "watch"} & set(sections) else []
if "one" in sections:
    show("one collage, six 12 MP JPEGs", paired([collage, "build", *six, "-o", "c.jpg"], djpeg_floor(six)), "<= 1.15x wall")
if "heic" in sections:
    heics = listed(os.path.join(work, "heic"), ".heic")
    show("one collage, six 12 MP HEICs", paired([collage, "build", *heics, "-o", "c.jpg"],
                                                ["bash", f"{shared}/bench/heif-floor-parallel.sh", *heics]), "memory")
if "watch" in sections:
    show("watch, six arrivals / six builds", paired(lambda: watch_session(six), lambda: six_builds(six)), "<= 0.4x CPU")

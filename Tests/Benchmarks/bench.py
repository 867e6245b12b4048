#!/usr/bin/env python3
"""The performance table of `collage build` against its peers, from one run: medians of whole-process
runs (wall time, CPU time, peak RSS), interleaved so that a busy machine slows every row alike, on
all the cores this process may use and again on one (`taskset -c 0`); start-up; the cost of a photo
refused from its header; and a watch session's CPU against six builds of 1...6 photos.

Run by build-benchmark.sh, which installs the peers, generates the inputs and builds the release.
Usage: bench.py ROOT RUNS [tables|startup|scale|watch ...]"""
import os, resource, shutil, signal, statistics, subprocess, sys, tempfile, time

from benchutil import wait_for

root, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2])
sys.stdout.reconfigure(line_buffering=True)
work = os.path.join(root, ".build-bench")
# COLLAGE_BIN measures another build of collage (an older one, to compare) against the same peers.
collage = os.environ.get("COLLAGE_BIN") or os.path.join(root, ".build/release/collage")
shared = os.path.realpath(os.environ.get("SHARED", os.path.join(root, "../shared")))
def listed(folder):
    """The files in .build-bench/FOLDER, sorted; none when the folder was not made."""
    path = os.path.join(work, folder)
    return sorted(os.path.join(path, n) for n in os.listdir(path)) if os.path.isdir(path) else []


inputs = listed("inputs")
heics = listed("heic")  # made by heic-benchmark.sh
scale_dir = os.path.join(work, "scale")
out = os.path.join(work, "out")
os.makedirs(out, exist_ok=True)


def measure(cmd, env=None, expected=0):
    """One whole-process run: wall seconds, user+system CPU seconds, peak RSS in KiB (the largest
    process of the tree, as /usr/bin/time reports it). Any exit status but `expected` (0, or 65 for
    a build expected to find no usable photo) stops the benchmark: a failed run is not timed."""
    full_env = dict(os.environ, **(env or {}))
    with tempfile.TemporaryFile() as err:  # a file, not a pipe: 1000 refusals would fill a pipe
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=out, env=full_env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != expected:
            err.seek(0)
            raise SystemExit(f"{' '.join(cmd)} failed ({code}):\n{err.read().decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def table(rows, pin=None):
    """rows: (label, cmd, env) or (label, cmd, env, expected exit status). Runs each `runs` times,
    round robin; returns label -> medians."""
    prefix = ["taskset", "-c", pin] if pin else []
    samples = {row[0]: [] for row in rows}
    for _ in range(runs):
        for label, cmd, env, *expected in rows:
            samples[label].append(measure(prefix + cmd, env, *expected))
    result = {}
    for label, values in samples.items():
        walls = sorted(v[0] for v in values)
        result[label] = (statistics.median(walls), walls[0], walls[-1],
                         statistics.median(v[1] for v in values), statistics.median(v[2] for v in values))
    return result


def show(title, result, floor_label):
    floor = result[floor_label][0]
    print(f"\n{title}")
    print(f"| {'command (median of %d)' % runs:<44} | {'wall':>7} | {'min-max':>11} | {'CPU':>7} | {'peak RSS':>8} | {'/ floor':>7} |")
    print(f"| {'-' * 44} | {'-' * 7}: | {'-' * 11}: | {'-' * 7}: | {'-' * 8}: | {'-' * 7}: |")
    for label, (wall, low, high, cpu, rss) in result.items():
        print(f"| {label:<44} | {wall:6.3f}s | {low:.3f}-{high:.3f} | {cpu:6.3f}s | {rss / 1024:5.0f} MiB | {wall / floor:6.2f}x |")


def build_rows():
    size = ["--size", "1800x800"]
    return [
        ("collage build, JPEG q90", [collage, "build", *inputs, "-o", "collage.jpg", *size], None),
        ("collage build, PNG", [collage, "build", *inputs, "-o", "collage.png", *size], None),
        ("collage build, one decoder (COLLAGE_DECODERS=1)", [collage, "build", *inputs, "-o", "collage-1.jpg", *size],
         {"COLLAGE_DECODERS": "1"}),
        ("djpeg -scale 1/4, one after another", ["bash", f"{shared}/bench/djpeg-limit.sh", *inputs], None),
        ("djpeg -scale 1/4, nproc at a time (floor)", ["bash", f"{shared}/bench/djpeg-floor-parallel.sh", *inputs], None),
        ("libvips: vips thumbnail x6 + arrayjoin", ["bash", f"{shared}/bench/vips-collage.sh", *inputs], None),
        ("ImageMagick -define jpeg:size", ["bash", f"{shared}/bench/im-fast.sh", *inputs], None),
        ("ImageMagick", ["bash", f"{shared}/bench/im-collage.sh", *inputs], None),
    ]


def ratios(result):
    r = {label: v[0] for label, v in result.items()}
    jpeg, png = r["collage build, JPEG q90"], r["collage build, PNG"]
    floor = r["djpeg -scale 1/4, nproc at a time (floor)"]
    print(f"collage / decode floor {jpeg / floor:.2f}x (target <= 1.3); PNG / JPEG {png / jpeg:.2f}x (target <= 1.5); "
          f"libvips / collage {r['libvips: vips thumbnail x6 + arrayjoin'] / jpeg:.1f}x; "
          f"ImageMagick jpeg:size / collage {r['ImageMagick -define jpeg:size'] / jpeg:.1f}x; "
          f"ImageMagick / collage {r['ImageMagick'] / jpeg:.1f}x")


def startup():
    empty = tempfile.mkdtemp(prefix="collage-empty-")
    rows = [("collage --version", [collage, "--version"], None),
            ("collage build EMPTY_FOLDER (no usable photo, exit 65)", [collage, "build", empty, "-o", "none.jpg"], None, 65)]
    saved, globals()["runs"] = runs, max(runs, 21)
    result = table(rows)
    globals()["runs"] = saved
    os.rmdir(empty)
    print("\nStart-up (target <= 20 ms)")
    for label, (wall, low, high, cpu, rss) in result.items():
        print(f"  {label:<52} {wall * 1000:5.1f} ms wall (min {low * 1000:.1f}), {cpu * 1000:5.1f} ms CPU, {rss / 1024:.0f} MiB")


def scale():
    """A folder of 1000 portraits before the six photos: every portrait is refused from its header
    (no pixel decoded). Per refused photo: the 1000 alone against an empty folder."""
    refused_dir = os.path.join(work, "refused")
    refused = len(os.listdir(refused_dir))
    empty = tempfile.mkdtemp(prefix="collage-empty-")
    size = ["--size", "1800x800"]
    rows = [("empty", [collage, "build", empty, "-o", "none.jpg"], None, 65),
            ("refused", [collage, "build", refused_dir, "-o", "none.jpg"], None, 65),
            ("six", [collage, "build", *inputs, "-o", "six.jpg", *size], None),
            ("scale", [collage, "build", scale_dir, "-o", "scale.jpg", *size], None)]
    result = table(rows)
    os.rmdir(empty)
    wall = {label: v[0] for label, v in result.items()}
    cpu = {label: v[3] for label, v in result.items()}
    print(f"\nScale: {refused} portraits, refused from their header (no pixel decoded), before the six photos")
    print(f"  the folder: {wall['scale']:.3f} s wall, {cpu['scale']:.3f} s CPU, {result['scale'][4] / 1024:.0f} MiB peak, "
          f"against {wall['six']:.3f} s for the six alone")
    print(f"  the {refused} portraits alone (exit 65): {wall['refused'] * 1000:.0f} ms against {wall['empty'] * 1000:.0f} ms "
          f"for an empty folder: {(wall['refused'] - wall['empty']) / refused * 1e6:.0f} us wall, "
          f"{(cpu['refused'] - cpu['empty']) / refused * 1e6:.0f} us CPU per refused photo")


def watch_session(every_save):
    """CPU seconds of one watch session of the six photos. Each photo arrives (renamed into the
    folder) once the last was taken (its status line, as watch-benchmark.py does: the throttle
    then merges some saves) or, with `every_save`, once the last was saved (six saves)."""
    folder = tempfile.mkdtemp(prefix="collage-watch-cpu-")
    photos = os.path.join(folder, "photos")
    os.mkdir(photos)
    log_path = os.path.join(folder, "log")
    with open(log_path, "w") as log:
        proc = subprocess.Popen([collage, "watch", photos, "-o", os.path.join(folder, "c.jpg"), "--throttle", "0.5"],
                                stderr=log, stdout=subprocess.DEVNULL)
    for i, src in enumerate(inputs):
        shutil.copyfile(src, os.path.join(photos, ".part"))
        os.rename(os.path.join(photos, ".part"), os.path.join(photos, os.path.basename(src)))
        n = i + 1
        wait_for(log_path, f"(1800x1200, {n} photo{'' if n == 1 else 's'})" if every_save else f": {n} photo")
    _, status, usage = os.wait4(proc.pid, 0)
    with open(log_path) as f:
        saves = f.read().count("wrote ")
    shutil.rmtree(folder)
    return usage.ru_utime + usage.ru_stime, saves


def watch_cpu():
    """A watch session's CPU against six separate builds of the first 1, 2, ... 6 photos (all
    1800x1200, the default): what watching saves by decoding each photo once."""
    rows = {"arrivals as fast as they are taken": [], "each arrival saved before the next": []}
    builds = []
    for _ in range(runs):
        for label, every_save in zip(rows, (False, True)):
            rows[label].append(watch_session(every_save))
        builds.append(sum(measure([collage, "build", *inputs[:n], "-o", f"build-{n}.jpg"])[1] for n in range(1, 7)))
    build = statistics.median(builds)
    print("\nWatch: a session of six arrivals against six builds of 1...6 photos, 1800x1200 (target <= 0.4x)")
    print(f"  six builds {build:.3f} s CPU")
    for label, values in rows.items():
        cpu = statistics.median(v[0] for v in values)
        saves = statistics.median(v[1] for v in values)
        print(f"  watch, {label:<36} {cpu:.3f} s CPU, {saves:.0f} saves: {cpu / build:.2f}x")


def heic():
    """Six 12 MP HEICs: collage against libheif's full-size decodes nproc at a time (the floor)
    and libvips, which reads them through libheif too."""
    rows = [("collage build, 6 HEIC, JPEG q90", [collage, "build", *heics, "-o", "heic.jpg", "--size", "1800x800"], None),
            ("heif-convert full size, nproc at a time (floor)", ["bash", f"{shared}/bench/heif-floor-parallel.sh", *heics], None),
            ("libvips: vips thumbnail x6 + arrayjoin", ["bash", f"{shared}/bench/vips-collage.sh", *heics], None)]
    result = table(rows)
    show(f"Six HEICs of 4032x3024, 8x6 grids of 512-pixel tiles (pillow-heif, quality 60), all {len(os.sched_getaffinity(0))} cores", result,
         "heif-convert full size, nproc at a time (floor)")
    r = {label: v for label, v in result.items()}
    ours, floor, vips = r[rows[0][0]], r[rows[1][0]], r[rows[2][0]]
    print(f"collage / decode floor {ours[0] / floor[0]:.2f}x (target <= 1.3); libvips / collage {vips[0] / ours[0]:.2f}x "
          f"(target > 1); peak RSS collage {ours[4] / 1024:.0f} MiB, libvips {vips[4] / 1024:.0f} MiB")


only = sys.argv[3:]  # sections to run: tables, startup, scale, watch, heic (all but heic by default)
print(f"{os.cpu_count()} CPUs, {len(os.sched_getaffinity(0))} usable; load average {os.getloadavg()[0]:.2f}; "
      f"{len(inputs)} JPEGs, {len(heics)} HEICs of 4032x3024 into 3x2 tiles of 600x400, 1800x800 q90")
if not only or "tables" in only:
    for title, pin in [(f"All {len(os.sched_getaffinity(0))} cores", None), ("One core (taskset -c 0)", "0")]:
        result = table(build_rows(), pin)
        show(title, result, "djpeg -scale 1/4, nproc at a time (floor)")
        ratios(result)
if not only or "startup" in only:
    startup()
if not only or "scale" in only:
    scale()
if not only or "watch" in only:
    watch_cpu()
if "heic" in only:
    heic()
print(f"\nload average at the end {os.getloadavg()[0]:.2f}")

#!/usr/bin/env python3
"""`collage build --pages` against the decode floor and its peers, from one run (medians of RUNS
whole-process runs, interleaved so that a busy machine slows every row alike), then the curve:
photos -> wall time, time per photo, peak RSS, and the duplicate check's share of a 10,000-photo run.

Run by pages-benchmark.sh, which makes the photos (make-bench-photos.py) and the release build.
Usage: pages-bench.py ROOT RUNS [table] [curve] [duplicates]"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

root, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2])
sections = sys.argv[3:] or ["table", "curve", "duplicates"]
sys.stdout.reconfigure(line_buffering=True)
work = os.path.join(root, ".build-bench", "pages")
collage = os.environ.get("COLLAGE_BIN") or os.path.join(root, ".build/release/collage")
nproc = os.cpu_count()


def photos(folder, count):
    path = os.path.join(work, folder)
    return sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".jpg"))[:count]


def linked(folder, files):
    """A folder holding exactly `files` (hard links): `--pages` reads a folder."""
    path = os.path.join(work, "runs", folder)
    if not os.path.isdir(path) or len(os.listdir(path)) != len(files):
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
        for f in files:
            os.link(f, os.path.join(path, os.path.basename(f)))
    return path


def measure(script):
    """Wall seconds and standard output of a bash script, run in a folder of its own."""
    out = tempfile.mkdtemp(dir=work)
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(["bash", "-c", script], cwd=out, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        stdout, stderr = proc.communicate()
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"{script} failed ({proc.returncode}):\n{stderr.decode(errors='replace')[-2000:]}")
        return wall, stdout
    finally:
        shutil.rmtree(out)


def timed(script):
    """Wall seconds and peak RSS in MiB: /usr/bin/time's maximum resident set of the command."""
    wall, stdout = measure(f"/usr/bin/time -f 'RSS %M' -o rss.txt bash -c {quote(script)} > out.txt && cat out.txt && cat rss.txt")
    lines = stdout.decode().splitlines()
    rss = int(lines[-1].split()[1]) / 1024
    return wall, rss, "\n".join(lines[:-1])


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def table():
    files = photos("12mp", 300)
    folder = linked("300-12mp", files)
    listing = " ".join(quote(f) for f in files)
    pages = [files[i:i + 6] for i in range(0, len(files), 6)]
    montage = "; ".join(
        f"montage -define jpeg:size=1200x1200 {' '.join(quote(f) for f in page)} -tile 3x2 -geometry 600x600+0+0 -quality 90 page-{n:04d}.jpg"
        for n, page in enumerate(pages, 1))
    rows = [
        ("decode floor: djpeg -scale 1/4, nproc at a time",
         f"printf '%s\\n' {listing} | xargs -P {nproc} -I{{}} sh -c 'djpeg -scale 1/4 \"$1\" > /dev/null' _ {{}}"),
        ("collage build --pages (50 pages of 6)", f"{quote(collage)} build --pages -q {quote(folder)} -o album.jpg > /dev/null"),
        ("collage build per page, xargs -n 6 -P 2",
         f"printf '%s\\n' {listing} | xargs -n 6 -P 2 sh -c '{quote(collage)[1:-1]} build -q \"$@\" -o page-$$.jpg > /dev/null' _"),
        ("montage page by page, jpeg:size hint", montage),
    ]
    # SKIP_MONTAGE=1: the three quick rows alone, for more runs on a busy machine (montage takes minutes).
    if os.environ.get("SKIP_MONTAGE"):
        rows = rows[:3]
    samples = {label: [] for label, _ in rows}
    for _ in range(runs):
        for label, script in rows:
            samples[label].append(timed(script)[:2])
    floor = statistics.median(w for w, _ in samples[rows[0][0]])
    print(f"\n300 distinct 12 MP JPEGs -> 50 pages of 6 (1800x1200 JPEG q90), {nproc} cores, median of {runs}")
    print(f"{'':48} {'wall':>8} {'x floor':>8} {'peak RSS':>10}")
    for label, _ in rows:
        wall = statistics.median(w for w, _ in samples[label])
        rss = statistics.median(r for _, r in samples[label])
        print(f"{label:48} {wall:7.2f}s {wall / floor:7.2f}x {rss:8.0f} MiB")


def curve():
    print(f"\nThe curve: collage build --pages, default size (median of {runs})")
    print(f"{'photos':>7} {'size':>10} {'pages':>6} {'wall':>9} {'per photo':>10} {'peak RSS':>10}")
    for folder, size, counts in [("12mp", "4032x3024", [30, 300]), ("vga", "480x360", [30, 300, 3000])]:
        for count in counts:
            path = linked(f"{count}-{folder}", photos(folder, count))
            results = [timed(f"{quote(collage)} build --pages -q {quote(path)} -o album.jpg > /dev/null")[:2] for _ in range(runs)]
            wall = statistics.median(w for w, _ in results)
            rss = statistics.median(r for _, r in results)
            print(f"{count:7} {size:>10} {(count + 5) // 6:6} {wall:8.2f}s {wall / count * 1000:8.1f}ms {rss:8.0f} MiB")


def duplicates():
    path = linked("10000-small", photos("tiny", 10000))
    wall, rss, stdout = timed(f"{quote(collage)} build --pages -q {quote(path)} -o album.jpg --json | tail -n 1")
    summary = json.loads(stdout.splitlines()[-1])["data"]
    check = summary["timings"]["duplicateCheckSeconds"]
    print(f"\n10,000 distinct 256x192 photos -> {len(summary['pages'])} pages: wall {wall:.2f}s, peak RSS {rss:.0f} MiB, "
          f"duplicate check {check:.3f}s = {100 * check / wall:.2f} % of the run ({summary['used']} used, {summary['skipped']} skipped)")


for section in sections:
    {"table": table, "curve": curve, "duplicates": duplicates}[section]()

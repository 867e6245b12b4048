#!/usr/bin/env python3
"""collage watch: latency from the sixth photo's close() to the final collage on disk, and the
CPU time of a watch idling for 60 s. Uses the release build and the 12 MP inputs that
build-benchmark.sh generates in .build-bench/inputs (run it first).
Usage: Tests/Benchmarks/watch-benchmark.py [runs] [idle-seconds]"""
import os, shutil, signal, statistics, subprocess, sys, tempfile, time

from benchutil import cpu_seconds, wait_for

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
collage = os.environ.get("COLLAGE_BIN") or os.path.join(root, ".build/release/collage")
inputs = sorted(os.path.join(root, ".build-bench/inputs", n) for n in os.listdir(os.path.join(root, ".build-bench/inputs")))
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
idle = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0

def copy_closed(src, dst):
    """Writes dst from src and closes it; returns the monotonic time of the close."""
    with open(src, "rb") as f:
        data = f.read()
    fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    os.close(fd)
    return time.monotonic()

latencies = []
for run in range(runs):
    work = tempfile.mkdtemp(prefix="collage-watch-bench-")
    photos, out = os.path.join(work, "photos"), os.path.join(work, "collage.jpg")
    os.mkdir(photos)
    log = os.path.join(work, "log")
    with open(log, "w") as err:
        proc = subprocess.Popen([collage, "watch", photos, "-o", out, "--throttle", "0.5"], stderr=err, stdout=subprocess.DEVNULL)
    for i, src in enumerate(inputs[:5]):
        copy_closed(src, os.path.join(photos, os.path.basename(src)))
        wait_for(log, f"{i + 1} photo")
    wait_for(log, "(1800x1200, 5 photos)")
    time.sleep(0.6)  # let the throttle window close: the sixth is rendered on arrival
    previous = os.stat(out).st_ino
    closed = copy_closed(inputs[5], os.path.join(photos, os.path.basename(inputs[5])))
    while os.stat(out).st_ino == previous:  # the atomic rename gives the final collage a new inode
        time.sleep(0.0005)
    renamed = time.monotonic()
    proc.wait(timeout=60)
    exited = time.monotonic()
    latencies.append((renamed - closed) * 1000)
    print(f"run {run + 1}: sixth photo closed -> final collage renamed into place {latencies[-1]:.0f} ms, process exited {1000 * (exited - closed):.0f} ms, status {proc.returncode}")
    shutil.rmtree(work)
print(f"median latency over {runs} runs: {statistics.median(latencies):.0f} ms (12 MP JPEGs, 1800x1200 output, release build)")

work = tempfile.mkdtemp(prefix="collage-watch-idle-")
proc = subprocess.Popen([collage, "watch", work, "-o", os.path.join(work, "c.jpg")], stderr=subprocess.DEVNULL)
time.sleep(1)
before = cpu_seconds(proc.pid)
time.sleep(idle)
after = cpu_seconds(proc.pid)
proc.send_signal(signal.SIGINT)
proc.wait(timeout=10)
print(f"idle watch: {after - before:.3f} s CPU (user+system) in {idle:.0f} s; exit status {proc.returncode} after SIGINT")
shutil.rmtree(work)

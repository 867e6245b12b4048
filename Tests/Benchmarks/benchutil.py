"""What the benchmark scripts share: waiting for a line in a log, a process's CPU time, and
distinct pictures for a booth (with Pillow)."""
import os
import time


def wait_for(path, text, timeout=60):
    """Returns once `text` is in the file at `path`; exits the script after `timeout` seconds
    (a hang guard, not a measurement)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open(path) as f:
            if text in f.read():
                return
        time.sleep(0.005)
    raise SystemExit(f"timed out after {timeout} s waiting for {text!r} in {path}")


def cpu_seconds(pid):
    """User plus system CPU seconds a running process has used, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def picture(rng, width, height):
    """A distinct picture (a PIL image): a random gradient with random shapes on it, so every
    one has its own difference hash. `rng` is the script's random.Random, for repeatable runs."""
    from PIL import Image, ImageDraw
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    a, b = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(2)]
    for y in range(0, height, 4):
        t = y / height
        draw.rectangle([0, y, width, y + 4], fill=tuple(int(a[i] * (1 - t) + b[i] * t) for i in range(3)))
    for _ in range(8):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(width // 12, width // 3)
        shape = draw.ellipse if rng.random() < 0.5 else draw.rectangle
        shape([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    return image

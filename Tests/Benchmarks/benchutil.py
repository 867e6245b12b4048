"""What the benchmark scripts share: waiting for a line in a log, and a process's CPU time."""
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

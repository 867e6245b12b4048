#!/usr/bin/python3
"""Runs the shell examples in Markdown files against the built binary, as trycmd does: docs that
cannot drift from the tool (`make doc-test`, part of `make test`).

Every fenced block whose language is console, sh, bash or shell is an example, and each one runs,
in a fresh temporary folder, unless its info string says why not: ```console norun: needs a printer.

- ```console blocks are terminal sessions: a line `$ command` (continued by a trailing `\\`) is
  typed, the lines under it are what it prints (stdout and stderr together, as a terminal shows
  them), compared line by line. In a shown line `[..]` stands for any text; a line `...` stands
  for any number of lines. A command that exits non-zero must be followed by `$ echo $?`, which
  shows its status (each command runs in its own bash, with `$?` carried over).
  A line `^C` in a command's output is Ctrl-C: the runner waits until the lines above it have
  been printed, then sends SIGINT to the command's process group, as a terminal does; the lines
  after it are what the command prints while it stops.
- ```sh (bash, shell) blocks are scripts: they run with `set -euo pipefail` and must exit 0;
  their output is not compared.

The info string may name fixtures to copy into the folder first: `setup=trip,logo` (the sets are
SETUPS below). The text beside the block says where those photos are ("the photos in trip/").
Stand-ins go first on PATH (Tests/EndToEnd/stand-ins: an `lp` that prints as CUPS's does and
keeps the files it was given), then the folder with the binary under test.

Usage: doc-test.py --binary DIR FILE.md ...
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

# A run started with SIGINT ignored (`nohup … &`, a CI runner's background job) hands that on to
# every command it starts, so a Ctrl-C shown in an example would not end `jq` as a terminal's
# does: with a handler here, the commands start with the default again (exec resets a caught
# signal, never an ignored one).
signal.signal(signal.SIGINT, signal.default_int_handler)

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(REPOSITORY, "Fixtures")
STAND_INS = os.path.join(HERE, "stand-ins")
SHELL_LANGUAGES = {"console", "sh", "bash", "shell"}
COMMAND_SECONDS = 120

# folder (relative to the example's folder) -> fixtures copied into it, as "name" or "new name=fixture":
# the photos the text names.
SETUPS = {
    # A phone's camera folder: photos, a portrait, the same photo saved twice, an iPhone's HEIC.
    "phone": {"phone": ["IMG_0410.jpg=autumn.jpg", "IMG_0411.jpg=portrait.jpg", "IMG_0412.jpg=kite.jpg",
                        "IMG_0413.jpg=kite-copy.jpg", "IMG_0414.HEIC=cups-exif6.heic", "IMG_0415.jpg=path.jpg",
                        "IMG_0416.jpg=eveningglow.jpg"]},
    # Holiday photos: four landscapes, a portrait, a square crop, and a second copy of one.
    "trip": {"trip": ["autumn.jpg", "bythewater.jpg", "kite.jpg", "kite2.jpg=kite-copy.jpg", "path.jpg", "portrait.jpg",
                      "square.jpg"]},
    "strip": {"strip": ["autumn.jpg", "kite.jpg", "path.jpg", "eveningglow.jpg"]},
    "albums": {"albums/paris": ["autumn.jpg", "kite.jpg", "path.jpg"], "albums/rome": ["eveningglow.jpg", "fallenleaf.jpg"]},
    # What the booth's camera uploads: six guests' shots.
    "camera": {"camera": ["booth-1.jpg", "booth-2.jpg", "booth-3.jpg", "booth-4.jpg", "booth-5.jpg", "booth-6.jpg"]},
    "logo": {".": ["logo.png", "frame.png", "border.png=frame-border.png"]},
    # The wedding booth's settings file, as docs/ ships it.
    "booth-config": {".": ["booth.toml=../docs/booth.toml"]},
    "formats": {".": ["cups-exif6.jpg", "cups-exif6.heic", "eveningglow.avif", "kite.webp", "cups-p3.jpg", "kite.jpg"]},
}


class Example:
    def __init__(self, path, line, language, info, lines):
        self.path, self.line, self.language, self.info, self.lines = path, line, language, info, lines

    @property
    def name(self):
        return f"{os.path.relpath(self.path, REPOSITORY)}:{self.line}"

    @property
    def norun(self):
        match = re.search(r"\bnorun:\s*(.*)$", self.info)
        return match.group(1).strip() if match else None

    @property
    def setups(self):
        match = re.search(r"\bsetup=(\S+)", self.info)
        return match.group(1).split(",") if match else []


def examples_in(path):
    """The shell blocks of one Markdown file, in order."""
    found, fence, block = [], None, None
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if fence is None:
                match = re.match(r"^(`{3,})\s*(\S*)\s*(.*)$", line)
                if match:
                    fence = match.group(1)
                    language, info = match.group(2), match.group(3)
                    block = Example(path, number, language, info, []) if language in SHELL_LANGUAGES else None
            elif line.startswith(fence) and line.strip() == fence:
                if block is not None:
                    found.append(block)
                fence, block = None, None
            elif block is not None:
                block.lines.append(line)
    return found


def commands_of(example):
    """[(command, shown output lines)] of a console block."""
    commands, pending = [], None
    for line in example.lines:
        if pending is not None and pending[0].endswith("\\"):
            pending[0] = pending[0] + "\n" + line
        elif line.startswith("$ "):
            pending = [line[2:], []]
            commands.append(pending)
        elif pending is None:
            raise Failure(f"{example.name}: a line before the first `$ `: {line!r}")
        else:
            pending[1].append(line)
    return [(command, output) for command, output in commands]


class Failure(Exception):
    pass


def line_matches(shown, actual):
    pattern = ".*".join(re.escape(part) for part in shown.rstrip().split("[..]"))
    return re.fullmatch(pattern, actual.rstrip()) is not None


def matches(shown, actual):
    """Whether the actual lines are the shown ones, with `...` lines standing for any lines."""
    memo = {}

    def match(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(shown):
            result = j == len(actual)
        elif shown[i].strip() == "...":
            result = any(match(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and line_matches(shown[i], actual[j]) and match(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return match(0, 0)


def difference(example, command, shown, actual):
    return (f"{example.name}: `{command}` printed other lines than shown.\n--- shown\n" + "\n".join(shown)
            + "\n--- printed\n" + "\n".join(actual))


class Running:
    """A command in bash in its own process group, its stdout and stderr read as one stream."""

    def __init__(self, command, folder, environment, status):
        self.process = subprocess.Popen(["bash", "-c", f"(exit {status}); {command}"], cwd=folder, env=environment,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        self.output, self.lock = b"", threading.Lock()
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        while True:
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return
            with self.lock:
                self.output += chunk

    def lines(self):
        with self.lock:
            text = self.output.decode("utf-8", "backslashreplace")
        return text.splitlines()

    def interrupt(self):
        os.killpg(self.process.pid, signal.SIGINT)

    def finish(self, seconds):
        """The exit status as a shell gives it (128 + the signal that ended it), or None after a timeout."""
        try:
            status = self.process.wait(timeout=seconds)
            if status < 0:
                status = 128 - status
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            status = None
        self.reader.join()
        return status


def prepare(example, folder):
    for setup in example.setups:
        if setup not in SETUPS:
            raise Failure(f"{example.name}: no setup named {setup!r} (the runner's SETUPS: {', '.join(SETUPS)})")
        for subfolder, names in SETUPS[setup].items():
            os.makedirs(os.path.join(folder, subfolder), exist_ok=True)
            for name in names:
                target, _, fixture = name.partition("=")
                shutil.copyfile(os.path.join(FIXTURES, fixture or target), os.path.join(folder, subfolder, target))


def run_console(example, folder, environment):
    status = 0
    commands = commands_of(example)
    for index, (command, shown) in enumerate(commands):
        shows_status = index + 1 < len(commands) and commands[index + 1][0].strip() == "echo $?"
        running = Running(command, folder, environment, status)
        if "^C" in shown:
            cut = shown.index("^C")
            before, after = shown[:cut], shown[cut + 1:]
            deadline = time.monotonic() + COMMAND_SECONDS
            while not matches(before, running.lines()):
                if running.process.poll() is not None or time.monotonic() > deadline:
                    running.finish(1)
                    raise Failure(difference(example, command, before, running.lines())
                                  + "\n(the command ended, or took too long, before printing what is shown above ^C)")
                time.sleep(0.05)
            printed = len(running.lines())
            running.interrupt()
            status = running.finish(COMMAND_SECONDS)
            actual = running.lines()
            if status is None:
                raise Failure(f"{example.name}: `{command}` did not stop within {COMMAND_SECONDS} s of Ctrl-C")
            if not matches(after, actual[printed:]):
                raise Failure(difference(example, command, shown, actual[:printed] + ["^C"] + actual[printed:]))
        else:
            status = running.finish(COMMAND_SECONDS)
            actual = running.lines()
            if status is None:
                raise Failure(f"{example.name}: `{command}` did not end within {COMMAND_SECONDS} s")
            if not matches(shown, actual):
                raise Failure(difference(example, command, shown, actual))
        if status != (130 if "^C" in shown else 0) and not shows_status and command.strip() != "echo $?":
            raise Failure(f"{example.name}: `{command}` exited {status}; show it with `$ echo $?` on the next line")
    return len(commands)


def run_script(example, folder, environment):
    running = Running("set -euo pipefail\n" + "\n".join(example.lines), folder, environment, 0)
    status = running.finish(COMMAND_SECONDS * 2)
    if status is None:
        raise Failure(f"{example.name}: the script did not end within {COMMAND_SECONDS * 2} s")
    if status != 0:
        raise Failure(f"{example.name}: the script exited {status}:\n" + "\n".join(running.lines()))
    return sum(1 for line in example.lines if line.strip() and not line.lstrip().startswith("#"))


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as handle:
        text = re.sub(r"(?ms)^```.*?^```", "", handle.read())
    return {slug(match) for match in re.findall(r"(?m)^#+ (.*)$", text)}


def broken_links(path):
    """Links to files of the repository, or to headings, that lead nowhere."""
    with open(path, encoding="utf-8") as handle:
        text = re.sub(r"(?ms)^```.*?^```", "", handle.read())
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        linked = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(linked):
            broken.append(f"{os.path.relpath(path, REPOSITORY)}: a link to {target}: no such file")
        elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
            broken.append(f"{os.path.relpath(path, REPOSITORY)}: a link to {target}: no such heading")
    return broken


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the folder holding the collage binary under test")
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(os.path.join(binary, "collage"), os.X_OK):
        sys.exit(f"doc-test: no collage binary in {binary}")

    started = time.monotonic()
    ran = commands = 0
    skipped, failures = [], []
    for path in arguments.files:
        failures += broken_links(path)
        for example in examples_in(path):
            if example.norun is not None:
                if not example.norun:
                    failures.append(f"{example.name}: `norun:` must say why the example does not run")
                skipped.append(f"{example.name}: {example.norun}")
                continue
            folder = tempfile.mkdtemp(prefix="collage-doc-test-")
            environment = dict(os.environ, PATH=f"{STAND_INS}:{binary}:{os.environ['PATH']}", HOME=folder, LC_ALL="C.UTF-8")
            environment.pop("NO_COLOR", None)
            try:
                prepare(example, folder)
                if example.language == "console":
                    commands += run_console(example, folder, environment)
                else:
                    commands += run_script(example, folder, environment)
                ran += 1
            except Failure as failure:
                failures.append(str(failure))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    for failure in failures:
        print(f"FAILED {failure}\n", file=sys.stderr)
    for reason in skipped:
        print(f"not run: {reason}")
    print(f"doc-test: {ran} examples ({commands} commands) run, {len(skipped)} not run, {len(failures)} failed, "
          f"in {time.monotonic() - started:.1f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

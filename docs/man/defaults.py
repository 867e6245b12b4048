#!/usr/bin/python3
"""Puts each option's default into the man page, as `--help` shows it.

swift-argument-parser's generate-manual writes an option's abstract but not its default, so the
page said nothing of `--quality 90` or `--throttle 0.5s`. The defaults come from the binary's own
`--experimental-dump-help` (the same values `--help` prints), matched to the page's `.It Fl -NAME`
items inside each subcommand's `.It Em NAME` section. The page is edited in place.

Usage: defaults.py BINARY PAGE
"""
import json
import subprocess
import sys


def defaults(command, path, table):
    """(subcommand path, long option name) -> default, for every displayed option."""
    for argument in command.get("arguments", []):
        names = [n["name"] for n in argument.get("names", []) if n["kind"] == "long"]
        if argument.get("shouldDisplay") and "defaultValue" in argument and names:
            table[(path, names[0])] = argument["defaultValue"]
    for sub in command.get("subcommands", []):
        defaults(sub, path + (sub["commandName"],), table)
    return table


def escaped(text):
    """A text line for mdoc: backslashes escaped, never read as a request."""
    return "\\&" + text.replace("\\", "\\e")


def main(binary, page):
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    table = defaults(dump["command"], (), {})
    lines = open(page, encoding="utf-8").read().split("\n")
    out, path, depth, pending = [], [], 0, None
    for line in lines:
        if pending is not None and (line.startswith(".It") or line.startswith(".El")):
            out.append(escaped(f"(default: {pending})"))
            pending = None
        if line.startswith(".Bl"):
            depth += 1
        elif line.startswith(".El"):
            depth -= 1
            # Leaving a subcommand's own list ends its section.
            while len(path) > max(depth - 1, 0):
                path.pop()
        elif line.startswith(".It Em "):
            del path[max(depth - 1, 0):]
            path.append(line[len(".It Em "):].strip())
        elif line.startswith(".It Fl "):
            # `.It Fl -quality Ar quality`, `.It Fl o , -output Ar file`: the long name.
            longs = [word[1:] for word in line.split()[2:] if word.startswith("-")]
            pending = table.get((tuple(path), longs[0])) if longs else None
        out.append(line)
        if pending is not None and not line.startswith(".It"):
            out.append(escaped(f"(default: {pending})"))
            pending = None
    open(page, "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main(*sys.argv[1:])

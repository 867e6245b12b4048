#!/usr/bin/env python3
"""The package's module graph, checked against its sources and its docs.

- Every target imports only what Package.swift declares for it (its direct dependencies, the
  system's modules, a C target's own headers): a module reached only through another target's
  dependencies would link by luck.
- The printer (CollagePrinting) and the server (CollageServer) reach no codec (CollageCodecs,
  CCollageCodecs), even through the modules they depend on.
- docs/development.md's module table (between its `module-graph` markers) is this graph:
  `--write` makes it from Package.swift; without it, a table that differs fails.

Usage: Tests/EndToEnd/module-graph.py [--write]   (from the repository; runs `swift package dump-package`)
Exit status 1, with a line per fault.
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "development.md")
BEGIN, END = "<!-- module-graph: made by Tests/EndToEnd/module-graph.py --write -->", "<!-- /module-graph -->"
SYSTEM = {"Swift", "Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "_Concurrency", "Testing", "XCTest",
          "PackagePlugin", "Darwin", "os", "CoreFoundation"}
# No codec may be reached from these.
CODEC_FREE = {"CollagePrinting": {"CollageCodecs", "CCollageCodecs"}, "CollageServer": {"CollageCodecs", "CCollageCodecs"}}


def package():
    dumped = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(dumped.stdout)


def dependencies(target):
    """A target's direct dependencies: (name, is a product)."""
    found = []
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                found.append((dependency[kind][0], kind == "product"))
    return found


def folder(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    kind = "Tests" if target["type"] == "test" else "Plugins" if target["type"] == "plugin" else "Sources"
    return os.path.join(ROOT, kind, target["name"])


def imports(path):
    found = set()
    for root, _, files in os.walk(path):
        for name in files:
            if name.endswith(".swift"):
                for line in open(os.path.join(root, name), encoding="utf-8"):
                    # Swift's imports start their line (a script inside a string is indented).
                    match = re.match(r"(?:@\w+(?:\([^)]*\))?\s+)*(?:public |internal |private |fileprivate |package )?import (?:(?:struct|class|enum|func|var|protocol) )?([\w]+)", line)
                    if match:
                        found.add(match.group(1))
    return found


def reach(name, graph, seen=None):
    seen = set() if seen is None else seen
    for dependency in graph.get(name, []):
        if dependency not in seen:
            seen.add(dependency)
            reach(dependency, graph, seen)
    return seen


def table(targets):
    ours = {t["name"] for t in targets}
    short = lambda name: name[len("Collage"):] if name.startswith("Collage") and name in ours else name
    rows = ["| module | depends on |", "| --- | --- |"]
    for target in targets:
        if target["type"] not in ("regular", "executable", "system"):
            continue
        direct = [name for name, _ in dependencies(target)]
        rows.append(f"| `{target['name']}` | {', '.join(short(n) for n in direct) if direct else 'nothing'} |")
    return "\n".join(rows)


def main():
    targets = package()["targets"]
    faults = []
    graph = {t["name"]: [n for n, _ in dependencies(t)] for t in targets}
    for target in targets:
        if target["type"] in ("system", "plugin"):
            continue
        declared = {name for name, _ in dependencies(target)} | {target["name"]}
        for module in sorted(imports(folder(target)) - declared - SYSTEM):
            faults.append(f"{target['name']} imports {module}, which Package.swift does not declare for it")
    for name, banned in CODEC_FREE.items():
        for module in sorted(reach(name, graph) & banned):
            faults.append(f"{name} reaches {module}: the printer and the server must link no codec")
    text = open(DOC, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        faults.append(f"docs/development.md has no {BEGIN} … {END} table")
    else:
        made = f"{BEGIN}\n{table(targets)}\n{END}"
        start, end = text.index(BEGIN), text.index(END) + len(END)
        if "--write" in sys.argv[1:]:
            open(DOC, "w", encoding="utf-8").write(text[:start] + made + text[end:])
        elif text[start:end] != made:
            faults.append("docs/development.md's module table is not the package's graph: run Tests/EndToEnd/module-graph.py --write")
    for fault in faults:
        print(f"module-graph: {fault}")
    return 1 if faults else 0


sys.exit(main())

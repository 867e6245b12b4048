#!/bin/bash
# Renders a built man page with man(1) and checks the sections docs/man/complete.sh adds: every
# exit code in EXIT STATUS, every COLLAGE_* variable the sources read (and NO_COLOR) in
# ENVIRONMENT, the booth's files in FILES, EXAMPLES and SEE ALSO; and that man renders it without
# a warning. Used by `make doc-test` (on the debug binary's page) and Tests/EndToEnd/install.sh.
# With BINARY, every default its subcommands' --help shows must be on the page too (generate-manual
# leaves defaults out; docs/man/defaults.py puts them in).
# Usage: man-check.sh PAGE [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "man-check: $1" >&2; exit 1; }
# man's warnings come on stderr; the page's own text may say "warning" (collage check's statuses).
page=$(MANWIDTH=100 man --warnings -l "$1" 2>/dev/null)
warned=$(MANWIDTH=100 man --warnings -l "$1" 2>&1 >/dev/null)
if [ -n "$warned" ]; then fail "man -l warned: $warned"; fi
grep -q '^COLLAGE(1)' <<<"$page" || fail "man -l did not render a COLLAGE(1) page"
# The text of one section: from its heading to the next heading (headings start in column 1).
section() { awk -v name="$1" '$0 == name { on = 1; next } /^[A-Z]/ { on = 0 } on' <<<"$page"; }
status=$(section "EXIT STATUS")
for code in 0 64 65 66 69 70 73 74 75 78 129 130 143 141; do
  grep -qE "^ +$code\b|, $code\b" <<<"$status" || fail "EXIT STATUS does not give the code $code"
done
grep -q '>0 if an error occurs' <<<"$status" && fail "EXIT STATUS still has the generic sentence"
# Each code's entry names every command and option docs/scripting.md's table names for it, and
# the key where that table says the key.
missing=$(python3 - "$status" <<'PY'
import re, sys
status = sys.argv[1]
entries, current = {}, None
for line in status.splitlines():
    found = re.match(r"^ {4,8}(\d+)(, \d+)*\s*$|^ {4,8}(\d+)\s{2,}", line)
    if found:
        current = found.group(1) or found.group(3)
        entries[current] = line
    elif current:
        entries[current] += " " + line
for row in open("docs/scripting.md"):
    cells = row.split("|")
    if len(cells) < 3 or not cells[1].strip().isdigit():
        continue
    code, meaning = cells[1].strip(), cells[2]
    entry = " ".join(entries.get(code, "").split())
    for words in re.findall(r"`([^`]+)`", meaning):
        for word in words.replace("collage ", "").split():
            if (word.startswith("--") or word in ("build", "watch", "check", "finish", "inspect", "key")) and word not in entry:
                print(f"{code}: {word}")
PY
)
[ -z "$missing" ] || fail "EXIT STATUS leaves out what docs/scripting.md says for: $(tr '\n' ' ' <<<"$missing")"
environment=$(section "ENVIRONMENT")
for variable in NO_COLOR $(grep -rhoE '"COLLAGE_[A-Z_]+"' Sources --include=*.swift | tr -d '"' | sort -u); do
  grep -q "$variable" <<<"$environment" || fail "ENVIRONMENT does not name $variable, which the sources read"
done
files=$(section "FILES")
for file in .booth.jpg.journal .booth.jpg.lock .booth-0002.jpg.4711.123.tmp; do
  grep -qF "$file" <<<"$files" || fail "FILES does not name $file"
done
for heading in NAME SYNOPSIS DESCRIPTION EXAMPLES "SEE ALSO"; do
  grep -q "^$heading\$" <<<"$page" || fail "no $heading section"
done
grep -q 'collage journal show' <<<"$(section EXAMPLES)" || fail "EXAMPLES has no journal example"
if [ -n "${2:-}" ]; then
  # One line per paragraph, so nothing is hyphenated or wrapped inside a default.
  flat=$(MANWIDTH=10000 man -l "$1" 2>/dev/null | tr -s ' ')
  for command in build watch finish inspect "journal show"; do
    while IFS= read -r default; do
      grep -qF -- "$default" <<<"$flat" || fail "collage $command --help shows $default, the man page does not"
    done < <(COLUMNS=1000 "$2" $command --help | grep -o '(default: [^)]*)')
  done
fi
echo "man-check: $1 renders, with every exit code, variable and file"

#!/bin/sh
# Completes the man page that swift-argument-parser's generate-manual made from `collage`'s own
# help (name, synopsis, every option): its generic EXIT STATUS ("0 on success, >0 on error") is
# replaced by the sections kept here in mdoc, in the order of their file names (ENVIRONMENT,
# FILES, EXIT STATUS, EXAMPLES, SEE ALSO, HISTORY), before AUTHORS. The page is edited in place.
# Usage: complete.sh PAGE
set -eu
page=$1
here=$(dirname "$0")
grep -q '^\.Sh "*EXIT STATUS' "$page" || { echo "complete.sh: no EXIT STATUS section in $page" >&2; exit 1; }
awk -v here="$here" '
  /^\.Sh "?EXIT STATUS"?$/ {
    command = "ls " here "/*.mdoc"
    while ((command | getline fragment) > 0) {
      while ((getline line < fragment) > 0) print line
      close(fragment)
    }
    close(command)
    skipping = 1
    next
  }
  /^\.Sh / { skipping = 0 }
  !skipping
' "$page" > "$page.tmp"
mv "$page.tmp" "$page"

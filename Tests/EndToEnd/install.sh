#!/bin/bash
# `make install` end to end: into a fresh prefix, then each installed piece used by its real
# client: the binary runs, `man -l` renders the page, bash loads the completion, zsh's and
# fish's name every subcommand. Uses the debug build `swift test` has just made.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d /tmp/collage-install-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

make --no-print-directory -s install CONFIG=debug PREFIX="$prefix" >/dev/null

version=$(grep -o '"[0-9]*\.[0-9]*\.[0-9]*"' Sources/collage/Version.swift | tr -d '"')
[ "$("$prefix/bin/collage" --version)" = "$version" ] || fail "collage --version is not $version"

page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/collage.1" 2>&1)
grep -q '^COLLAGE(1)' <<<"$page" || fail "man -l did not render a COLLAGE(1) page"
for word in build watch inspect --json --null --dry-run --limit --accept; do
  grep -q -- "$word" <<<"$page" || fail "the man page does not mention $word"
done
if grep -q 'warning' <<<"$page"; then fail "man -l warned: $(grep warning <<<"$page")"; fi

bash -c "source '$prefix/share/bash-completion/completions/collage' && complete -p collage" >/dev/null \
  || fail "bash did not register a completion for collage"
for shell_file in "share/zsh/site-functions/_collage" "share/fish/vendor_completions.d/collage.fish"; do
  for word in build watch inspect; do
    grep -q "$word" "$prefix/$shell_file" || fail "$shell_file does not complete $word"
  done
done
echo "install test: binary, man page and bash/zsh/fish completions installed and working under $prefix"

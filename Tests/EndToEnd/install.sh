#!/bin/bash
# `make install` end to end: the release binary (the Swift runtime linked in) into a fresh prefix,
# then each installed piece used by its real client: the binary says its version and commit,
# `man -l` renders the page, bash loads the completion, zsh's and fish's name every subcommand.
# Then the proof that it needs no Swift toolchain: no library from the toolchain's folder in its
# `ldd`, and a collage made with that folder hidden (a private mount namespace with an empty
# folder mounted over it: root only, skipped with the reason otherwise). Last, `make uninstall`
# leaves no file behind. The release build is .build-dist's, which `make deb` reuses.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d /tmp/collage-install-XXXXXX)
work=$(mktemp -d /tmp/collage-install-work-XXXXXX)
trap 'rm -rf "$prefix" "$work"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

make --no-print-directory -s install PREFIX="$prefix" >/dev/null
bin=$prefix/bin/collage

version=$(grep -o '"[0-9]*\.[0-9]*\.[0-9]*"' Sources/collage/Version.swift | tr -d '"')
expected="$version ($(git rev-parse --short=7 HEAD))"
[ "$("$bin" --version)" = "$expected" ] || fail "collage --version says '$("$bin" --version)', not '$expected'"

page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/collage.1" 2>/dev/null)
warned=$(MANWIDTH=100 man --warnings -l "$prefix/share/man/man1/collage.1" 2>&1 >/dev/null)
grep -q '^COLLAGE(1)' <<<"$page" || fail "man -l did not render a COLLAGE(1) page"
for word in build watch inspect --json --null --dry-run --limit --accept; do
  grep -q -- "$word" <<<"$page" || fail "the man page does not mention $word"
done
if [ -n "$warned" ]; then fail "man -l warned: $warned"; fi
bash Tests/EndToEnd/man-check.sh "$prefix/share/man/man1/collage.1" >/dev/null || fail "the installed man page is incomplete"

bash -c "source '$prefix/share/bash-completion/completions/collage' && complete -p collage" >/dev/null \
  || fail "bash did not register a completion for collage"
# What bash offers for the last word, as bash calls the function (command, word, previous word),
# in a folder holding a photo and a folder: photos, -o and watch's folder complete file names.
offered() {
  (cd "$names" && bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}; _collage "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix/share/bash-completion/completions/collage" collage "$@")
}
names=$(mktemp -d) && mkdir "$names/party" && : > "$names/kite.jpg" && : > "$names/booth.toml"
offered build k | grep -qx kite.jpg || fail "bash does not complete a photo's name after collage build"
offered build kite.jpg -o k | grep -qx kite.jpg || fail "bash does not complete a file name after -o"
offered watch p | grep -qx party || fail "bash does not complete a folder after collage watch"
offered check --config bo | grep -qx booth.toml || fail "bash does not complete a settings file after collage check --config"
rm -r "$names"
for shell_file in "share/zsh/site-functions/_collage" "share/fish/vendor_completions.d/collage.fish"; do
  for word in build watch inspect; do
    grep -q "$word" "$prefix/$shell_file" || fail "$shell_file does not complete $word"
  done
done

# The toolchain's folder: /opt/swift for /opt/swift/usr/bin/swiftc.
toolchain=$(realpath "$(dirname "$(realpath "$(command -v swiftc)")")/../..")
[ "$toolchain" != / ] || fail "swiftc is in /usr/bin: no toolchain folder to hide"
libraries=$(ldd "$bin")
if grep -q 'not found' <<<"$libraries"; then fail "ldd finds no $(grep 'not found' <<<"$libraries")"; fi
if grep -qF "$toolchain/" <<<"$libraries"; then fail "collage links from $toolchain: $(grep -F "$toolchain/" <<<"$libraries")"; fi
if grep -qE 'libswift|libFoundation|libdispatch|libBlocksRuntime' <<<"$libraries"; then
  fail "collage links Swift's runtime dynamically: $(grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime' <<<"$libraries")"
fi

# Runs "$@" with the toolchain's folder replaced by an empty one, in a mount namespace of its own.
hidden() {
  unshare --mount --propagation private sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' \
    sh "$work/empty" "$toolchain" "$@"
}
mkdir "$work/empty"
if [ "$(id -u)" -ne 0 ]; then
  hiding="SKIPPED running with $toolchain hidden: it takes root (unshare -m, mount --bind)"
elif ! refusal=$(hidden true 2>&1); then
  hiding="SKIPPED running with $toolchain hidden: unshare/mount refused here: $refusal"
else
  hidden sh -c '! ls "$1"/* >/dev/null 2>&1' sh "$toolchain" || fail "$toolchain is not empty in the namespace"
  # The control: a build that links the toolchain's runtime must fail there (swift test's debug build).
  control="no dynamically linked build to compare with"
  if [ -x .build/debug/collage ] && ldd .build/debug/collage | grep -qF "$toolchain/"; then
    if refusal=$(hidden .build/debug/collage --version 2>&1); then
      fail "the dynamically linked debug build ran with $toolchain hidden: the namespace hides nothing"
    fi
    control="where .build/debug/collage fails: ${refusal#*: }"
  fi
  [ "$(hidden "$bin" --version)" = "$expected" ] || fail "collage --version failed with $toolchain hidden"
  hidden "$bin" build Fixtures/autumn.jpg Fixtures/kite.jpg Fixtures/path.jpg -o "$work/collage.jpg" >/dev/null 2>"$work/log" \
    || fail "collage build failed with $toolchain hidden: $(cat "$work/log")"
  djpeg "$work/collage.jpg" >/dev/null || fail "the collage made with $toolchain hidden is not a JPEG"
  hiding="ran and made a collage with $toolchain hidden ($control)"
fi

make --no-print-directory -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"

echo "install test: binary ($expected), man page and bash/zsh/fish completions installed and working under $prefix;" \
  "links $(awk '{print $1}' <<<"$libraries" | sort | tr '\n' ' ')"
echo "install test: $hiding"
echo "install test: make uninstall removed every file"

#!/bin/bash
# `make package-test`: the .deb that `make deb` built, proved on a machine that has never seen
# Swift. lintian first (no errors); then a clean Debian 12 root (debootstrap minbase from the
# mirror this machine's apt uses, cached under .build-dist/package-test keyed on what went into
# it), where `apt-get install ./collage_*.deb` resolves the dependencies from the package's
# Depends, and collage is used as a user would: --version, build on fixtures, man collage, the
# bash completion. Then `apt-get purge --autoremove` must leave the root as it was.
# The root has man-db and bash-completion, what reading a man page and completing in bash take,
# and nothing else beyond minbase. Root only (debootstrap, chroot, mounts); the mounts live in a
# private mount namespace, so they end with the script however it ends.
# Usage: Tests/EndToEnd/package-test.sh [folder with the .deb and .changes]   (.build-dist/deb)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "package test: $*" >&2; exit 1; }
say() { echo "package test: $*"; }
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot, mount)"
if [ -z "${COLLAGE_PACKAGE_TEST_NAMESPACE:-}" ]; then
  exec env COLLAGE_PACKAGE_TEST_NAMESPACE=1 unshare --mount --propagation private bash "$0" "$@"
fi

deb_dir=${1:-.build-dist/deb}
debs=("$deb_dir"/collage_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one collage_*.deb in $deb_dir, found: ${debs[*]}"
deb=${debs[0]}
version=$(grep -o '"[0-9]*\.[0-9]*\.[0-9]*"' Sources/collage/Version.swift | tr -d '"')
expected="$version ($(git rev-parse --short=7 HEAD))"

say "lintian $deb_dir/*.changes"
lintian --fail-on error "$deb_dir"/*.changes || fail "lintian found errors"

# The root: Debian 12 minbase from this machine's mirror, with the same bookworm suites.
suite=bookworm
includes=man-db,bash-completion
sources=$(apt-get indextargets --format 'deb $(SITE) $(RELEASE) $(COMPONENT)' 'Created-By: Packages' \
  | grep -E "^deb [^ ]+ $suite(-[a-z]+)? " | sort -u)
mirror=$(awk -v suite=$suite '$3 == suite { print $2; exit }' <<<"$sources")
[ -n "$mirror" ] || fail "no $suite entry in this machine's apt sources"
key=$(printf '%s\n' "$suite minbase $includes" "$sources" "$(debootstrap --version)" | sha256sum | cut -c1-12)
cache=.build-dist/package-test/root-$key
if [ ! -d "$cache" ]; then
  say "debootstrap --variant=minbase --include=$includes $suite from $mirror (cached as $cache)"
  rm -rf --one-file-system "$cache.partial"
  mkdir -p "$(dirname "$cache")"
  debootstrap --variant=minbase --include=$includes $suite "$cache.partial" "$mirror" >"$cache.log" 2>&1 \
    || fail "debootstrap failed: $(tail -5 "$cache.log")"
  printf '%s\n' "$sources" >"$cache.partial/etc/apt/sources.list"
  mv "$cache.partial" "$cache"
fi
root=.build-dist/package-test/run
rm -rf --one-file-system "$root"
cp -a "$cache" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
inside() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
# Prints "$ command" and its output, the transcript.
shown() { echo "# $*"; inside "$@" 2>&1 | sed 's/^/  /'; return "${PIPESTATUS[0]}"; }
# Every path in the root but the package manager's own state, caches and logs.
paths() {
  inside find / -xdev \( -path /proc -o -path /dev -o -path /tmp -o -path /var/cache -o -path /var/log \
    -o -path /var/lib/apt -o -path /var/lib/dpkg \) -prune -o -print | sort
}

inside apt-get update -qq || fail "apt-get update failed in the root"
! inside sh -c 'command -v swift || command -v swiftc || ls -d /opt/swift /usr/lib/swift' >/dev/null 2>&1 \
  || fail "the root has Swift in it"
paths >"$root.before"
inside dpkg-query -W -f '${Package}\n' | sort >"$root.packages-before"

cp "$deb" "$root/tmp/"
shown apt-get install -y --no-install-recommends "/tmp/$(basename "$deb")" | grep -E '^#|additional|NEW|newly installed|^    [a-z0-9]' \
  || fail "apt-get install of $(basename "$deb") failed"
inside dpkg -s collage >/dev/null || fail "collage is not installed"

shown ldd /usr/bin/collage
if inside ldd /usr/bin/collage | grep -q 'not found'; then fail "a library is missing in the root"; fi
shown collage --version
[ "$(inside collage --version)" = "$expected" ] || fail "collage --version is not $expected"

mkdir "$root/tmp/photos"
cp Fixtures/autumn.jpg Fixtures/kite.jpg Fixtures/portrait.jpg Fixtures/kite-copy.jpg Fixtures/path.jpg "$root/tmp/photos/"
shown collage build /tmp/photos/autumn.jpg /tmp/photos/kite.jpg /tmp/photos/portrait.jpg \
  /tmp/photos/kite-copy.jpg /tmp/photos/path.jpg -o /tmp/collage.jpg || fail "collage build failed in the root"
djpeg -outfile "$root.ppm" "$root/tmp/collage.jpg" || fail "djpeg cannot read the collage"
header=$(head -c 20 "$root.ppm" | tr '\n' ' ')
grep -q '^P6 [0-9]* [0-9]* 255' <<<"$header" || fail "the collage does not decode to an image: $header"
say "djpeg reads /tmp/collage.jpg: ${header% 255 *}"

page=$(inside env MANPAGER=cat MANWIDTH=80 man collage 2>&1) || fail "man collage failed: $page"
head -3 <<<"$page" | sed 's/^/  /;1s/^/# man collage\n/'
grep -q '^COLLAGE(1)' <<<"$page" || fail "man collage did not show COLLAGE(1)"
for word in build watch inspect; do grep -q -- "$word" <<<"$page" || fail "man collage does not mention $word"; done

# Completion the way bash-completion loads it (on demand, from the package's path), for "collage b".
completion='. /usr/share/bash-completion/bash_completion
__load_completion collage || exit 1
function=$(complete -p collage | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
COMP_WORDS=(collage b); COMP_CWORD=1; COMP_LINE="collage b"; COMP_POINT=${#COMP_LINE}
"$function" collage b collage
printf "%s\n" "${COMPREPLY[@]}"'
replies=$(inside bash -c "$completion") || fail "bash-completion did not load collage's completion"
echo "# bash: collage b<TAB>"; sed 's/^/  /' <<<"$replies"
grep -qx 'build' <<<"$replies" || fail "bash completes 'collage b' without build: $replies"

inside dpkg -L collage >"$root.files"
for path in /usr/bin/collage /usr/share/man/man1/collage.1.gz /usr/share/bash-completion/completions/collage \
  /usr/share/zsh/vendor-completions/_collage /usr/share/fish/vendor_completions.d/collage.fish \
  /usr/share/doc/collage/examples/collage-booth.service /usr/share/doc/collage/copyright; do
  grep -qx "$path" "$root.files" || fail "the package has no $path"
done
unit=$root/usr/share/doc/collage/examples/collage-booth.service
exec_start=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$unit")
[ -x "$root$exec_start" ] || fail "the example unit starts $exec_start, which the package does not install"
if inside find /etc /usr/lib/systemd -name 'collage*' | grep -q .; then fail "the booth's unit is installed or enabled"; fi

# The service's key where the unit keeps it (StateDirectory=collage-booth: /var/lib/collage-booth,
# 0700, the service user's, which systemd names in $STATE_DIRECTORY): made there by that user
# (nobody stands in for booth) as `collage check` runs the unit's settings from its working folder.
inside install -d -o nobody -g nogroup -m 0700 /var/lib/collage-booth
inside install -d -o nobody -g nogroup /srv/booth/photos /srv/booth/prints
inside install -d /etc/collage
printf 'folder = "photos"\noutput = "prints/booth.jpg"\nbatches = true\n' >"$root/etc/collage/booth.toml"
shown setpriv --reuid=nobody --regid=nogroup --clear-groups env STATE_DIRECTORY=/var/lib/collage-booth HOME=/nonexistent \
  sh -c 'cd /srv/booth && collage check --config /etc/collage/booth.toml' || fail "collage check as the service's user failed"
key=$(inside stat -c '%U %a %s' /var/lib/collage-booth/key 2>&1) || fail "the service's user made no key in its state folder: $key"
[ "$key" = "nobody 600 32" ] || fail "the service's key is not nobody's, 32 bytes, mode 0600: $key"
inside rm -r /var/lib/collage-booth /srv/booth /etc/collage

# What a user's run leaves in their own home, as any program's: the key that signs collages'
# marks (~/.local/state/collage/key, 0600), made on first use. A purge does not touch users'
# homes; the user removes it, and nothing else may differ.
key=$(inside stat -c '%a %s' /root/.local/state/collage/key 2>&1) || fail "the run made no key in ~/.local/state/collage: $key"
[ "$key" = "600 32" ] || fail "the key is not 32 bytes, mode 0600: $key"
inside rm -r /root/.local/state/collage
inside sh -c 'rmdir -p /root/.local/state 2>/dev/null; true'

shown apt-get purge -y --autoremove collage | grep -E '^#|REMOVED|removed|^    [a-z0-9]' || fail "apt-get purge failed"
inside dpkg-query -W -f '${Package}\n' | sort >"$root.packages-after"
diff "$root.packages-before" "$root.packages-after" >/dev/null \
  || fail "packages differ after the purge: $(diff "$root.packages-before" "$root.packages-after" | grep '^[<>]' | tr '\n' ' ')"
paths >"$root.after"
diff "$root.before" "$root.after" >/dev/null \
  || fail "the purge left the root changed: $(diff "$root.before" "$root.after" | grep '^[<>]' | head -20 | tr '\n' ' ')"
# Not /var/cache/man: `man collage` left man-db's formatted copy of the page there, man-db's
# cache as for any page read, not a file of the package.
if inside find / -xdev \( -path /tmp -o -path /proc -o -path /var/cache/man \) -prune -o -name '*collage*' -print | grep .; then
  fail "files named collage are left"
fi
say "installed from Depends, ran --version, build, man and bash completion, purged: nothing left in a root with no Swift"

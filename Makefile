# Two commands set everything up on a fresh Debian machine:
#   make demo   builds collage and makes demo-collage.jpg from the bundled fixtures
#   make test   runs the whole test suite (with `make doc-test`: the docs' examples and the man page;
#               `make test-install` checks `make install` on the release build)
# Both install the system packages they need first when they are missing.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release binary, man page and completions
#   make bench                                     the benchmarks (see Tests/Benchmarks)

# Captions: FreeType rasterises, HarfBuzz shapes, fontconfig finds fonts; DejaVu is the default font.
# Phones' photos: libheif (HEIC, AVIF), libwebp; colour: lcms2. The booth's screen: libqrencode.
# The booth's printer (--printer): libcups.
DEPS := libjpeg-dev libpng-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev fonts-dejavu-core libqrencode-dev \
        libheif-dev libwebp-dev liblcms2-dev libcups2-dev
# What the tests use as real clients: jq reads the JSON, man renders the man page, djpeg and
# cjpeg are the other end of a pipe in the README's examples, jsonschema checks docs/*.schema.json,
# Pillow and exiftool read back the resolution written into print files, systemd-analyze
# verifies docs/collage-booth.service, gcc compiles the LD_PRELOAD shim that kills a booth at its
# journal's rename, strace holds an fsync so a signal lands while a collage is being written,
# tesseract reads captions back, hb-view draws the same text for comparison, Droid Sans Fallback
# is the CJK font fontconfig falls back to. `watch --serve` is tested with curl, a Python SSE
# client, headless Chromium driven by Selenium (Debian's python3-selenium: Debian 12's python3
# refuses pip installs into the system) and zbarimg reading the gallery's QR codes. --printer is
# tested against a real CUPS server the tests start (Tests/EndToEnd/cups-server.sh: Debian's
# cupsd, lpadmin and lpstat).
TEST_DEPS := jq man-db libjpeg-turbo-progs python3-jsonschema python3-pil python3-venv libimage-exiftool-perl systemd gcc strace \
             tesseract-ocr tesseract-ocr-eng tesseract-ocr-heb libharfbuzz-bin fonts-droid-fallback fonts-lohit-deva \
             curl zbar-tools chromium chromium-driver python3-selenium cups cups-client
# What `make deb` and `make package-test` use: Debian's packaging tools, lintian, debootstrap,
# djpeg (reads back the collage made in the clean root).
PACKAGE_DEPS := debhelper dpkg-dev git lintian debootstrap libjpeg-turbo-progs
# The one Python the tests run (Tests/CollageTestSupport/TestPython.swift): Debian's python3 in a
# venv that sees its packages (jsonschema), with Pillow and pillow-heif from PyPI, which Debian 12
# does not package; the colour tests compare against Pillow's ImageCms, the HEIF ones read with it.
TEST_PYTHON := .build/test-python/bin/python3
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DEMO := autumn.jpg portrait.jpg bythewater.jpg kite.jpg kite-copy.jpg cups-exif6.jpg \
        coldripple.jpg truncated.jpg eveningglow.jpg path.jpg

PREFIX ?= /usr/local
# What `make install` and `make deb` ship: a release build with the Swift runtime linked in
# (--static-swift-stdlib), so it needs Debian's libraries only, never /opt/swift. Its own scratch
# path, so the benchmarks' plain release build (.build/release) does not make it start over, and
# so the Debian build and the install test share one build. Paths are recorded relative to the
# package (prefix maps), and the Swift code is compiled without debug information (-gnone): with
# it, each object's .swift_modhash (an MD5 of its LLVM IR, kept in the binary) differed between
# two clean builds of the same commit in the same folder (CollageCodecs', which imports the C
# module), so the .deb did. The C code is fortified and the binary fully RELRO, as
# Debian's hardening asks. The commit comes in from Plugins/CollageBuildCommit. JOBS=1 limits
# the compiler jobs on a crowded machine; -j is part of every compile command, so a different
# JOBS builds everything again.
DIST := .build-dist
BIN := $(DIST)/release/collage
GENERATED := $(DIST)/generated
VERSION := $(shell sed -n 's/^ *static let number = "\(.*\)"$$/\1/p' Sources/collage/Version.swift)
COMMIT := $(shell git rev-parse --short=7 HEAD 2>/dev/null)
DIST_FLAGS := -c release --scratch-path $(DIST) --static-swift-stdlib $(if $(JOBS),-j $(JOBS)) \
  -Xswiftc -gnone -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xswiftc -prefix-serialized-debugging-options \
  -Xcc -ffile-prefix-map=$(CURDIR)=. -Xcc -D_FORTIFY_SOURCE=2 -Xlinker -z -Xlinker now
# The man page carries the date of the last commit, so the same source gives the same page.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

.PHONY: demo test test-install doc-test deps test-deps test-python build man completions install install-files uninstall version-check deb package-test \
        bench bench-floors bench-serve fuzz sanitize sanitize-full soak screen-heal kill-loop retake-race cups-races

define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEPS))

test-deps: deps
	$(call install_missing,$(TEST_DEPS))

demo: deps
	swift build --product collage
	.build/debug/collage build $(addprefix Fixtures/,$(DEMO)) -o demo-collage.jpg

$(TEST_PYTHON):
	$(call install_missing,python3-venv python3-pil)
	/usr/bin/python3 -m venv --system-site-packages .build/test-python
	$(TEST_PYTHON) -m pip install --quiet pillow pillow-heif

test-python: test-deps $(TEST_PYTHON)

# Two tests at a time. All at once on two cores, the tests of virtual time and real inotify
# waited for a thread behind the CPU-bound codec tests past their time limits (a limit counts
# from a test's start); one at a time, the end-to-end tests left a core idle while they waited
# for the executable (809 tests: 7 minutes, against 4.4 two at a time). The width is Swift
# Testing's own option, which `swift test` does not pass on: the test binary is run directly,
# every signal at its default action as `swift test` starts it (a background job ignores SIGINT,
# and the terminal's tests check what a raw terminal does to Ctrl-C's default).
test: test-python
	swift build --build-tests
	env --default-signal "$$(swift build --show-bin-path)/collagePackageTests.xctest" --testing-library swift-testing \
	  --experimental-maximum-parallelization-width 2
	$(MAKE) --no-print-directory doc-test

# `make install` end to end (Tests/EndToEnd/install.sh): the release build, installed, used by
# each piece's client, then uninstalled. Three minutes on a fresh clone (the release build, which
# `make deb` reuses), so not part of `make test`; CI runs it.
test-install: test-deps
	bash Tests/EndToEnd/install.sh

# Docs that cannot drift: every shell example in README.md and docs/ runs against the debug
# binary, in a fresh folder, its shown output compared (Tests/EndToEnd/doc-test.py, as trycmd
# does); then the man page is made from that binary as `make man` makes it from the release one,
# and checked with man(1) (Tests/EndToEnd/man-check.sh); and the package's module graph against its
# imports and docs/development.md's table (Tests/EndToEnd/module-graph.py). About a minute once built.
doc-test: test-deps
	swift build --product collage
	$(call man_page,.build/debug/collage,.build/tools,.build/generated)
	bash Tests/EndToEnd/man-check.sh .build/generated/collage.1 .build/debug/collage
	/usr/bin/python3 Tests/EndToEnd/doc-test.py --binary .build/debug README.md docs/*.md
	/usr/bin/python3 Tests/EndToEnd/module-graph.py

build: deps
	swift build $(DIST_FLAGS) --product collage

# Generated from the argument parser (swift-argument-parser's generate-manual tool and completion
# scripts), never written by hand. The tool is built from the argument parser's own checkout and
# run on the shipped binary: its plugin would build the whole package again, dynamically linked.
# What it cannot know (ENVIRONMENT, FILES, every exit code, EXAMPLES, SEE ALSO) is kept in
# docs/man/*.mdoc, put in by docs/man/complete.sh in place of its generic EXIT STATUS; each
# option's default, which generate-manual leaves out, is put in from the binary by docs/man/defaults.py.
# $(call man_page,BINARY,TOOLS SCRATCH PATH,OUTPUT FOLDER): the checkout is the binary's build's.
define man_page
	mkdir -p $(3)
	swift build --package-path $(dir $(2))checkouts/swift-argument-parser --scratch-path $(2) \
	  $(if $(JOBS),-j $(JOBS)) --product generate-manual
	$(2)/debug/generate-manual $(1) --date $(MAN_DATE) --authors "the collage developers" --output-directory $(3)
	sh docs/man/complete.sh $(3)/collage.1
	python3 docs/man/defaults.py $(1) $(3)/collage.1
endef
man: build
	$(call man_page,$(BIN),$(DIST)/tools,$(GENERATED))

# The bash script loses its #!: bash-completion sources it, never runs it.
completions: build
	mkdir -p $(GENERATED)
	$(BIN) --generate-completion-script bash | sed '1{/^#!/d}' > $(GENERATED)/collage.bash
	$(BIN) --generate-completion-script zsh > $(GENERATED)/_collage
	$(BIN) --generate-completion-script fish > $(GENERATED)/collage.fish

# What `make install` puts in place (and `make uninstall` removes). zsh looks in site-functions
# under /usr/local; Debian's package uses vendor-completions (debian/rules sets it).
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
INSTALLED := $(PREFIX)/bin/collage $(PREFIX)/share/man/man1/collage.1 \
  $(PREFIX)/share/bash-completion/completions/collage $(ZSH_COMPLETIONS)/_collage \
  $(PREFIX)/share/fish/vendor_completions.d/collage.fish

install: build man completions
	$(MAKE) --no-print-directory install-files

# Only copies: debian/rules calls it after its own build. The binary is stripped (its debug
# information is half its size); the Debian build leaves that to dh_strip, for collage-dbgsym.
INSTALL_STRIP ?= -s
install-files:
	install -D -m 755 $(INSTALL_STRIP) $(BIN) $(DESTDIR)$(PREFIX)/bin/collage
	install -D -m 644 $(GENERATED)/collage.1 $(DESTDIR)$(PREFIX)/share/man/man1/collage.1
	install -D -m 644 $(GENERATED)/collage.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/collage
	install -D -m 644 $(GENERATED)/_collage $(DESTDIR)$(ZSH_COMPLETIONS)/_collage
	install -D -m 644 $(GENERATED)/collage.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/collage.fish

# The files only: the folders (bin, share/man/man1...) are shared with everything else there.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# The built binary says the version in Version.swift and the commit it was built from.
version-check:
	@test "$$($(BIN) --version)" = "$(VERSION)$(if $(COMMIT), ($(COMMIT)))" \
	  || { echo "$(BIN) --version says '$$($(BIN) --version)', not '$(VERSION)$(if $(COMMIT), ($(COMMIT)))'"; exit 1; }

# The Debian package (debian/), built the Debian way by dpkg-buildpackage, into $(DEB_DIR) rather
# than the parent folder. The version is Version.swift's: debian/changelog must agree. File dates
# are the last commit's (SOURCE_DATE_EPOCH), so the same commit gives the same .deb.
DEB_DIR := $(DIST)/deb
deb: deps
	$(call install_missing,$(PACKAGE_DEPS))
	@test "$$(dpkg-parsechangelog -S Version)" = "$(VERSION)" \
	  || { echo "debian/changelog is at $$(dpkg-parsechangelog -S Version), Version.swift at $(VERSION): add a changelog entry (dch -v $(VERSION))"; exit 1; }
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct) COLLAGE_DEB_DIR=$(CURDIR)/$(DEB_DIR) \
	  dpkg-buildpackage -b -us -uc \
	  --buildinfo-file=$(DEB_DIR)/collage_$(VERSION)_$$(dpkg --print-architecture).buildinfo --buildinfo-option=-u$(DEB_DIR) \
	  --changes-file=$(DEB_DIR)/collage_$(VERSION)_$$(dpkg --print-architecture).changes --changes-option=-u$(DEB_DIR)
	@ls -l $(DEB_DIR)

# The .deb installed into a clean Debian 12 root (debootstrap, no Swift), used there, removed:
# see Tests/EndToEnd/package-test.sh. Root, network to the apt mirror.
package-test: deb
	bash Tests/EndToEnd/package-test.sh $(DEB_DIR)

# Six generated 12 MP JPEGs against the bare decodes, ImageMagick and libvips (installs them), on all
# cores and on one; start-up, 1,000 refused photos, watch CPU against builds; then watch's latency
# and idle CPU; then six 12 MP grid HEICs (made by pillow-heif, in the tests' Python) against
# libheif's bare decodes and libvips; then `build --pages` (300 distinct 12 MP JPEGs to 50 pages)
# against the decode floor, montage and per-page builds, its memory and time curve up to 3,000
# photos and its duplicate check on 10,000: see Tests/Benchmarks.
bench: deps $(TEST_PYTHON)
	TEST_PYTHON=$(TEST_PYTHON) bash Tests/Benchmarks/floors-benchmark.sh
	bash Tests/Benchmarks/build-benchmark.sh
	/usr/bin/python3 Tests/Benchmarks/watch-benchmark.py
	bash Tests/Benchmarks/heic-benchmark.sh
	TEST_PYTHON=$(TEST_PYTHON) bash Tests/Benchmarks/pages-benchmark.sh

# The rows the performance issues set targets on, each a paired median ratio against its floor.
bench-floors: deps $(TEST_PYTHON)
	TEST_PYTHON=$(TEST_PYTHON) bash Tests/Benchmarks/floors-benchmark.sh

# `watch --serve`: rename-to-SSE latency, wrk on /collages/NAME while the watch saves, the
# watch's CPU with 64 live pages against none, and 100 phones on a gallery of 500 collages
# (installs wrk; `serve-benchmark.py gallery` runs the last alone).
bench-serve: deps
	$(call install_missing,wrk curl)
	swift build -c release --product collage
	/usr/bin/python3 Tests/Benchmarks/serve-benchmark.py

# A whole day in a photo booth: see Tests/Benchmarks/booth-soak.py (Debian's python3 with
# python3-pil, Chromium and Selenium): 520 strips, restarts, a jamming printer, phones, floods and
# the screen in a real browser, every promise judged from evidence the booth does not write; about
# 25 minutes. SOAK=--short is CI's version (80 strips, about three minutes); SOAK=--cups prints
# through a real CUPS queue (a private cupsd; see soak_cups.py) instead; SOAK_COLLAGE=PATH
# plays another build (CI gives the one `make test-install` built).
SOAK_COLLAGE ?= .build/release/collage
soak: test-deps
	$(if $(filter .build/release/collage,$(SOAK_COLLAGE)),swift build -c release --product collage)
	/usr/bin/python3 Tests/Benchmarks/booth-soak.py --collage $(SOAK_COLLAGE) $(SOAK)

# The live screen healing, in Chromium: 20 rounds each of a SIGTERM, a SIGKILL and a crash of the
# booth, the screen's connections dropped, and its pictures failing to load, each held to 2 s
# from the booth answering again to the newest collage with its own code on the screen
# (Tests/EndToEnd/serve/live_heal_test.py; the suite runs two rounds with no time held). About
# three minutes.
screen-heal: test-deps
	swift build -c release --product collage
	/usr/bin/python3 Tests/EndToEnd/serve/live_heal_test.py .build/release/collage Fixtures .build/screen-heal --rounds 20 --within 2

# The CUPS end-to-end suite ten times over: its restarts ask cupsd about a job it finished a
# moment ago, which cupsd answered without its name once it had put the job away (issue 42; the
# booth now asks for job-uuid, which makes cupsd read the job back). Each round names its failures.
cups-races: test-deps
	swift build --build-tests
	for round in 1 2 3 4 5 6 7 8 9 10; do env --default-signal "$$(swift build --show-bin-path)/collagePackageTests.xctest" \
	  --testing-library swift-testing --filter CupsPrintingEndToEndTests || exit 1; done

# A retake landing while the booth reads the 27 MP shot it replaces (renamed over, deleted then
# saved, copied over), 20 times each, on the release build: see Tests/EndToEnd/retake-race.py.
# `make test` runs it twice each with an 8 MP shot (RetakeRaceEndToEndTests).
retake-race: test-deps $(TEST_PYTHON)
	swift build -c release --product collage
	$(TEST_PYTHON) Tests/EndToEnd/retake-race.py --collage .build/release/collage --times 20 --megapixels 27

# A booth losing power again and again: see Tests/Benchmarks/booth-kill-loop.py (python3 with
# Pillow; about a minute): at least 50 SIGKILLs while photos arrive, then every photo and collage
# checked.
kill-loop: test-deps
	swift build -c release --product collage
	/usr/bin/python3 Tests/Benchmarks/booth-kill-loop.py

# The suite under ThreadSanitizer, then under AddressSanitizer with LeakSanitizer, each in its
# own scratch path. ThreadSanitizer runs every in-process suite (the
# booth's run, routes, printing and pipeline run there, on their real threads) and, of the
# end-to-end suites, the booth's own (its server, printer and journal at once; sanitize-full adds
# the live screen under real clients, four minutes more): the other end-to-end suites spend
# 800 of TSan's 900 s in single-threaded decodes it has nothing to say about. Synchronization.Mutex is refused first: TSan cannot see it lock (its
# futex path lives in the uninstrumented standard library), so every contended withLock would be
# reported as a race; the sources use Locked (Sources/CollageLocking) instead. LeakSanitizer
# skips only the toolchain's own leaks, listed with reasons in Tests/Sanitizers/lsan.supp; the
# tool itself, run by the end-to-end tests, is checked like everything else in sanitize-full.
# ThreadSanitizer runs one test at a time: instrumented code runs several times slower, and on
# two cores tests running side by side starved each other past their time limits (which are
# there to catch hangs, not slowness).
LSAN := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0
# ASan's allocator has no M_PERTURB: it fills every allocation itself, as the tool asks glibc to
# once libheif is loaded (heif_library.c), so a damaged HEVC frame decodes the same every time.
ASAN := ASAN_OPTIONS=max_malloc_fill_size=2147483647:malloc_fill_byte=0
# AddressSanitizer runs the in-process suites (every C edge: codecs, colour, inotify, folders,
# CUPS, the print command's spawn), two at a time as `make test` does: they are short, so side by
# side they do not starve. `make sanitize-full` adds the end-to-end suites, the tool itself under
# ASan and LSan, one at a time (about twenty minutes more): CI runs the first.
ASAN_TESTS ?= --skip CollageEndToEndTests
TSAN_END_TO_END ?= BoothSafetyEndToEndTests
sanitize: test-python
	@if grep -rnE '^[^/]*\bMutex *[<(]' Sources Tests --include='*.swift'; then \
	  echo "Synchronization.Mutex is invisible to ThreadSanitizer: use Locked (Sources/CollageLocking)"; exit 1; fi
	swift test --sanitize=thread --scratch-path .build-tsan --no-parallel --skip CollageEndToEndTests
	swift test --sanitize=thread --scratch-path .build-tsan --no-parallel --skip-build \
	  --filter 'CollageEndToEndTests\.$(TSAN_END_TO_END)'
	swift build --build-tests --sanitize=address --scratch-path .build-asan
	$(LSAN) $(ASAN) env --default-signal .build-asan/debug/collagePackageTests.xctest --testing-library swift-testing \
	  --experimental-maximum-parallelization-width 2 $(ASAN_TESTS)

sanitize-full: test-python
	swift build --build-tests --sanitize=thread --scratch-path .build-tsan
	swift test --sanitize=thread --scratch-path .build-tsan --no-parallel --skip-build \
	  --filter 'CollageEndToEndTests\.ServeEndToEndTests'
	swift build --build-tests --sanitize=address --scratch-path .build-asan
	$(LSAN) $(ASAN) env --default-signal .build-asan/debug/collagePackageTests.xctest --testing-library swift-testing \
	  --experimental-maximum-parallelization-width 1

# libFuzzer over the untrusted-input path (sniff, header, EXIF, decode at every DCT scale: see
# Sources/CollageFuzz), with AddressSanitizer, seeded from Fixtures/. Non-zero on a finding,
# which is left in .build-fuzz/findings/. Its own scratch path: instrumented objects never mix
# with ordinary ones. The flags are spelt out: SwiftPM's `--sanitize fuzzer --sanitize address`
# hands swiftc two -sanitize= flags and the last one wins, which leaves the Swift code without
# coverage or without ASan. `--sanitize fuzzer` stays, so SwiftPM links libFuzzer's main.
#
# With instrumented libjpeg-turbo and libpng in .build-fuzz/codecs (Tests/Fuzz/build-codecs.sh
# makes them from the system's versions' sources), the fuzzer links those instead: it then
# follows coverage inside the decoders, and ASan checks their writes into collage's buffers.
FUZZ_SECONDS ?= 60
FUZZ_CODECS := $(if $(wildcard .build-fuzz/codecs/lib/libjpeg.a),-Xlinker -L$(CURDIR)/.build-fuzz/codecs/lib -Xlinker -lz -Xlinker -lm)
FUZZ_BUILD := --product CollageFuzz --scratch-path .build-fuzz --sanitize fuzzer \
              -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
              -Xswiftc -DCOLLAGE_FUZZING -Xswiftc -use-ld=lld $(FUZZ_CODECS)
FUZZ_RUN := -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build-fuzz/findings/ -print_final_stats=1
fuzz: deps
	swift build $(FUZZ_BUILD)
	mkdir -p .build-fuzz/corpus .build-fuzz/findings
	$(LSAN) $(ASAN) SWIFT_BACKTRACE=enable=no .build-fuzz/debug/CollageFuzz -max_total_time=$(FUZZ_SECONDS) $(FUZZ_RUN) .build-fuzz/corpus Fixtures

# Two commands set everything up on a fresh Debian machine:
#   make demo   builds collage and makes demo-collage.jpg from the bundled fixtures
#   make test   runs the whole test suite
# Both install the system packages they need first when they are missing.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release binary, man page and completions
#   make bench                                     the benchmarks (see Tests/Benchmarks)

DEPS := libjpeg-dev libpng-dev libheif-dev libwebp-dev liblcms2-dev
# What the tests use as real clients: jq reads the JSON, man renders the man page, djpeg and
# cjpeg are the other end of a pipe in the README's examples, jsonschema checks Docs/*.schema.json,
# Pillow and exiftool read back the resolution written into print files, systemd-analyze
# verifies Docs/collage-booth.service, gcc compiles the LD_PRELOAD shim that kills a booth at its
# journal's rename.
TEST_DEPS := jq man-db libjpeg-turbo-progs python3-jsonschema python3-pil python3-venv libimage-exiftool-perl systemd gcc
# The one Python the tests run (Tests/CollageTestSupport/TestPython.swift): Debian's python3 in a
# venv that sees its packages (jsonschema), with Pillow and pillow-heif from PyPI, which Debian 12
# does not package; the colour tests compare against Pillow's ImageCms, the HEIF ones read with it.
TEST_PYTHON := .build/test-python/bin/python3
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DEMO := autumn.jpg portrait.jpg bythewater.jpg kite.jpg kite-copy.jpg cups-exif6.jpg \
        coldripple.jpg truncated.jpg eveningglow.jpg path.jpg

PREFIX ?= /usr/local
CONFIG ?= release
BIN := .build/$(CONFIG)/collage
GENERATED := .build/generated
# The man page carries the date of the last commit, so the same source gives the same page.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

.PHONY: demo test deps test-deps test-python build man completions install bench fuzz sanitize soak kill-loop

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
	/usr/bin/python3 -m venv --system-site-packages .build/test-python
	$(TEST_PYTHON) -m pip install --quiet pillow pillow-heif

test-python: test-deps $(TEST_PYTHON)

test: test-python
	swift test
	bash Tests/EndToEnd/install.sh

build: deps
	swift build -c $(CONFIG) --product collage

# Generated from the argument parser (swift-argument-parser's plugin and completion scripts),
# never written by hand.
man: build
	swift package --allow-writing-to-package-directory generate-manual --configuration $(CONFIG) \
	  --date $(MAN_DATE) --authors "the collage developers"
	mkdir -p $(GENERATED)
	cp .build/plugins/GenerateManual/outputs/collage/collage.1 $(GENERATED)/collage.1

completions: build
	mkdir -p $(GENERATED)
	$(BIN) --generate-completion-script bash > $(GENERATED)/collage.bash
	$(BIN) --generate-completion-script zsh > $(GENERATED)/_collage
	$(BIN) --generate-completion-script fish > $(GENERATED)/collage.fish

install: build man completions
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/collage
	install -D -m 644 $(GENERATED)/collage.1 $(DESTDIR)$(PREFIX)/share/man/man1/collage.1
	install -D -m 644 $(GENERATED)/collage.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/collage
	install -D -m 644 $(GENERATED)/_collage $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_collage
	install -D -m 644 $(GENERATED)/collage.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/collage.fish

# Six generated 12 MP JPEGs against the bare decodes, ImageMagick and libvips (installs them), on all
# cores and on one; start-up, 1,000 refused photos, watch CPU against builds; then watch's latency
# and idle CPU: see Tests/Benchmarks.
bench: deps
	bash Tests/Benchmarks/build-benchmark.sh
	python3 Tests/Benchmarks/watch-benchmark.py
	bash Tests/Benchmarks/heic-benchmark.sh

# A long day in a photo booth: see Tests/Benchmarks/booth-soak.py (python3 with Pillow).
soak: test-deps
	swift build -c release --product collage
	python3 Tests/Benchmarks/booth-soak.py

# A booth losing power again and again: see Tests/Benchmarks/booth-kill-loop.py (python3 with
# Pillow; about a minute): at least 50 SIGKILLs while photos arrive, then every photo and collage
# checked.
kill-loop: test-deps
	swift build -c release --product collage
	python3 Tests/Benchmarks/booth-kill-loop.py

# The whole suite under ThreadSanitizer, then under AddressSanitizer with LeakSanitizer, each in
# its own scratch path. Synchronization.Mutex is refused first: TSan cannot see it lock (its
# futex path lives in the uninstrumented standard library), so every contended withLock would be
# reported as a race; the sources use Locked (Sources/CollageLocking) instead. LeakSanitizer
# skips only the toolchain's own leaks, listed with reasons in Tests/Sanitizers/lsan.supp; the
# tool itself, run by the end-to-end tests, is checked like everything else. One test at a time:
# instrumented code runs several times slower, and on two cores tests running side by side
# starved each other past their time limits (which are there to catch hangs, not slowness).
LSAN := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0
sanitize: test-python
	@if grep -rnE '^[^/]*\bMutex *[<(]' Sources Tests --include='*.swift'; then \
	  echo "Synchronization.Mutex is invisible to ThreadSanitizer: use Locked (Sources/CollageLocking)"; exit 1; fi
	swift test --sanitize=thread --scratch-path .build-tsan --no-parallel
	$(LSAN) swift test --sanitize=address --scratch-path .build-asan --no-parallel

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
	.build-fuzz/debug/CollageFuzz -max_total_time=$(FUZZ_SECONDS) $(FUZZ_RUN) .build-fuzz/corpus Fixtures

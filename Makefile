# Two commands set everything up on a fresh Debian machine:
#   make demo   builds collage and makes demo-collage.jpg from the bundled fixtures
#   make test   runs the whole test suite
# Both install the system packages they need first when they are missing.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release binary, man page and completions
#   make bench                                     the benchmarks (see Tests/Benchmarks)

DEPS := libjpeg-dev libpng-dev
# What the tests use as real clients: jq reads the JSON, man renders the man page, djpeg and
# cjpeg are the other end of a pipe in the README's examples, jsonschema checks Docs/*.schema.json.
TEST_DEPS := jq man-db libjpeg-turbo-progs python3-jsonschema
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DEMO := autumn.jpg portrait.jpg bythewater.jpg kite.jpg kite-copy.jpg cups-exif6.jpg \
        coldripple.jpg truncated.jpg eveningglow.jpg path.jpg

PREFIX ?= /usr/local
CONFIG ?= release
BIN := .build/$(CONFIG)/collage
GENERATED := .build/generated
# The man page carries the date of the last commit, so the same source gives the same page.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

.PHONY: demo test deps test-deps build man completions install bench

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

test: test-deps
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

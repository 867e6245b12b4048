# Two commands set everything up on a fresh Debian machine:
#   make demo   builds collage and makes demo-collage.jpg from the bundled fixtures
#   make test   runs the whole test suite
# Both install libjpeg-dev and libpng-dev first when they are missing.

DEPS := libjpeg-dev libpng-dev
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DEMO := autumn.jpg portrait.jpg bythewater.jpg kite.jpg kite-copy.jpg cups-exif6.jpg \
        coldripple.jpg truncated.jpg eveningglow.jpg path.jpg

.PHONY: demo test deps bench

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

demo: deps
	swift build --product collage
	.build/debug/collage build $(addprefix Fixtures/,$(DEMO)) -o demo-collage.jpg

test: deps
	swift test

# Six generated 12 MP JPEGs against ImageMagick and libvips (installs them), then watch's latency
# and idle CPU: see Tests/Benchmarks.
bench: deps
	bash Tests/Benchmarks/build-benchmark.sh
	python3 Tests/Benchmarks/watch-benchmark.py

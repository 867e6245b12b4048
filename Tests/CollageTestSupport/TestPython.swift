internal import Foundation

/// The one Python the tests run (`python3` in every `Shell` script): Debian's python3 in a venv
/// at `.build/test-python`, with Pillow and pillow-heif from PyPI (Debian 12 packages no
/// pillow-heif), which `make test` (or `make test-python`) makes: the Makefile's `TEST_PYTHON`. Found from this file's
/// location, like the fixtures, so a pyenv or other `python3` on PATH is never taken instead.
public enum TestPython {
    public static let bin = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path + "/.build/test-python/bin"
}

"""The runner the socket-level scripts share: named checks, run one at a time or all, each
failure printed and counted, a check that raises failing the run (never hanging or skipping it).
`--list` prints the checks' names, one a line: what ServeEndToEndTests runs, one Swift test each."""

import sys

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, flush=True)


def run(tests):
    """Runs the checks named after COLLAGE and FIXTURES (all when none), or lists them."""
    if sys.argv[1:2] == ["--list"]:
        print("\n".join(test.__name__ for test in tests))
        sys.exit(0)
    only = sys.argv[3:]
    unknown = set(only) - {test.__name__ for test in tests}
    if unknown:  # a check that does not exist must fail, never pass by running nothing
        print("FAIL: no such check:", " ".join(sorted(unknown)), flush=True)
        sys.exit(2)
    for test in tests:
        if only and test.__name__ not in only:
            continue
        print("--", test.__name__, flush=True)
        try:
            test()
        except Exception as error:  # a broken server must fail the run, never hang or skip it
            failures.append(f"{test.__name__}: {error!r}")
            print("FAIL:", test.__name__, repr(error), flush=True)
    print(f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)

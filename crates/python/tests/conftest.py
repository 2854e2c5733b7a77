"""Shared helpers: the repository, the command-line binary, its JSON report."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared" / "corpus"

# Both the command and the package write `seconds: 0` with this set, so their
# summaries compare equal.
os.environ["SCORESHEET_NO_TIMING"] = "1"


def binary() -> pathlib.Path:
    """The `scoresheet` binary the package is compared with (`SCORESHEET_BIN`,
    else the debug build, else the release build)."""
    given = os.environ.get("SCORESHEET_BIN")
    if given:
        return pathlib.Path(given)
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "scoresheet"
        if path.exists():
            return path
    pytest.fail("no scoresheet binary: build it with `cargo build -p scoresheet`")


def cli_json(*args, input=None):
    """`scoresheet validate --format json ARGS`: its items (reports, then the
    summary) and its exit code."""
    run = subprocess.run(
        [str(binary()), "validate", "--format", "json", "--no-progress", *map(str, args)],
        input=input,
        capture_output=True,
        env={**os.environ, "SCORESHEET_NO_TIMING": "1"},
        check=False,
    )
    items = [json.loads(line) for line in run.stdout.splitlines()]
    return items, run.returncode

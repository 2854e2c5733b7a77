"""The package speaks Python: errors name the keyword and the value, the
command's options by their names, file objects and names as Python has them,
Ctrl-C, and the reports built without JSON."""

import _thread
import io
import json
import os
import sys
import threading
import time

import pytest
from pretty_assert import assert_same

import scoresheet

from conftest import FIXTURES, cli_json

MATE = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
BAD = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf8# 1-0\n"
CHECK_MARK = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0\n"
BENCH = FIXTURES / "bench" / "games.pgn"


def collect(items):
    out = []
    try:
        for item in items:
            out.append(item)
    except scoresheet.InputError as e:
        return out, e
    return out, None


def named(items, name):
    """The command's reports of standard input, each naming `name` instead
    (for input given as bytes)."""
    return json.loads(json.dumps(items).replace("<stdin>", name))


@pytest.mark.parametrize(
    "options, message",
    [
        ({"jobs": -1}, "jobs must be a positive integer (or None: every core), got -1"),
        ({"jobs": 0}, "jobs must be a positive integer (or None: every core), got 0"),
        ({"jobs": "2"}, "jobs must be a positive integer (or None: every core), got '2'"),
        ({"jobs": True}, "jobs must be a positive integer (or None: every core), got True"),
        ({"ep": "never"}, "ep must be one of \"always\", \"legal\", got \"never\""),
        ({"lang": "xx"}, "lang must be a language code"),
        ({"lang": 3}, "lang must be a language code (a string), got 3"),
        ({"dedup": "all"}, "dedup must be one of \"none\", \"moves\", \"tags\", got \"all\""),
        ({"deny": ["wrong-check-mark", "no-such"]}, "deny must name kinds of problems"),
        ({"deny": 5}, "deny must be a kind's name or a list of them, got 5"),
        ({"allow": "illegal-move"}, "allow must name warnings and notes, got \"illegal-move\""),
        ({"fen": "8/8 w"}, "fen must be a legal position, got \"8/8 w\""),
        ({"only": "valid"}, "only must be one of 'all', 'invalid', 'summary', got 'valid'"),
    ],
)
def test_a_wrong_option_names_the_keyword_and_the_value(options, message):
    with pytest.raises(scoresheet.UsageError) as raised:
        scoresheet.validate(MATE, **options)
    assert message in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_a_str_holding_games_says_to_pass_bytes():
    for text in ("1. e4 e5 2. Nf3 *", '[Event "x"]\n\n1. e4 *', "{a comment} 1.d4"):
        with pytest.raises(scoresheet.UsageError, match=r"bytes .*io\.BytesIO"):
            scoresheet.validate(text)
        with pytest.raises(scoresheet.UsageError, match="bytes"):
            scoresheet.convert(text)
    with pytest.raises(scoresheet.InputError, match="no such file"):
        scoresheet.validate("missing.pgn")


def test_a_missing_path_among_good_ones_is_raised_after_their_reports(tmp_path):
    missing = tmp_path / "missing.pgn"
    items, error = collect(scoresheet.validate([MATE, missing, BAD]))
    assert error is not None and "missing.pgn" in str(error)
    assert [i.get("valid") for i in items[:-1]] == [True, False]
    assert items[-1]["summary"]["unread"] == 1 and items[-1]["summary"]["games"] == 2


def test_a_path_named_dash_is_a_file(tmp_path, monkeypatch):
    (tmp_path / "-").write_bytes(BAD)
    monkeypatch.chdir(tmp_path)
    (report, summary) = scoresheet.validate("-")
    assert report["file"] == "-" and not report["valid"]
    assert summary["summary"]["games"] == 1


def test_standard_input_is_asked_for_as_a_file_object():
    (report, _) = scoresheet.validate(io.BufferedReader(io.BytesIO(MATE)))
    assert report["valid"]


class Greedy(io.RawIOBase):
    """A file object whose read(n) gives up to four times n bytes, as some
    wrappers do."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def readable(self):
        return True

    def read(self, n=-1):
        size = len(self.data) - self.at if n is None or n < 0 else 4 * n + 3
        out = self.data[self.at : self.at + size]
        self.at += len(out)
        return out


def test_a_file_object_giving_more_than_asked_loses_nothing():
    data = BENCH.read_bytes() * 10
    expected = list(scoresheet.validate(data, jobs=1))
    got = list(scoresheet.validate(Greedy(data), jobs=1))
    assert got[-1]["summary"]["games"] == expected[-1]["summary"]["games"] > 100
    for item in got:
        if "file" in item:
            item["file"] = "<bytes>"
    assert_same(got, expected)


def test_ctrl_c_interrupts_a_run_waiting_for_input():
    read_end, write_end = os.pipe()
    reader = os.fdopen(read_end, "rb", buffering=0)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in scoresheet.validate(reader):
                pass
    finally:
        timer.cancel()
        # The run left behind ends once its input does.
        os.write(write_end, MATE)
        os.close(write_end)


@pytest.mark.parametrize("reader", ["validate", "read_games"])
def test_leaving_a_run_early_never_waits_for_input_that_does_not_come(reader):
    # A pipe that stays open: the caller takes the first game and stops (or
    # Ctrl-C comes between two waits). Closing the iterator must not wait for
    # the run, which waits for more input.
    read_end, write_end = os.pipe()
    stream = os.fdopen(read_end, "rb", buffering=0)
    stop = threading.Event()

    def write_games():
        # Enough games for the first reports to be handed over while the
        # input stays open; written without blocking, so that the writer
        # stops when told even if nobody reads any more.
        data = memoryview((b'[Event "a"]\n\n' + MATE + b"\n") * 3000 + b"1. e4 ")
        os.set_blocking(write_end, False)
        while data and not stop.is_set():
            try:
                data = data[os.write(write_end, data[:4096]) :]
            except BlockingIOError:
                time.sleep(0.005)

    games = getattr(scoresheet, reader)(stream)
    closed = threading.Event()

    def take_one_and_close():
        next(games)
        games.close()
        closed.set()

    writer = threading.Thread(target=write_games, daemon=True)
    worker = threading.Thread(target=take_one_and_close, daemon=True)
    try:
        writer.start()
        worker.start()
        assert closed.wait(20), "closing the iterator waited for the run's input"
    finally:
        stop.set()
        writer.join(20)
        # The run left behind ends once its input does.
        os.close(write_end)
        worker.join(20)


def test_version_and_a_clean_namespace():
    assert scoresheet.__version__.count(".") == 2
    names = dir(scoresheet)
    assert {"validate", "convert", "read_games", "decode", "__version__"} <= set(names)
    assert not {"json", "os", "re", "Any", "annotations", "_scoresheet"} & set(names)


def test_the_commands_options_by_their_names():
    both = CHECK_MARK + b"\n" + CHECK_MARK + b"\n" + BAD
    for options, args in [
        ({"deny": "wrong-check-mark"}, ["--deny", "wrong-check-mark"]),
        ({"deny": ["warnings"]}, ["--deny", "warnings"]),
        ({"allow": ["wrong-check-mark"]}, ["--allow", "wrong-check-mark"]),
        ({"dedup": "moves"}, ["--dedup=moves"]),
        ({"strict": True}, ["--strict"]),
    ]:
        expected, _ = cli_json(*args, "-", input=both)
        assert_same(list(scoresheet.validate(both, **options)), named(expected, "<bytes>"))


def test_asking_for_less():
    expected, _ = cli_json(BENCH, FIXTURES / "resolve")
    invalid = list(scoresheet.validate([BENCH, FIXTURES / "resolve"], only="invalid"))
    assert_same(invalid, [i for i in expected if not i.get("valid", False)])
    assert len(invalid) > 1
    summary = list(scoresheet.validate([BENCH, FIXTURES / "resolve"], only="summary"))
    assert_same(summary, expected[-1:])


@pytest.mark.skipif(sys.platform == "win32", reason="names are bytes on Unix only")
def test_a_file_name_that_is_not_utf8_keeps_its_bytes(tmp_path):
    name = os.fsdecode(b"caf\xe9.pgn")
    path = tmp_path / name
    path.write_bytes(BAD)
    expected, _ = cli_json(path)
    got = list(scoresheet.validate(path))
    assert_same(got, expected)
    assert os.fsencode(got[0]["file"]).endswith(b"caf\xe9.pgn")


def test_the_reports_are_the_commands_on_every_fixture():
    expected, _ = cli_json(FIXTURES / "validate", FIXTURES / "lang", FIXTURES / "desc")
    got, _ = collect(
        scoresheet.validate([FIXTURES / "validate", FIXTURES / "lang", FIXTURES / "desc"])
    )
    assert_same(got, expected)

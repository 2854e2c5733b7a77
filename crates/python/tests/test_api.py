"""scoresheet.validate and scoresheet.convert against the command line."""

import io
import shutil

import pytest
from pretty_assert import assert_same

import scoresheet

from conftest import FIXTURES, SHARED, cli_json

MATE = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
BAD = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf8# 1-0\n"
CHECK_MARK = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0\n"
ONE = FIXTURES / "validate" / "0002_seed_chapter_typical_game.pgn"


def collect(items):
    """Every item of an iteration that may raise InputError at its end, and the error."""
    out = []
    try:
        for item in items:
            out.append(item)
    except scoresheet.InputError as e:
        return out, e
    return out, None


def test_a_path_gives_the_commands_reports():
    expected, _ = cli_json(ONE)
    assert_same(list(scoresheet.validate(ONE)), expected)
    assert_same(list(scoresheet.validate(str(ONE), jobs=1)), expected)


def test_a_directory_gives_the_commands_reports_in_its_order():
    expected, code = cli_json(FIXTURES / "resolve")
    assert code == 1  # some fixtures are invalid
    got = list(scoresheet.validate(FIXTURES / "resolve", jobs=2))
    assert_same(got, expected)
    assert got[-1]["summary"]["invalid"] > 0


def test_several_sources_are_read_in_order():
    expected, _ = cli_json(ONE, FIXTURES / "validate" / "0001_seed_chapter_short_game.pgn")
    got = list(
        scoresheet.validate([ONE, FIXTURES / "validate" / "0001_seed_chapter_short_game.pgn"])
    )
    assert_same(got, expected)


def test_bytes_and_file_objects():
    expected, _ = cli_json("-", input=ONE.read_bytes())
    for item in expected:
        if "file" in item:
            item["file"] = "<bytes>"
    assert_same(list(scoresheet.validate(ONE.read_bytes())), expected)
    for item in expected:
        if "file" in item:
            item["file"] = "<file>"
    assert_same(list(scoresheet.validate(io.BytesIO(ONE.read_bytes()))), expected)
    with open(ONE, "rb") as f:
        got = list(scoresheet.validate(f))
    assert [g.get("file") for g in got[:-1]] == [str(ONE)] * (len(got) - 1)


def test_a_text_file_object_is_an_input_error():
    with open(ONE, "r") as f:
        items, error = collect(scoresheet.validate(f))
    assert error is not None and "binary mode" in str(error)
    assert items[-1]["summary"]["unread"] == 1


def test_zstd(tmp_path):
    zstandard = pytest.importorskip("zstandard")
    path = tmp_path / "games.pgn.zst"
    path.write_bytes(zstandard.ZstdCompressor().compress(ONE.read_bytes()))
    expected, _ = cli_json(path)
    got = list(scoresheet.validate(path))
    assert_same(got, expected)
    assert got[0]["file"] == str(path) and got[-1]["summary"]["games"] == 1


def test_strict_makes_warnings_errors():
    lenient = list(scoresheet.validate(CHECK_MARK))
    strict = list(scoresheet.validate(CHECK_MARK, strict=True))
    assert lenient[0]["valid"] and lenient[0]["warnings"][0]["kind"] == "wrong-check-mark"
    assert not strict[0]["valid"] and strict[0]["errors"][0]["kind"] == "wrong-check-mark"
    expected, _ = cli_json("--strict", "-", input=CHECK_MARK)
    expected[0]["file"] = "<bytes>"
    assert_same(strict, expected)


def test_an_invalid_game_is_a_report_with_its_location():
    (report, summary) = scoresheet.validate(BAD)
    assert not report["valid"]
    error = report["errors"][0]
    assert (error["line"], error["column"], error["kind"]) == (1, 37, "illegal-move")
    assert summary == {
        "type": "summary",
        "summary": {
            "files": 1,
            "games": 1,
            "valid": 0,
            "invalid": 1,
            "warnings": 0,
            "plies": 6,
            "bytes": len(BAD) - 1,  # the game, not the blank after it
            "seconds": 0.0,
            "errors_by_kind": {"illegal-move": 1},
            "warnings_by_kind": {},
        },
    }


def varied_games(n):
    """`n` games whose tags change from game to game as a database's do
    (values, names added, left out, reordered, beyond ASCII), some clean,
    some with a warning or an error, some not at a line's start."""
    players = ["Carlsen, M.", "Nakamura, H.", "Caf\u00e9, J.", "Ding, L."]
    moves = [MATE, CHECK_MARK, b"1. e4 e5 2. Nf3 Nc6 *\n", BAD, b"*\n"]
    out = []
    for i in range(n):
        tags = [("Event", "Open"), ("Round", str(i // 3)), ("White", players[i % 4])]
        if i % 5:
            tags.append(("Black", players[(i + 1) % 4]))
        if i % 7 == 0:
            tags.insert(0, ("Site", "Wijk aan Zee"))
        if i % 11 == 0:
            tags.reverse()
        if i % 13 == 0:
            tags.append(("Annotator", "x" * (i % 17)))
        head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
        if i % 9 == 0:
            head = "  " + head
        out.append(head.encode() + b"\n" + moves[i % len(moves) if i % 3 else 2] + b"\n")
    return b"".join(out)


def test_reports_whose_tags_change_from_game_to_game_are_the_commands(tmp_path):
    # More games than one hand-over holds, so that what is kept from report
    # to report (each tag dict is a copy of the last one with the same tag
    # names) crosses batches; a report the caller changes changes no later
    # one.
    path = tmp_path / "varied.pgn"
    path.write_bytes(varied_games(700))
    expected, code = cli_json(path)
    assert code == 1
    got = []
    for report, wanted in zip(scoresheet.validate(path, jobs=1), expected):
        assert report == wanted, f"game {len(got) + 1}"
        got.append(report)
        if "tags" in report:
            report["tags"]["White"] = "changed"
            report["tags"]["Extra"] = "added"
            report["tags"].pop("Event", None)
            report["errors"].append("changed")
    assert len(got) == len(expected) == 701
    clean = [r for r in expected[:-1] if r["valid"] and not r["warnings"]]
    assert 200 < len(clean) < 700
    assert any(r["column"] == 3 for r in clean)


def test_tags_that_differ_in_one_byte_are_told_apart(tmp_path):
    # Names and values of every length up to 40 bytes, each game's differing
    # from the game before's in one byte only, at each place in turn: what
    # is kept from report to report is found by comparing bytes.
    out = []
    for length in range(1, 41):
        for at in range(length):
            value = "v" * length
            changed = value[:at] + "w" + value[at + 1 :]
            name = "N" + "a" * (length - 1)
            other = name[:at] + "b" + name[at + 1 :] if at else "M" + name[1:]
            for tags in ([(name, value)], [(name, changed)], [(other, value)], [(name, value)]):
                head = "".join(f'[{n} "{v}"]\n' for n, v in [("Event", "E"), *tags])
                out.append(head.encode() + b"\n1. e4 e5 *\n\n")
    path = tmp_path / "one_byte.pgn"
    path.write_bytes(b"".join(out))
    expected, code = cli_json(path)
    assert code == 0
    got = list(scoresheet.validate(path, jobs=1))
    assert len(got) == len(expected) == 4 * 820 + 1
    for i, (report, wanted) in enumerate(zip(got, expected)):
        assert report == wanted, f"game {i + 1}"
        if "tags" in report:
            assert list(report["tags"]) == list(wanted["tags"]), f"game {i + 1}"


def test_errors_are_exceptions(tmp_path):
    with pytest.raises(scoresheet.InputError):
        scoresheet.validate(tmp_path / "missing.pgn")
    with pytest.raises(scoresheet.UsageError, match="lang must be a language code"):
        scoresheet.validate(MATE, lang="xx")
    with pytest.raises(scoresheet.InputError, match="no input file"):
        scoresheet.validate(tmp_path)  # an empty directory
    with pytest.raises(TypeError):
        scoresheet.validate([42])
    binary = tmp_path / "binary.pgn"
    binary.write_bytes(b"\0\1\2")
    # Binary bytes are read, not refused: one located `binary-data` error,
    # and the inputs after them are judged.
    items, error = collect(scoresheet.validate([binary, MATE]))
    assert error is None
    assert [e["kind"] for e in items[0]["errors"]] == ["binary-data"]
    assert items[1]["valid"] and items[-1]["summary"].get("unread", 0) == 0


def test_hostile_bytes_never_crash():
    for text in (b"", b"\xff\xfe[[[[", b"1." * 10000, b"[Event \"" + b"x" * 100000, b"{" * 50000):
        items = list(scoresheet.validate(text))
        assert "summary" in items[-1]
        scoresheet.convert(text, "pgn", errors="ignore")


def test_stopping_early_leaves_nothing_running():
    source = FIXTURES / "bench"
    for n, _ in enumerate(scoresheet.validate(source, jobs=2)):
        if n == 3:
            break
    # The run stopped at its next write; a new one runs as usual.
    assert list(scoresheet.validate(MATE))[-1]["summary"]["games"] == 1


def test_convert_returns_the_commands_text():
    uci = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0\n"
    assert scoresheet.convert(MATE, "uci", moves_only=True) == uci
    tagged = scoresheet.convert(MATE, "uci")
    assert tagged.startswith('[Event "?"]\n') and tagged.endswith("\n\n" + uci + "\n")
    assert scoresheet.convert(MATE, "san", lang="de", moves_only=True).startswith("1. e4 e5 2. Dh5 Sc6")
    pgn = scoresheet.convert(MATE)
    assert '[Result "1-0"]' in pgn and "4. Qxf7# 1-0" in pgn


def test_eco_names_the_opening_by_position_and_fix_tags_normalises():
    openings = FIXTURES / "cleaning" / "openings.pgn"
    reports = [r for r in scoresheet.validate(openings, eco=True) if r.get("type") == "game"]
    assert reports[0]["opening"]["eco"] == "B12"
    kinds = [w["kind"] for w in reports[0]["warnings"]]
    assert kinds == ["wrong-opening-tag", "wrong-opening-tag"]
    assert reports[4]["opening"] is None
    assert "opening" not in next(iter(scoresheet.validate(openings)))
    pgn = scoresheet.convert(openings, eco=True)
    assert '[ECO "B12"]\n[Opening "Caro-Kann Defense"]' in pgn
    messy = FIXTURES / "cleaning" / "messy.pgn"
    fixed = scoresheet.convert(messy, fix_tags=True, errors="ignore")
    assert '[Date "1851.06.21"]' in fixed
    assert '[Date "1851-06-21"]' in scoresheet.convert(messy, errors="ignore")


def test_convert_a_book_table():
    book = FIXTURES / "play" / "0003_book_table_spaced.desc.txt"
    pgn = scoresheet.convert(book, "pgn")
    assert '[White "F. J. Marshall"]' in pgn
    assert "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7" in pgn


def test_repair_reads_pgn_misprints_as_their_fits():
    misprinted = FIXTURES / "misprints" / "ruy-lopez-three-misprints.pgn"
    with pytest.raises(scoresheet.GameError):
        scoresheet.convert(misprinted, "uci", moves_only=True)
    lines = scoresheet.convert(misprinted, "san", moves_only=True, repair=True).splitlines()
    assert len(lines) == 3 and len(set(lines)) == 1
    assert lines[0].startswith("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6")
    reports = [r for r in scoresheet.validate(misprinted, repair=True) if r.get("type") == "game"]
    assert [r["valid"] for r in reports] == [True, True, True]
    assert [w["move"] for r in reports for w in r["warnings"] if w["kind"] == "repaired"] == ["Bb8", "a6", "Bb5"]


def test_convert_to_a_file_never_over_an_input(tmp_path):
    source = tmp_path / "in.pgn"
    source.write_bytes(MATE)
    out = tmp_path / "out.pgn"
    assert scoresheet.convert(source, "pgn", output=out) is None
    assert "Qxf7#" in out.read_text()
    with pytest.raises(scoresheet.InputError):
        scoresheet.convert(source, "pgn", output=source)
    assert source.read_bytes() == MATE


def test_a_game_that_cannot_be_converted_is_a_located_exception():
    with pytest.raises(scoresheet.GameError) as raised:
        scoresheet.convert([BAD, MATE], "uci", moves_only=True)
    e = raised.value
    assert (e.file, e.line, e.column, e.kind, e.game) == ("<bytes>", 1, 37, "illegal-move", 1)
    assert e.output == "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0\n"
    ignored = scoresheet.convert([BAD, MATE], "uci", errors="ignore", moves_only=True)
    assert ignored == e.output


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/corpus is not here")
def test_a_corpus_file_gives_the_commands_reports():
    path = SHARED / "messy"
    expected, _ = cli_json(path)
    assert_same(list(scoresheet.validate(path)), expected)


def test_read_games_gives_tags_moves_and_the_reports():
    bench = FIXTURES / "bench" / "games.pgn"
    games = list(scoresheet.read_games([bench, MATE, BAD]))
    reports = [r for r in scoresheet.validate([bench, MATE, BAD]) if "summary" not in r]
    assert [g["report"] for g in games] == reports
    mate = games[-2]
    assert mate["san"] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert mate["uci"] == ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    assert mate["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert mate["result"] == "1-0" and mate["tags"] == {}
    bad = games[-1]
    assert bad["san"] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]  # as far as it could be played
    assert not bad["report"]["valid"]
    first = games[0]
    assert list(first["tags"])[:3] == ["Event", "Site", "Date"]
    assert len(first["san"]) == first["report"]["plies"]


def test_read_games_from_a_position():
    text = b'[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 *\n'
    (game,) = scoresheet.read_games(text)
    assert game["fen"] == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert game["tags"]["SetUp"] == "1"
    assert game["uci"] == ["e2e4", "e8d7"] and game["result"] == "*"


def test_read_games_reads_a_book_table_as_the_board_decides():
    book = FIXTURES / "play" / "0003_book_table_spaced.desc.txt"
    games, error = collect(scoresheet.read_games(book))
    assert error is None and games and all(g["san"] and g["report"]["valid"] for g in games)


def test_decode_gives_the_most_probable_legal_game_as_the_command_does():
    transcription = {
        "plies": [
            [{"text": "e4", "p": 0.9}],
            [{"text": "e5", "p": 0.9}],
            [{"text": "Nf5", "p": 0.6}, {"text": "Nf3", "p": 0.4}],
            [{"text": "d6", "p": 0.7}],
        ]
    }
    got = scoresheet.decode(transcription)
    assert got["movetext"] == "1. e4 e5 2. Nf3 d6"
    assert [p["source"] for p in got["plies"]] == ["candidates"] * 4
    assert scoresheet.decode("1. e4 e5 2. Nf8")["plies"][2]["source"] == "inferred"
    with pytest.raises(scoresheet.UsageError):
        scoresheet.decode("{not json")

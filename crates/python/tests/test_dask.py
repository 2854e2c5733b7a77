"""scoresheet.dask.validate on a LocalCluster of two worker processes gives
the command's JSON report, game for game."""

import pytest

distributed = pytest.importorskip("distributed")

import scoresheet  # noqa: E402
import scoresheet.dask  # noqa: E402
from pretty_assert import assert_same  # noqa: E402

from conftest import FIXTURES, SHARED, cli_json  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def collect(items):
    out = []
    try:
        for item in items:
            out.append(item)
    except scoresheet.InputError as e:
        return out, e
    return out, None


def test_fixtures(client):
    # fixtures/ holds a binary file: read as one game with a `binary-data`
    # error (exit code 1), as the command reads it; the rest is the same.
    expected, code = cli_json(FIXTURES)
    assert code == 1
    got, error = collect(scoresheet.dask.validate(FIXTURES, client, chunk_size=2048))
    assert error is None
    assert_same(got, expected)


def wrapped_results(n):
    """Games with a comment line that ends with a result: the block reader
    cuts there, inside a game, and the rest of the file is read on from it."""
    game = (
        '[Event "cut {n}"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 {{a comment that says 1-0\n'
        "and goes on}} Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Kf1 1-0\n\n"
    )
    bad = '[Event "bad {n}"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
    return "".join((game if i % 3 else bad).format(n=i) for i in range(n)).encode()


def test_several_files_cut_in_ranges(client, tmp_path):
    cut = tmp_path / "cut.pgn"
    cut.write_bytes(wrapped_results(300))
    plain = tmp_path / "plain.pgn"
    plain.write_bytes((FIXTURES / "bench" / "games.pgn").read_bytes() * 3)
    # UTF-16 text, with and without a byte order mark: offsets in the text read
    # are not offsets in the file, so such a file is one task, read whole.
    wide = tmp_path / "wide.pgn"
    wide.write_bytes(wrapped_results(40).decode().encode("utf-16"))
    wide_le = tmp_path / "wide-le.pgn"
    wide_le.write_bytes(wrapped_results(40).decode().encode("utf-16-le"))
    files = [cut, FIXTURES / "validate", wide, plain, wide_le, FIXTURES / "play"]
    if SHARED.is_dir():
        files += [SHARED / "messy", SHARED / "lan"]
    expected, _ = cli_json(*files)
    got = list(scoresheet.dask.validate(files, client, chunk_size=4096))
    assert_same(got, expected)
    assert len(got) > 300
    for strict in (True,):
        expected, _ = cli_json("--strict", *files)
        got = list(scoresheet.dask.validate(files, client, strict=strict, chunk_size=1 << 16))
        assert_same(got, expected)


def test_the_same_as_the_package(client):
    path = FIXTURES / "resolve"
    assert_same(
        list(scoresheet.dask.validate([path], client, chunk_size=1024)),
        list(scoresheet.validate(path)),
    )


def test_usage_errors_before_any_task(client):
    with pytest.raises(scoresheet.UsageError):
        list(scoresheet.dask.validate(FIXTURES, client, lang="xx"))
    with pytest.raises(scoresheet.InputError):
        list(scoresheet.dask.validate([], client))


def test_bytes_are_one_task_each(client):
    text = (FIXTURES / "bench" / "games.pgn").read_bytes()
    expected, _ = cli_json("-", input=text)
    for item in expected:
        if "file" in item:
            item["file"] = "<bytes>"
    got = list(scoresheet.dask.validate([text, bytearray(text)], client))
    games = expected[:-1]
    assert_same(got[: len(games)], games)
    assert len(got) == 2 * len(games) + 1
    assert got[-1]["summary"]["games"] == 2 * expected[-1]["summary"]["games"]

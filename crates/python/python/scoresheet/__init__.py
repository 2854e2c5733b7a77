"""Validate and convert chess game records at native speed.

scoresheet reads chess games as people wrote them (PGN, SAN, LAN, UCI,
English descriptive notation, 16 languages' piece letters), replays every
move on a real board, and reports every problem with its file, line and
column. This package runs the ``scoresheet`` command's own library, in Rust,
with the GIL released::

    import scoresheet

    for report in scoresheet.validate("games.pgn.zst", strict=True):
        if "summary" in report:
            print(report["summary"]["games"], "games")
        elif not report["valid"]:
            print(report["file"], report["game"], report["errors"][0]["message"])

A report has the fields of ``scoresheet validate --format json`` (see
docs/JSON.md); the last item is ``{"type": "summary", "summary": {...}}``.
"""

from __future__ import annotations

import os as _os

from . import _scoresheet

# `typing`, `json` and `re` cost a run 60 million instructions of imports
# (as much as Python's own start) before the first game is read: the
# annotations are never evaluated (`from __future__ import annotations`),
# `json` is imported once a validation runs (beside it), `re` and `Source`
# where first needed. Type checkers read `__init__.pyi`; the names below
# are for readers of the annotations here.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO, Dict, Iterable, Iterator, List, Optional, Union

__version__: str = _scoresheet.__version__

__all__ = [
    "validate",
    "read_games",
    "convert",
    "decode",
    "ScoresheetError",
    "UsageError",
    "InputError",
    "GameError",
]



def __getattr__(name: str) -> Any:
    """``Source``, the type of a source, made when first asked for."""
    if name == "Source":
        from typing import BinaryIO, Union

        source = Union[str, "_os.PathLike[str]", bytes, BinaryIO]
        globals()["Source"] = source
        return source
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    """The package's API, without the modules and types it uses."""
    return sorted([*__all__, "__version__", "Source"])


class ScoresheetError(Exception):
    """Base class of every error this package raises."""


class UsageError(ScoresheetError, ValueError):
    """An option was wrong (an unknown language code, a bad ``to``)."""


class InputError(ScoresheetError, OSError):
    """An input could not be opened or read to its end.

    The inputs that could be read were read first: ``validate`` raises this
    once it has yielded every report and the summary. ``messages`` holds the
    lines the command prints on standard error.
    """

    def __init__(self, message: str, messages: Optional[List[str]] = None):
        super().__init__(message)
        self.messages = messages or [message]


_PROBLEM = (
    r"^(?P<file>.*):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning|note)"
    r"\[(?P<kind>[a-z0-9-]+)\]: game (?P<game>\d+)(?P<rest>.*)$"
)


class GameError(ScoresheetError, ValueError):
    """A game could not be converted: it has an error.

    ``file``, ``line``, ``column``, ``kind`` and ``game`` locate the first
    error; ``problems`` lists every problem reported (dicts with the same
    keys and ``severity`` and ``message``), and ``output`` holds the text of
    the games that were converted.
    """

    def __init__(self, problems: List[Dict[str, Any]], output: Union[str, bytes, None]):
        first = next((p for p in problems if p["severity"] == "error"), problems[0])
        super().__init__(first["message"])
        self.problems = problems
        self.output = output
        self.file: str = first["file"]
        self.line: int = first["line"]
        self.column: int = first["column"]
        self.kind: str = first["kind"]
        self.game: int = first["game"]


def _problems(stderr: str) -> List[Dict[str, Any]]:
    """The problems of the command's human lines (``file:line:col: error[kind]: game N...``)."""
    import re

    problem = re.compile(_PROBLEM)
    out = []
    for text in stderr.splitlines():
        m = problem.match(text)
        if m:
            out.append(
                {
                    "file": m["file"],
                    "line": int(m["line"]),
                    "column": int(m["column"]),
                    "severity": m["severity"],
                    "kind": m["kind"],
                    "game": int(m["game"]),
                    "message": text,
                }
            )
    return out


# What a str holding games rather than a path starts with: a tag, a comment,
# a move number.
_MOVETEXT = r"\s*(\[|\{|;|\d+\s*\.)"


def _sources(source: Union[Source, Iterable[Source]]) -> List[Any]:
    """One source or a list of them, each a path, bytes or a binary file object.

    A path that does not exist is read in its turn (an :class:`InputError`
    after the reports of the others), unless none exists: then at once. A
    str that is no path but holds games is a :class:`UsageError` saying so.
    """
    if isinstance(source, (str, bytes, bytearray, memoryview, _os.PathLike)) or hasattr(
        source, "read"
    ):
        sources = [source]
    else:
        sources = list(source)
    out: List[Any] = []
    missing: List[str] = []
    for s in sources:
        if isinstance(s, (bytearray, memoryview)):
            s = bytes(s)
        if isinstance(s, (str, _os.PathLike)):
            path = _os.fspath(s)
            if isinstance(path, bytes):
                path = _os.fsdecode(path)
            if not _os.path.exists(path):
                import re

                if "\n" in path or re.match(_MOVETEXT, path):
                    shown = path if len(path) <= 40 else path[:37] + "..."
                    raise UsageError(
                        f"source {shown!r} is a str that names no file but looks like "
                        "games: pass the text as bytes (text.encode()) or as io.BytesIO"
                    )
                missing.append(path)
            s = path
        out.append(s)
    if missing and len(missing) == len(out):
        raise InputError(f"{missing[0]}: no such file or directory")
    return out


def _kinds(value: Any) -> Any:
    """Kinds as Rust reads them: a name, or a list of names (any iterable);
    anything else is passed on for Rust to name in its error."""
    if value is None or isinstance(value, str):
        return value
    try:
        return list(value)
    except TypeError:
        return value


def _flag(value: Any) -> bool:
    """A flag as Python reads one: its truth."""
    return bool(value)


def validate(
    source: Union[Source, Iterable[Source]],
    *,
    strict: bool = False,
    jobs: Optional[int] = None,
    lang: Optional[str] = None,
    repair: bool = False,
    ep: str = "always",
    eco: bool = False,
    dedup: Optional[str] = None,
    deny: Union[str, Iterable[str], None] = None,
    allow: Union[str, Iterable[str], None] = None,
    fen: Optional[str] = None,
    only: str = "all",
) -> Iterator[Dict[str, Any]]:
    """Replays every game of ``source`` and yields each game's report, then the summary.

    ``source`` is a path (a ``.pgn`` file, compressed ``.pgn.zst``,
    ``.pgn.gz`` or ``.pgn.bz2``, or a directory searched for them), bytes, a
    binary file object (standard input is ``sys.stdin.buffer``; a path
    ``"-"`` is the file of that name), or a list of these, read in order.
    Games held in a str are passed as bytes (``text.encode()``) or
    ``io.BytesIO``. Each report is a dict with the fields of ``scoresheet
    validate --format json`` (docs/JSON.md): ``file``, ``game``, ``valid``,
    ``plies``, ``fen``, ``errors``, ``warnings``, ``notes``, each problem
    with ``line``, ``column``, ``kind``, ``message``... The last item is
    ``{"type": "summary", "summary": {...}}``.

    The options are those of ``scoresheet validate``: ``strict`` treats
    warnings as errors; ``jobs`` is the number of threads (default: all
    cores); ``lang`` reads piece letters of one language (``"de"``,
    ``"fr"``...; by default told per game); ``repair`` reads a misprinted
    move of a book table as its clearly best suggestion; ``ep`` (``"always"``
    or ``"legal"``) is the en passant style of the FENs; ``dedup``
    (``"moves"`` or ``"tags"``) makes a game that repeats an earlier one a
    ``duplicate`` error; ``deny`` and ``allow`` name kinds (a name or a list;
    ``deny="warnings"`` is ``strict``) whose warnings become errors or are
    dropped; ``fen`` is the start of every game without one of its own;
    ``eco`` names each game's opening by position (the report's ``opening``,
    ``{"eco": ..., "name": ...}``) and warns where its ``ECO``, ``Opening`` or
    ``Variation`` tag says otherwise (``wrong-opening-tag``).

    ``only`` asks for less: ``"invalid"`` yields the reports of the invalid
    games only, ``"summary"`` the summary only (every game is judged and
    counted either way, and faster).

    The work runs in Rust on other threads, with the GIL released; reports
    come through a bounded queue, so memory stays bounded however large the
    input. Raises :class:`InputError` (after the summary) when an input could
    not be read, :class:`UsageError` for a wrong option; Ctrl-C interrupts
    the run, even one waiting for input.
    """
    if only not in ("all", "invalid", "summary"):
        raise UsageError(f"only must be one of 'all', 'invalid', 'summary', got {only!r}")
    options = {
        "strict": _flag(strict),
        "repair": _flag(repair),
        "lang": lang,
        "ep": ep,
        "jobs": jobs,
        "dedup": dedup,
        "deny": _kinds(deny),
        "allow": _kinds(allow),
        "fen": fen,
        "invalid_only": only == "invalid",
        "summary_only": only == "summary",
        "eco": _flag(eco),
    }
    job = _start(options, _sources(source))
    # Imported while the validation runs, for its summary.
    import json  # noqa: F401
    return _reports(job)


def _start(options: Dict[str, Any], sources: List[Any]) -> Any:
    try:
        return _scoresheet.Job(options, sources)
    except ValueError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise InputError(str(e)) from None


def _reports(job: Any) -> Iterator[Dict[str, Any]]:
    read_to_the_end = False
    try:
        for batch in job:
            # A list of reports, built in Rust: no JSON in between.
            yield from batch
        read_to_the_end = True
    finally:
        if not read_to_the_end:
            # Left early (the caller stopped, or Ctrl-C came between two
            # waits): never wait for a run that may wait for input for ever.
            job.abandon()
        code, stderr, error, summary = job.result()
    if summary:
        import json

        yield json.loads(summary)
    if error is not None:
        raise InputError(error, stderr.splitlines())
    if code == 2:
        lines = [l for l in stderr.splitlines() if l.strip()]
        raise InputError(lines[0] if lines else "an input could not be read", lines)


def read_games(
    source: Union[Source, Iterable[Source]],
    *,
    strict: bool = False,
    lang: Optional[str] = None,
    ep: str = "always",
) -> Iterator[Dict[str, Any]]:
    """Reads every game of ``source`` (PGN) and yields it as a dict.

    Each game has ``tags`` (a dict, in the order written, values decoded),
    ``fen`` (the start position), ``san`` and ``uci`` (the main line as lists,
    as far as it could be played), ``result`` (the one the record carries) and
    ``report`` (the game's report, as :func:`validate` gives it)::

        for game in scoresheet.read_games("games.pgn"):
            print(game["tags"].get("White"), len(game["san"]), game["report"]["valid"])

    ``source`` is read as :func:`validate` reads it, one game at a time on
    another thread, each game as the board decides it is written (PGN
    movetext or a book's move table).
    """
    options = {"strict": _flag(strict), "lang": lang, "ep": ep}
    try:
        job = _scoresheet.Games(options, _sources(source))
    except ValueError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise InputError(str(e)) from None
    return _games(job)


def _games(job: Any) -> Iterator[Dict[str, Any]]:
    read_to_the_end = False
    try:
        for batch in job:
            # A list of games, built in Rust: no JSON in between.
            yield from batch
        read_to_the_end = True
    finally:
        if not read_to_the_end:
            job.abandon()
        code, stderr, error = job.result()
    if error is not None:
        raise InputError(error, stderr.splitlines())
    if code == 2:
        lines = [l for l in stderr.splitlines() if l.strip()]
        raise InputError(lines[0] if lines else "an input could not be read", lines)


_TO = ("pgn", "san", "lan", "uci", "fen", "descriptive")


def convert(
    source: Union[Source, Iterable[Source]],
    to: str = "pgn",
    *,
    strict: bool = False,
    lang: Optional[str] = None,
    read_lang: Optional[str] = None,
    from_: str = "auto",
    fix_results: bool = False,
    fix_tags: bool = False,
    eco: bool = False,
    moves_only: bool = False,
    repair: bool = False,
    style: str = "compact",
    knight: str = "n",
    notes: bool = False,
    output: Union[str, "_os.PathLike[str]", None] = None,
    errors: str = "raise",
) -> Optional[str]:
    """Converts the games of ``source`` and returns the text (or writes it to ``output``).

    ``to`` is ``"pgn"`` (strict PGN export), ``"san"``, ``"lan"``, ``"uci"``,
    ``"fen"`` (one FEN per ply) or ``"descriptive"``; the other options are
    those of ``scoresheet convert``: ``strict``, ``lang`` (write SAN and LAN
    with this language's piece letters), ``read_lang``, ``from_`` (``"auto"``,
    ``"san"``, ``"lan"``, ``"uci"``, ``"descriptive"``), ``fix_results``,
    ``repair``, ``style`` (``"compact"`` or ``"spaced"``) and ``knight``
    (``"n"`` or ``"kt"``) for descriptive output, ``notes``; ``fix_tags``
    writes tag values in the standard's form where they have one clear reading;
    ``eco`` writes each game's ``ECO``, ``Opening`` and ``Variation`` tags
    from its opening, named by position; ``san``, ``lan`` and ``uci`` keep
    each game's tags (PGN whose movetext is in that notation) unless
    ``moves_only``, one line a game.

    ``source`` is read as :func:`validate` reads it; a book's descriptive move
    tables are replayed with the descriptive rules. With ``output``, the text
    goes to that file (written under a temporary name and renamed once
    complete, never over an input) and ``None`` is returned.

    A game with an error is left out: with ``errors="raise"`` (the default)
    a :class:`GameError` locating the first error is raised once every other
    game is converted (its ``output`` holds their text); with
    ``errors="ignore"`` the text of the others is returned.
    """
    if to not in _TO:
        raise UsageError(f"to must be one of {', '.join(map(repr, _TO))}, got {to!r}")
    if errors not in ("raise", "ignore"):
        raise UsageError(f"errors must be 'raise' or 'ignore', got {errors!r}")
    options = {
        "to": to,
        "from": from_,
        "style": style,
        "knight": knight,
        "lang": lang,
        "read_lang": read_lang,
        "strict": _flag(strict),
        "fix_results": _flag(fix_results),
        "fix_tags": _flag(fix_tags),
        "eco": _flag(eco),
        "moves_only": _flag(moves_only),
        "repair": _flag(repair),
        "notes": _flag(notes),
        "output": None if output is None else _os.fspath(output),
    }
    try:
        text, (code, stderr, error) = _scoresheet.convert(options, _sources(source))
    except ValueError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise InputError(str(e)) from None
    result = None if output is not None else text.decode("utf-8", errors="replace")
    if error is not None:
        raise InputError(error, stderr.splitlines())
    if code == 2:
        lines = [l for l in stderr.splitlines() if l.strip()]
        raise InputError(lines[0] if lines else "an input could not be read", lines)
    if code == 1 and errors == "raise":
        problems = _problems(stderr)
        if problems:
            raise GameError(problems, result)
    return result


def decode(transcription: Union[str, Dict[str, Any], List[Any]], fen: Optional[str] = None) -> Dict[str, Any]:
    """The most probable legal game behind an uncertain transcription.

    ``transcription`` is what ``scoresheet decode`` reads (docs/DECODE.md): a
    dict (or its JSON text) with an optional ``fen`` and ``plies``, each ply a
    list of ``{"text": ..., "p": ...}`` candidates in any notation, or plain
    movetext. Returns the decoded game: ``plies`` (each with ``text``, ``san``,
    ``uci``, ``p`` and ``source``: ``"candidates"`` or ``"inferred"``),
    ``movetext``, ``confidence``, ``fen`` and ``final_fen``. Raises
    ``UsageError`` for input that is not a transcription.
    """
    import json

    text = transcription if isinstance(transcription, str) else json.dumps(transcription)
    try:
        return json.loads(_scoresheet.decode(text, fen))
    except ValueError as e:
        raise UsageError(str(e)) from None

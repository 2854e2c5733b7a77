"""Validation of many games on a Dask ``distributed`` cluster.

::

    from dask.distributed import Client
    import scoresheet.dask

    client = Client("tcp://scheduler:8786")   # or Client(LocalCluster(...))
    for report in scoresheet.dask.validate(["2024-01.pgn", "2024-02.pgn"], client):
        ...

Large files are cut into byte ranges where games end (the block splitter of
``scoresheet validate``), each range is one task, and the reports come back in
input order, then the summary: what ``scoresheet validate --format json``
prints for the same inputs, game for game. The paths must name the same files
on every worker (a shared file system); compressed files, book tables and
small files are one task each. Dask is imported only when this module is used.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import InputError, UsageError, _scoresheet

__all__ = ["validate"]

#: The default size of a range: large enough that a task's overhead (tens of
#: milliseconds) is small beside its work, small enough to spread a file.
CHUNK_SIZE = 64 << 20


def _options(strict: bool, lang: Optional[str], repair: bool, ep: str) -> Dict[str, Any]:
    """`validate`'s options for every task: one thread per task."""
    return {
        "strict": bool(strict),
        "repair": bool(repair),
        "lang": lang,
        "ep": ep,
        "jobs": 1,
    }


# The end of the message a run without a single game gives on standard error.
_NO_GAMES = "no games read"


def _ranges(path: str, size: int) -> Optional[List[Tuple[int, int, int, bool, bool]]]:
    """Task: the ranges of a file, or None when it is validated whole."""
    return _scoresheet.ranges(path, size)


def _validate_range(options: Dict[str, Any], path: str, rng: Tuple[int, int, int, bool, bool]):
    """Task: the items of one range (JSON arrays, bytes), whether it read the
    rest of the file, how it ended."""
    text, rest, ended = _scoresheet.validate_range(options, path, rng)
    lines = text.splitlines()
    return [b"[" + b",".join(lines) + b"]"], rest, ended


def _validate_whole(options: Dict[str, Any], source: Union[str, bytes]):
    """Task: the items of one whole input, a path or bytes (JSON arrays,
    bytes), and how it ended."""
    text, ended = _scoresheet.validate_json(options, [source])
    lines = text.splitlines()
    return [b"[" + b",".join(lines) + b"]"], False, ended


def _small(path: str, size: int) -> bool:
    """Whether the client sees the file, no larger than one range."""
    try:
        return os.path.getsize(path) <= size
    except OSError:
        return False


def _merge(total: Dict[str, Any], part: Dict[str, Any]) -> None:
    """Adds a summary's counts to ``total`` (nested counts too), keeping the field order."""
    for key, value in part.items():
        if isinstance(value, dict):
            _merge(total.setdefault(key, {}), value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            total[key] = total.get(key, 0) + value
        else:
            total.setdefault(key, value)


def _order(summary: Dict[str, Any], first: Dict[str, Any]) -> Dict[str, Any]:
    """``summary`` with the field order the command writes (``unread`` last, when not zero)."""
    out = {k: summary[k] for k in first if k in summary}
    out.update({k: v for k, v in summary.items() if k not in out and k != "unread"})
    if summary.get("unread"):
        out["unread"] = summary["unread"]
    # Counts by kind as the command orders them: most frequent first, then by name.
    for key in ("errors_by_kind", "warnings_by_kind"):
        if isinstance(out.get(key), dict):
            out[key] = dict(sorted(out[key].items(), key=lambda kv: (-kv[1], kv[0])))
    return out


def validate(
    sources: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    client: Any,
    *,
    strict: bool = False,
    lang: Optional[str] = None,
    repair: bool = False,
    ep: str = "always",
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[Dict[str, Any]]:
    """Validates ``sources`` on the cluster of ``client`` (a ``dask.distributed.Client``).

    ``sources`` are paths (files or directories, searched as the command
    searches them) that every worker can read, or bytes (each one task,
    named ``<bytes>``). Yields each game's report,
    then ``{"type": "summary", "summary": {...}}``, exactly as :func:`scoresheet.validate` and
    ``scoresheet validate --format json`` give them (``seconds`` is the wall
    clock of the whole run). Files larger than ``chunk_size`` bytes are
    validated in ranges of about that size, one task each. Raises
    :class:`scoresheet.InputError` after the summary when an input could not
    be read.
    """
    start = time.monotonic()
    if isinstance(sources, (str, bytes, bytearray, memoryview, os.PathLike)):
        sources = [sources]
    # Each input: (its name, or the bytes themselves, whether a regular file).
    inputs: List[Tuple[Union[str, bytes], bool]] = []
    for s in sources:
        if isinstance(s, (bytes, bytearray, memoryview)):
            inputs.append((bytes(s), False))
        else:
            inputs.extend(_scoresheet.expand([os.fspath(s)]))
    if not inputs:
        raise InputError("no input file (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) found")
    options = _options(strict, lang, repair, ep)
    try:
        _scoresheet.check(options)
    except ValueError as e:
        raise UsageError(str(e)) from None
    # Where each regular file larger than a range is cut: one task per file,
    # on the workers (the client may not see the files; if it does, a small
    # file is known to be one range without asking).
    cuts = {
        name: client.submit(_ranges, name, chunk_size, pure=False)
        for name, regular in inputs
        if regular and isinstance(name, str) and not _small(name, chunk_size)
    }
    # One list of tasks per input, in input order.
    tasks: List[List[Any]] = []
    for name, regular in inputs:
        ranges = cuts[name].result() if isinstance(name, str) and name in cuts else None
        if ranges is None or len(ranges) <= 1:
            tasks.append([client.submit(_validate_whole, options, name, pure=False)])
        else:
            tasks.append(
                [client.submit(_validate_range, options, name, r, pure=False) for r in ranges]
            )
    summary: Dict[str, Any] = {}
    first: Optional[Dict[str, Any]] = None
    messages: List[str] = []
    failure: Optional[str] = None
    for futures in tasks:
        games = 0
        for i, future in enumerate(futures):
            pieces, rest, (code, stderr, error) = future.result()
            # "no games read" is said of a whole run, not of one of its tasks
            # (a file without games among others is no failure of the run).
            messages += [l for l in stderr.splitlines() if l.strip() and not l.endswith(_NO_GAMES)]
            if error is not None and failure is None and not error.endswith(_NO_GAMES):
                failure = error
            part: Dict[str, Any] = {}
            for item in (item for piece in pieces for item in json.loads(piece)):
                if "summary" in item:
                    part = item["summary"]
                    continue
                item["game"] += games
                yield item
            first = first or part
            _merge(summary, part)
            games += part.get("games", 0)
            if rest:
                # The rest of the file was read with this range.
                for later in futures[i + 1 :]:
                    later.cancel()
                break
    summary = _order(summary, first or {})
    if "seconds" in summary:
        timing = os.environ.get("SCORESHEET_NO_TIMING") is None
        summary["seconds"] = time.monotonic() - start if timing else 0.0
    yield {"type": "summary", "summary": summary}
    if failure is not None:
        raise InputError(failure, messages)
    if summary.get("unread"):
        raise InputError(messages[0] if messages else "an input could not be read", messages)

"""Type stubs of the scoresheet package (see the docstrings in __init__.py)."""

import os
from typing import Any, BinaryIO, Dict, Iterable, Iterator, List, Literal, Optional, Union

__version__: str

Source = Union[str, os.PathLike[str], bytes, BinaryIO]
Report = Dict[str, Any]
"""A game's report (``file``, ``game``, ``valid``, ``plies``, ``fen``,
``errors``, ``warnings``, ``notes``: docs/JSON.md), or ``{"type": "summary", "summary": {...}}``."""

class ScoresheetError(Exception): ...
class UsageError(ScoresheetError, ValueError): ...

class InputError(ScoresheetError, OSError):
    messages: List[str]
    def __init__(self, message: str, messages: Optional[List[str]] = ...) -> None: ...

class GameError(ScoresheetError, ValueError):
    file: str
    line: int
    column: int
    kind: str
    game: int
    problems: List[Dict[str, Any]]
    output: Optional[str]
    def __init__(self, problems: List[Dict[str, Any]], output: Optional[str]) -> None: ...

def validate(
    source: Union[Source, Iterable[Source]],
    *,
    strict: bool = ...,
    jobs: Optional[int] = ...,
    lang: Optional[str] = ...,
    repair: bool = ...,
    ep: Literal["always", "legal"] = ...,
    dedup: Optional[Literal["moves", "tags"]] = ...,
    deny: Union[str, Iterable[str], None] = ...,
    allow: Union[str, Iterable[str], None] = ...,
    fen: Optional[str] = ...,
    only: Literal["all", "invalid", "summary"] = ...,
) -> Iterator[Report]: ...
def read_games(
    source: Union[Source, Iterable[Source]],
    *,
    strict: bool = ...,
    lang: Optional[str] = ...,
    ep: Literal["always", "legal"] = ...,
) -> Iterator[Dict[str, Any]]: ...
def convert(
    source: Union[Source, Iterable[Source]],
    to: Literal["pgn", "san", "lan", "uci", "fen", "descriptive"] = ...,
    *,
    strict: bool = ...,
    lang: Optional[str] = ...,
    read_lang: Optional[str] = ...,
    from_: Literal["auto", "san", "lan", "uci", "descriptive"] = ...,
    fix_results: bool = ...,
    repair: bool = ...,
    style: Literal["compact", "spaced"] = ...,
    knight: Literal["n", "kt"] = ...,
    notes: bool = ...,
    output: Union[str, os.PathLike[str], None] = ...,
    errors: Literal["raise", "ignore"] = ...,
) -> Optional[str]: ...
def decode(
    transcription: Union[str, Dict[str, Any], List[Any]], fen: Optional[str] = ...
) -> Dict[str, Any]: ...

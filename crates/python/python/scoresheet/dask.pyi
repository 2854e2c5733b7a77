"""Type stubs of scoresheet.dask (see the docstrings in dask.py)."""

import os
from typing import Any, Dict, Iterable, Iterator, Literal, Optional, Union

CHUNK_SIZE: int

def validate(
    sources: Union[str, os.PathLike[str], bytes, Iterable[Union[str, os.PathLike[str], bytes]]],
    client: Any,
    *,
    strict: bool = ...,
    lang: Optional[str] = ...,
    repair: bool = ...,
    ep: Literal["always", "legal"] = ...,
    chunk_size: int = ...,
) -> Iterator[Dict[str, Any]]: ...

"""Files that other runs and other people read back: written whole, read as data.

``write_atomic`` never leaves half a file behind.  ``check_fields`` checks the
JSON a shared file holds field by field, so a mistyped or hostile file gets
one message naming where and which field, never a ``TypeError`` deep inside.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple


def write_atomic(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, sync it, then rename it
    over ``path``: a kill at any moment leaves the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


class Kind(NamedTuple):
    """A kind of JSON value: its name in messages and the test a value passes."""

    name: str
    test: Callable[[object], bool]


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


INT = Kind("an integer", _is_int)
NUMBER = Kind(
    "a finite number",
    lambda v: (_is_int(v) or isinstance(v, float)) and math.isfinite(v),
)
TEXT = Kind("a string", lambda v: isinstance(v, str))
BOOL = Kind("true or false", lambda v: isinstance(v, bool))
OBJECT = Kind("an object", lambda v: isinstance(v, dict))


def list_of(kind: Kind, name: str) -> Kind:
    """A list whose every item is of ``kind``."""
    return Kind(name, lambda v: isinstance(v, list) and all(kind.test(x) for x in v))


def or_null(kind: Kind) -> Kind:
    return Kind(f"{kind.name} or null", lambda v: v is None or kind.test(v))


def _describe(value) -> str:
    kind = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), "null" if value is None else "a number"
    )
    text = repr(value)
    return kind if value is None else f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


def check_fields(
    data,
    where: str,
    required: dict[str, Kind],
    optional: dict[str, Kind] | None = None,
    error: type[Exception] = ValueError,
) -> dict:
    """``data`` itself if it is an object with every ``required`` field and each
    present field of the kind named; else ``error`` naming ``where`` and the field."""
    if not isinstance(data, dict):
        raise error(f"{where}: expected an object, got {_describe(data)}")
    missing = [k for k in required if k not in data]
    if missing:
        raise error(f"{where}: lacks {', '.join(missing)}")
    for key, kind in {**required, **(optional or {})}.items():
        if key in data and not kind.test(data[key]):
            raise error(f"{where}: field {key} must be {kind.name}, got {_describe(data[key])}")
    return data

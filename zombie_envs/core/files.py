"""Files that other runs and other people read back: written whole, read as data.

``write_atomic`` never leaves half a file behind.  ``parse_json`` reads the
JSON of a file or request body with one error for anything that is not
JSON, nesting too deep included.  ``check_fields`` checks what it holds
field by field, so a mistyped or hostile file gets one message naming where
and which field, never a ``TypeError`` deep inside.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np

#: deeper JSON is refused before any reader walks it: no shared file or body nests so
MAX_JSON_DEPTH = 100
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_UMASK = threading.Lock()


def parse_json(text: str | bytes, where: str, error: type[Exception] = ValueError):
    """The value ``text`` holds, or ``error`` naming ``where``: not JSON, not
    UTF-8, or nested deeper than ``MAX_JSON_DEPTH`` (which would otherwise
    exhaust the parser's or a reader's recursion)."""
    try:
        depth = _depth(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        if depth > MAX_JSON_DEPTH:
            raise error(f"{where}: JSON nested {depth} levels deep; at most {MAX_JSON_DEPTH}")
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise error(f"{where} is not valid JSON ({getattr(e, 'msg', e)})") from None


def parse_yaml(text: str | bytes, where: str, error: type[Exception] = ValueError):
    """``parse_json`` for YAML (``yaml.safe_load``: plain data, nothing built
    from tags), with the same nesting limit; needs PyYAML."""
    import yaml

    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    try:
        depth = _depth(data)
        if depth > MAX_JSON_DEPTH:
            raise error(f"{where}: YAML nested {depth} levels deep; at most {MAX_JSON_DEPTH}")
        return yaml.safe_load(data)
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError) as e:
        raise error(f"{where} is not valid YAML ({e})") from None


def _depth(data: bytes) -> int:
    """The deepest bracket nesting outside strings, without recursion (and in
    C: a regex drops the strings, ``translate`` keeps the brackets)."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    if not brackets:
        return 0
    codes = np.frombuffer(brackets, np.uint8)
    return int(np.cumsum(np.where((codes == 0x5B) | (codes == 0x7B), 1, -1)).max())


def write_atomic(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, sync it, then rename it
    over ``path``: a kill at any moment leaves the old file or the new one.  The
    file gets the permissions the user's umask gives new files (as other tools
    write what people share), and temporaries that killed writers left beside
    it are removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o666 & ~_umask())
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    with _UMASK:  # reading the umask means setting it: no other thread in between
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _remove_stale(path: Path) -> None:
    """Delete the temporaries of writers of ``path`` that have died (their
    names carry the writer's process id); a live writer's is left alone."""
    for tmp in path.parent.glob(f"{path.name}.*.tmp"):
        pid = tmp.name[len(path.name) + 1 :].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


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

"""Output streams that outlive their reader.

Under ``zombie-envs train ... 2>&1 | tee log``, Ctrl-C stops ``tee`` as well,
and the next progress line would raise ``BrokenPipeError`` in the middle of
the save that Ctrl-C asked for.  A lost log must never cost the run, so once
a stream's reader has gone, the rest of what is written to it goes to
``/dev/null``.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager


class PipeSafe:
    """``stream``, except that a write or flush to a pipe whose reader has
    exited sends the stream's file descriptor to ``/dev/null`` instead of raising."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._to_null()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_null()

    def _to_null(self) -> None:
        # what is still buffered is flushed there too, at exit included (no exit 120)
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self._stream.fileno())
        finally:
            os.close(null)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextmanager
def pipe_safe_output():
    """``sys.stdout`` and ``sys.stderr`` as ``PipeSafe`` streams for the block."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = PipeSafe(sys.stdout), PipeSafe(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved

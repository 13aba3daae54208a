"""Shared files are read as data with one clear error and written whole, with
the user's permissions, leaving no temporaries of killed writers behind."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys

import pytest

from zombie_envs.core.files import MAX_JSON_DEPTH, parse_json, parse_yaml, write_atomic

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("parse", [parse_json, parse_yaml])
def test_deep_nesting_is_one_error_not_a_recursion_error(parse):
    with pytest.raises(ValueError, match=r"^shared\.json: .*nested 100000 levels deep"):
        parse(DEEP, "shared.json")
    fine = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert parse(fine, "shared.json") is not None
    with pytest.raises(ValueError, match="nested 101 levels"):
        parse("[" + fine + "]", "x")


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = '{"a": "[[[[\\"{{{{", "b": ["]]]]"]}'
    assert parse_json(text, "x") == {"a": '[[[["{{{{', "b": ["]]]]"]}
    assert parse_json(('"' + "[" * 500 + '"').encode(), "x") == "[" * 500


@pytest.mark.parametrize("text", ["{broken", b"\xff\xfe", "[1, 2"])
def test_what_is_not_json_names_the_file(text):
    with pytest.raises(ValueError, match=r"^f\.json is not valid JSON"):
        parse_json(text, "f.json")


def test_written_files_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", b"{}")
        os.umask(0o077)
        write_atomic(tmp_path / "b.json", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.json").stat().st_mode) == 0o600


def test_a_killed_writers_temporary_goes_with_the_next_write(tmp_path):
    target = tmp_path / "ratings.json"
    # a writer killed between its temporary and the rename
    child = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdout=subprocess.DEVNULL
    )
    dead = tmp_path / f"ratings.json.{child.pid}.abc.tmp"
    dead.write_bytes(b"half")
    child.send_signal(signal.SIGKILL)
    child.wait()
    live = tmp_path / f"ratings.json.{os.getppid()}.def.tmp"  # a live writer's is kept
    live.write_bytes(b"busy")
    other = tmp_path / "other.json.1.x.tmp"  # another file's is not this write's business
    other.write_bytes(b"")
    write_atomic(target, b"{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["ratings.json", live.name, other.name]
    )

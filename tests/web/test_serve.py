"""The ``serve`` command's settings, and its message where the web extra is missing
(these need no web framework)."""

from __future__ import annotations

import sys

import pytest

from zombie_envs.cli.main import build_parser
from zombie_envs.web.serve import default_data


def test_serve_keeps_records_beside_the_ratings_file(monkeypatch, tmp_path):
    monkeypatch.setenv("ZOMBIE_ENVS_RATINGS", str(tmp_path / "elsewhere" / "r.json"))
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.no_ratings) == ("127.0.0.1", 8000, False)
    assert args.data == str(default_data()) == str(tmp_path / "elsewhere")


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # an import of it now fails
    args = build_parser().parse_args(["serve", "--no-ratings"])
    with pytest.raises(SystemExit, match=r"uvicorn is missing\): pip install 'zombie-envs\[web\]'"):
        args.func(args)

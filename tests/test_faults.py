"""Hostile input and faults (issue 14, item 7): each ends in one clear line and exit 1 or 2, never a
traceback, never an "internal error", and nothing is lost or run that should not be."""

from __future__ import annotations

import os
import pickle
import stat
from importlib import resources
from pathlib import Path

import pytest

import notation.parse as parse_module
from notation import parse_hand


class _Plant:
    """A pickle that, when loaded, creates the file ``marker``: proof that a cache was trusted."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def _hostile(path: Path, marker: Path) -> None:
    path.write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Plant(marker)))


def test_lark_default_temp_cache_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pickle planted where lark's own cache would be (the shared temp folder) is not loaded."""
    import tempfile

    from lark import Lark

    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    Lark(grammar, **parse_module.PARSER_OPTIONS, cache=True)  # lark's default: where would it look?
    (planted,) = shared.glob(".lark_cache_*")
    marker = tmp_path / "pwned"
    _hostile(planted, marker)
    Lark(grammar, **parse_module.PARSER_OPTIONS, cache=True)
    assert marker.exists(), "the planted pickle should run under lark's default cache (the test's premise)"
    marker.unlink()

    parse_module._parser.cache_clear()
    try:
        assert str(parse_hand("123d EE")) == "123d EE"
    finally:
        parse_module._parser.cache_clear()
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
@pytest.mark.parametrize("mode", [0o666, 0o620, 0o602])
def test_cache_others_may_write_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int) -> None:
    """A cache file in the player's cache folder that others may write is ignored, not loaded."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parse_module._parser.cache_clear()
    try:
        parse_hand("1d")  # writes the cache
        (cached,) = (tmp_path / "sekwoo").iterdir()
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
        marker = tmp_path / "pwned"
        _hostile(cached, marker)
        cached.chmod(mode)
        parse_module._parser.cache_clear()
        assert str(parse_hand("123d EE")) == "123d EE"
        assert not marker.exists()
    finally:
        parse_module._parser.cache_clear()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_cache_folder_others_may_write_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder others may write in is not used at all: no cache is read or written there."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parse_module._parser.cache_clear()
    try:
        parse_hand("1d")  # writes the cache
        (cached,) = (tmp_path / "sekwoo").iterdir()
        marker = tmp_path / "pwned"
        _hostile(cached, marker)
        (tmp_path / "sekwoo").chmod(0o777)
        parse_module._parser.cache_clear()
        assert str(parse_hand("123d EE")) == "123d EE"
        assert not marker.exists()
    finally:
        parse_module._parser.cache_clear()

"""Running ``sekwoo`` commands in-process for the tutor's tests: the exit code and both streams,
or the JSON a command prints."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from tutor.cli.app import app


def run(*args: str) -> tuple[int, str, str]:
    """``sekwoo ARGS``: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def js(*args: str) -> Any:
    """The JSON object ``sekwoo ARGS --json`` prints (it must exit 0)."""
    code, out, err = run(*args, "--json")
    assert code == 0, err
    return json.loads(out)

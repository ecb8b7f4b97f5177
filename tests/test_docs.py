"""The documentation's examples run as written: the library API page and the package docstring."""

from __future__ import annotations

import doctest
from pathlib import Path

import tutor

DOCS = Path(__file__).parent.parent / "docs"


def test_api_page_examples_run() -> None:
    result = doctest.testfile(str(DOCS / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20 and result.failed == 0


def test_package_docstring_examples_run() -> None:
    result = doctest.testmod(tutor)
    assert result.attempted >= 5 and result.failed == 0

"""The suite's one collection rule: a test marked ``heavy`` (a long variant of a check the default
run already makes once) runs only when the run asks for it (``-m heavy``), so that the README's
command stays within CI's 10 minutes on 2 cores."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "heavy" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a long variant of a check the default run makes: run with -m heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)

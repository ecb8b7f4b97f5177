"""The house's shape, drawn from the code: rooms, one-way imports, module sizes, rules as data, the wheel."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tutor.rules.load import builtin_names

ROOT = Path(__file__).parent.parent
PACKAGES = ("tutor", "notation", "puzzles")
# Imports run one way, from a higher room to a lower one (same room allowed).
RANK = {"errors": 0, "core": 1, "notation": 1, "rules": 2, "engine": 3, "teach": 4, "puzzles": 4,
        "table": 5,
        "render": 6, "cli": 7}
LIMIT = 500  # lines a module may hold


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            name = ".".join(rel.parts)
            out[name.removesuffix(".__init__")] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every module of ours that ``name`` imports, at any depth of the file (lazy imports count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in MODULES:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _room(name: str) -> str:
    parts = name.split(".")
    return parts[1] if parts[0] == "tutor" and len(parts) > 1 else parts[0]


HOOK = {("notation", "tutor.core.hands"), ("tutor.core.hands", "notation")}  # Hand.parse


def _is_hook(a: str, b: str) -> bool:
    return any(a.startswith(x) and b.startswith(y) for x, y in HOOK)


def test_tutor_holds_only_rooms_and_its_entry_points() -> None:
    loose = sorted(p.name for p in (ROOT / "tutor").glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "errors.py"]
    rooms = sorted(p.name for p in (ROOT / "tutor").iterdir() if p.is_dir() and p.name != "__pycache__")
    assert rooms == ["cli", "core", "engine", "render", "rules", "table", "teach"]


def test_imports_run_one_way() -> None:
    """cli -> render -> teach -> engine -> rules -> core -> errors; the package root and
    ``__main__`` (the API and the entry point) are imported by nobody inside."""
    wrong = []
    for a, targets in GRAPH.items():
        for b in targets:
            if b in ("tutor", "tutor.__main__"):
                wrong.append(f"{a} imports {b}")
            elif a not in ("tutor", "tutor.__main__") and not _is_hook(a, b) and RANK[_room(a)] < RANK[_room(b)]:
                wrong.append(f"{a} ({_room(a)}) imports {b} ({_room(b)})")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycle_but_the_notation_hook() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for v in GRAPH:
        if v not in index:
            visit(v)
    allowed = [c for c in cycles if all(m.startswith("notation") or m == "tutor.core.hands" for m in c)]
    assert [c for c in cycles if c not in allowed] == []


def test_no_module_over_the_limit() -> None:
    big = {n: len(p.read_text(encoding="utf-8").splitlines()) for n, p in MODULES.items()}
    assert {n: k for n, k in big.items() if k > LIMIT} == {}


@pytest.mark.parametrize("room", ["core", "rules", "engine", "teach", "table"])
def test_the_library_never_imports_typer_or_rich(room: str) -> None:
    for path in (ROOT / "tutor" / room).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in ("typer", "rich") for n in names), path


def test_no_rule_set_name_in_the_library() -> None:
    """Rule sets are data: no rule-set name is tested anywhere below the CLI; the default rule set
    may be named only as a parameter's default value."""
    names = set(builtin_names())
    assert "3leg" in names and len(names) >= 5
    found = []
    for room in ("core", "rules", "engine", "teach", "table", "render"):
        for path in (ROOT / "tutor" / room).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            defaults = {id(d) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                        for d in (*node.args.defaults, *node.args.kw_defaults) if d is not None}
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and node.value in names and id(node) not in defaults:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} names {node.value!r}")
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_data_file_and_runs(tmp_path: Path) -> None:
    """Build the wheel as pip would, check it holds every package and data file of the checkout,
    and run ``sekwoo check`` from the unpacked wheel (not from the checkout)."""
    out = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out),
                    str(ROOT)], check=True, capture_output=True, timeout=300)
    wheel = next(out.glob("sekwoo-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*")
              if p.suffix in (".py", ".yaml", ".lark", ".typed") and "__pycache__" not in p.parts}
    assert wanted - names == set()
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import os, sys, tutor; assert tutor.__file__.startswith(os.environ['PYTHONPATH']), tutor.__file__; "
            "from tutor.cli.app import main; sys.argv[0] = 'sekwoo'; main()")
    run = subprocess.run([sys.executable, "-c", code, "check", "123d 456d 789d EEE RR", "--json"],
                         capture_output=True, text=True, timeout=120, check=False, env={"PYTHONPATH": str(site), "PATH": ""},
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert '"wins": true' in run.stdout

"""The top floor of ``python/zhengfen/`` holds public API only (issue 48 §5): each of its modules
is one the README or AI.md documents as public, or private plumbing of the package itself
(``_version``, the extension's stubs). Plumbing that once stood there (``declarations``,
``seats``, ``text``'s copy of ``names``, ``ray_connect``) lives in its wing or is the core's."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import zhengfen

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "zhengfen"

PUBLIC = {"errors", "names", "text", "types"}
"""The documented public modules of the top floor."""
PRIVATE = {"__init__", "__main__", "_core", "_version"}
"""The package's own: its entry, ``python -m zhengfen``, the extension's stubs, the version."""


def _documents() -> str:
    return "\n".join((ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "AI.md"))


def test_the_top_floor_holds_only_the_listed_modules() -> None:
    modules = {path.stem for path in PACKAGE.glob("*.py")} | {
        path.name.split(".")[0] for path in PACKAGE.glob("*.pyi")
    }
    assert modules == PUBLIC | PRIVATE


def test_each_public_module_is_documented_as_public() -> None:
    documents = _documents()
    for module in PUBLIC:
        assert re.search(rf"`zhengfen\.{module}`", documents), module


def test_each_package_of_the_top_floor_is_documented() -> None:
    documents = _documents()
    packages = [path.parent.name for path in PACKAGE.glob("*/__init__.py")]
    assert packages
    for package in packages:
        assert re.search(rf"zhengfen\.{package}\b|\b{package}/", documents), package


def test_the_package_reaches_only_what_the_top_floor_holds() -> None:
    """``zhengfen.SUBMODULES`` names no module that is gone (``zhengfen.seats`` was one)."""
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert set(zhengfen.SUBMODULES) <= PUBLIC | packages


def test_no_public_module_re_exports_another() -> None:
    """A name a public module lists in ``__all__`` but imports from elsewhere in the package is
    plumbing (``seats`` re-exported ``agents/seats``; ``text`` re-exported ``names``): each is
    defined in its module, or is the core's."""
    for module in PUBLIC:
        tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
        imported = {
            alias.asname or alias.name: node.module
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
        }
        listed = getattr(importlib.import_module(f"zhengfen.{module}"), "__all__", [])
        borrowed = [
            name
            for name in listed
            if imported.get(name, "").startswith("zhengfen.") and imported[name] != "zhengfen._core"
        ]
        assert not borrowed, (module, borrowed)

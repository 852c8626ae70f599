"""The package's layout (issue 33 §1): the top floor holds the public API, each command's code
lives in a package, and a package's docstring names every module it holds, so a newcomer finds
each command's code in one place and each package's map is complete."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from zhengfen.cli import COMMANDS

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "zhengfen"


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _functions(path: Path) -> set[str]:
    return {node.name for node in _tree(path).body if isinstance(node, ast.FunctionDef)}


def test_each_command_lives_in_a_package() -> None:
    """Every subcommand's module is in a package, not on the top floor, and no top-floor module
    holds a subcommand (its ``add_arguments``)."""
    for name, module in COMMANDS.items():
        assert module.count(".") >= 2, (name, module)
        assert (PACKAGE / (module.removeprefix("zhengfen.").replace(".", "/") + ".py")).is_file()
    top_floor = [path for path in PACKAGE.glob("*.py") if path.stem != "__main__"]
    assert top_floor and all("add_arguments" not in _functions(path) for path in top_floor)


PACKAGES = sorted(path.parent.name for path in PACKAGE.glob("*/__init__.py"))
"""Every package of the top floor (found, so that a new one needs its map too)."""


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_docstring_names_every_module(package: str) -> None:
    folder = PACKAGE / package
    docstring = ast.get_docstring(_tree(folder / "__init__.py")) or ""
    modules = [path.stem for path in folder.glob("*.py")]
    modules = [module for module in modules if module not in ("__init__", "__main__")]
    assert modules
    for module in modules:
        assert f"zhengfen.{package}.{module}" in docstring, module

"""Who imports whom (issue 48 §3): no wing imports the command line, the web imports nothing of
the terminal, and no modules import each other in a circle, in the Python package or in the two
Rust crates. Each graph is read from the source files, so a new arrow fails here at once.

A circle is a strongly connected set of two or more modules. In Python, every ``import`` counts,
at the top of a module or inside a function (a lazy import is an import), except those under
``if TYPE_CHECKING:``, which are never run; an edge goes to the module named (``from zhengfen.arena
import log`` names ``zhengfen.arena.log``; ``from zhengfen.arena import Tournament`` names the
package). In Rust, an edge goes from a file's module to the deepest module that a ``use crate::``
or ``use super::`` line, or a ``crate::`` path in its code, names; a module's own ancestors are
left out, since a parent declares its children and re-exports what they define.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest

from zhengfen.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "zhengfen"
CRATES = (ROOT / "rust" / "zhengfen-core" / "src", ROOT / "rust" / "zhengfen-py" / "src")
WINGS = ("agents", "arena", "bots", "league", "terminal", "train", "web", "envs", "conformance")

Graph = Mapping[str, set[str]]


def python_modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__.py``), and
    the extension ``zhengfen._core``, which imports nothing of the package."""
    found: dict[str, Path] = {"zhengfen._core": PACKAGE / "_core.pyi"}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under ``node``, at any depth, but those only a type checker reads."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _imports(child)


def _named(name: str, node: ast.Import | ast.ImportFrom, modules: Mapping[str, Path]) -> set[str]:
    """The dotted names an import statement of module ``name`` brings in."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        package = name.split(".") if modules[name].name == "__init__.py" else name.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
    return {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names}


def python_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = python_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        if path.suffix == ".py":
            for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
                for target in _named(name, node, modules):
                    while target and target not in modules:
                        target = target.rpartition(".")[0]
                    edges.add(target)
        graph[name] = edges - {"", name}
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected sets of two or more nodes (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, edges = work[-1]
            step = next((e for e in edges if e in graph), None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(part) > 1:
                        found.append(sorted(part))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph[step]))))
            elif step in stack:
                low[node] = min(low[node], index[step])
    return found


def test_circles_are_found() -> None:
    """The finder itself: a circle of three, a self-edge and a chain."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"d"}, "e": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def _command_modules() -> set[str]:
    """The modules that hold a subcommand (:data:`zhengfen.cli.COMMANDS`) or a command's
    arguments (a top-level ``add_arguments``): the command line's own modules, which live with
    each command's code and may import :mod:`zhengfen.cli`."""
    held = set(COMMANDS.values())
    for name, path in python_modules().items():
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if any(
                isinstance(node, ast.FunctionDef) and node.name == "add_arguments"
                for node in tree.body
            ):
                held.add(name)
    return held


def _wing(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in WINGS else None


def _path_to(graph: Graph, start: str, goal: str) -> list[str] | None:
    """A chain of imports from ``start`` to ``goal`` or into its package, if there is one."""
    came: dict[str, str | None] = {start: None}
    queue = [start]
    for node in queue:
        if node == goal or node.startswith(goal + "."):
            chain = [node]
            while (before := came[chain[-1]]) is not None:
                chain.append(before)
            return chain[::-1]
        for step in sorted(graph.get(node, ())):
            if step not in came:
                came[step] = node
                queue.append(step)
    return None


def test_no_wing_imports_the_command_line() -> None:
    """The library code of every wing (agents, arena, bots, league, terminal, train, web, envs,
    conformance) runs without the command line: only a command's own modules import it, and no
    other module of a wing reaches it through what it imports."""
    graph = python_graph()
    commands = _command_modules()
    wrong = [
        " -> ".join(chain)
        for name in sorted(graph)
        if _wing(name) and name not in commands
        if (chain := _path_to(graph, name, "zhengfen.cli")) is not None
    ]
    assert not wrong, wrong


def test_the_web_imports_nothing_of_the_terminal() -> None:
    graph = python_graph()
    wrong = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if name.startswith("zhengfen.web.")
        for target in targets
        if target.startswith("zhengfen.terminal")
    )
    assert not wrong, wrong


def test_no_python_modules_import_each_other_in_a_circle() -> None:
    found = circles(python_graph())
    assert not found, found


def test_the_python_graph_sees_lazy_imports() -> None:
    """Imports inside functions count (the arena log is read lazily by ``zhengfen replay``)."""
    graph = python_graph()
    assert "zhengfen.arena.log" in graph["zhengfen.terminal.replay_command"]
    assert "zhengfen.web.app" in graph["zhengfen.web.command"]  # imported in run()


def rust_modules(src: Path) -> dict[tuple[str, ...], Path]:
    """Each file module of a crate by its path (``lib.rs`` is ``()``, ``a/mod.rs`` is
    ``("a",)``)."""
    found: dict[tuple[str, ...], Path] = {}
    for path in src.rglob("*.rs"):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[-1] in ("mod", "lib"):
            parts = parts[:-1]
        found[tuple(parts)] = path
    return found


def _expand(tree: str) -> Iterator[str]:
    """The paths of a use tree: ``a::{b, c::{d, e}}`` gives ``a::b``, ``a::c::d``, ``a::c::e``."""
    start = tree.find("{")
    if start < 0:
        yield tree
        return
    head, body, depth, part = tree[:start], tree[start + 1 : tree.rindex("}")], 0, ""
    for char in body + ",":
        if char == "," and depth == 0:
            if part.strip():
                yield from _expand(head + part.strip())
            part = ""
            continue
        depth += (char == "{") - (char == "}")
        part += char


USE = re.compile(r"^(?:pub(?:\([a-z]+\))?\s+)?use\s+((?:crate|super)::[^;]*);", re.M | re.S)
CRATE_PATH = re.compile(r"\bcrate((?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def _rust_paths(module: tuple[str, ...], text: str) -> Iterable[tuple[str, ...]]:
    """The absolute paths a file names: its unindented ``use crate::``/``use super::`` items
    (an indented ``use super::`` belongs to an inline module, such as its tests) and every
    ``crate::`` path outside comments."""
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    for match in USE.finditer(code):
        for path in _expand(re.sub(r"\s+", "", match.group(1))):
            words = path.split("::")
            parents = module
            while words[0] == "super":
                words, parents = words[1:], parents[:-1]
            yield (*parents, *words) if path.startswith("super") else tuple(words[1:])
    for match in CRATE_PATH.finditer(code):
        yield tuple(match.group(1).split("::")[1:])


def rust_graph(src: Path) -> dict[str, set[str]]:
    """Each file module of a crate and the file modules it uses, less its ancestors."""
    modules = rust_modules(src)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        edges: set[str] = set()
        for words in _rust_paths(module, path.read_text(encoding="utf-8")):
            while words and words not in modules:
                words = words[:-1]
            if words != module[: len(words)]:  # neither itself nor an ancestor
                edges.add("::".join(words))
        graph["::".join(module)] = edges
    return graph


def test_the_rust_graph_reads_uses_and_paths() -> None:
    core = rust_graph(CRATES[0])
    assert "learned::features" in core["learned::model"]  # use super::features::{...}
    assert "encode" in core["learned::features"]  # use crate::encode::{\n ... };
    binding = rust_graph(CRATES[1])
    assert "args" in binding["batch"]  # const ROWS = crate::args::ROWS;
    assert list(_expand("a::{b, c::{d, e}}")) == ["a::b", "a::c::d", "a::c::e"]


@pytest.mark.parametrize("src", CRATES, ids=lambda src: src.parent.name)
def test_no_rust_modules_use_each_other_in_a_circle(src: Path) -> None:
    found = circles(rust_graph(src))
    assert not found, found

"""The web parses at its edge (issue 48 §4): :mod:`zhengfen.web.inputs` alone reads a request's
fields and turns them into typed values (:mod:`zhengfen.web.requested`); the route layer
(:mod:`zhengfen.web.app`) reads the body's bytes and hands the body to it unread, and no other
module of the web takes a body. Read from the source files with ``ast``, so a new route or game
method that reads a field itself fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import zhengfen
from zhengfen.web import inputs
from zhengfen.web.requested import ByMove

WEB = Path(zhengfen.__file__).parent / "web"
EDGE = "inputs.py"
ROUTES = "app.py"
READS = {"json", "body", "stream", "form"}
"""The methods of a Starlette request that read its body."""


def _modules() -> list[Path]:
    found = sorted(WEB.glob("*.py"))
    assert {path.name for path in found} >= {EDGE, ROUTES, "games.py", "tournaments.py"}
    return found


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _names_body(node: ast.expr | None) -> bool:
    """Whether an annotation names the ``Body`` type."""
    return node is not None and any(
        (isinstance(n, ast.Name) and n.id == "Body")
        or (isinstance(n, ast.Attribute) and n.attr == "Body")
        for n in ast.walk(node)
    )


def _body_parameters(tree: ast.Module) -> list[str]:
    """The functions of a module taking a ``Body``-typed parameter."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            if any(_names_body(argument.annotation) for argument in every):
                found.append(getattr(node, "name", "lambda"))
    return found


def _imports_body(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom) and any(alias.name == "Body" for alias in node.names)
        for node in ast.walk(tree)
    )


def _is_read_body(node: ast.AST) -> bool:
    """Whether ``node`` is ``read_body(...)`` or ``await read_body(...)``."""
    if isinstance(node, ast.Await):
        node = node.value
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "read_body"
    )


def _is_inputs(node: ast.expr) -> bool:
    """Whether ``node`` is ``inputs.NAME``."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "inputs"
    )


def _handed_to_inputs(parent: ast.AST | None, child: ast.AST) -> bool:
    """Whether ``child`` is an argument of a call of ``inputs.NAME(...)``, or of
    ``run_in_threadpool(inputs.NAME, ...)``."""
    if not isinstance(parent, ast.Call) or child not in parent.args:
        return False
    if _is_inputs(parent.func):
        return True
    pooled = isinstance(parent.func, ast.Name) and parent.func.id == "run_in_threadpool"
    return pooled and _is_inputs(parent.args[0])


def _unhanded_bodies(tree: ast.Module) -> list[int]:
    """The lines of the route layer where a body (a name bound to ``read_body(...)``, or the
    call itself) is used other than handed to a function of ``inputs``."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    bodies = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _is_read_body(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    wrong = []
    for node in ast.walk(tree):
        used = isinstance(node, ast.Name) and node.id in bodies and isinstance(node.ctx, ast.Load)
        if isinstance(node, ast.Await) and _is_read_body(node):
            used = not isinstance(parents.get(node), ast.Assign)
        if used and not _handed_to_inputs(parents.get(node), node):
            wrong.append(getattr(node, "lineno", 0))
    return sorted(wrong)


def _reads_request(tree: ast.Module) -> list[str]:
    """The functions reading a request's body themselves (``request.json()`` and the like),
    but for :func:`zhengfen.web.app.read_body`."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if function.name == "read_body":
            continue
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in READS
                and isinstance(node.value, ast.Name)
                and node.value.id == "request"
            ):
                found.append(function.name)
    return found


def test_no_module_past_the_edge_takes_a_body() -> None:
    """Only ``inputs.py`` takes a ``Body``: the games, tournaments, hints and the rest take
    typed values."""
    for path in _modules():
        if path.name == EDGE:
            continue
        tree = _tree(path)
        assert _body_parameters(tree) == [], f"{path.name} takes a Body"
        if path.name != ROUTES:
            assert not _imports_body(tree), f"{path.name} imports Body"


def test_the_route_layer_hands_each_body_to_inputs_unread() -> None:
    """In ``app.py`` every body read is handed to a function of ``inputs`` and nothing else:
    no field read there, no body passed to a game."""
    tree = _tree(WEB / ROUTES)
    assert _unhanded_bodies(tree) == []
    bodies = sum(_is_read_body(node) for node in ast.walk(tree) if isinstance(node, ast.Call))
    assert bodies >= 8  # every route that takes a body reads it with read_body


def test_only_read_body_reads_a_request_body() -> None:
    for path in _modules():
        assert _reads_request(_tree(path)) == [], path.name


def test_the_guard_catches_a_body_past_the_edge() -> None:
    """The checks fail on the old code's forms: a game method taking the body, a field read in
    a route, a body handed to a game (directly or through the thread pool)."""
    old = ast.parse(
        "async def hint(request, server):\n"
        "    body = await read_body(request, 1)\n"
        "    spec = body.string('agent')\n"
        "    (await read_body(request, 1)).finish()\n"
        "    game.move(seat, body)\n"
        "    inputs.move(body, rules)\n"
        "    await run_in_threadpool(inputs.new_game, body)\n"
        "    await run_in_threadpool(games.new_game, body)\n"
        "    data = await request.json()\n"
        "def move(self, seat: int, body: Body) -> None: ...\n"
    )
    assert _unhanded_bodies(old) == [3, 4, 5, 8]
    assert _body_parameters(old) == ["move"]
    assert _reads_request(old) == ["hint"]


def test_the_typed_values_leave_nothing_unread() -> None:
    """A field a request does not take is refused at the edge, before any game acts."""
    rules = zhengfen.Rules("zheng_fen")
    with pytest.raises(inputs.InputError, match="unknown field 'colour'"):
        inputs.move(inputs.Body({"index": 0, "colour": 1}), rules)
    chosen = inputs.move(inputs.Body({"move": "pair 8 01: 8c 8d", "version": 2}), rules)
    assert chosen.version == 2
    assert chosen.choice == ByMove(zhengfen.Combo.parse("pair 8 1: 8c 8d", rules))

"""No function of the package is over 60 lines (issue 33 §4; STYLE.md: small functions a
newcomer can read): a longer one is split into named steps, and a long table of data is a
module-level constant. The Rust side keeps the same rule with clippy's ``too_many_lines``
(``clippy.toml``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import zhengfen

PACKAGE = Path(zhengfen.__file__).parent
LONGEST = 60


def long_functions(source: str, where: str) -> Iterator[str]:
    """Each function (or method) of ``source`` over ``LONGEST`` lines, from its ``def`` to its
    last line, docstring included."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            if lines > LONGEST:
                yield f"{where}:{node.lineno} {node.name} ({lines} lines)"


def test_no_function_of_the_package_is_over_60_lines() -> None:
    found = [
        long
        for path in sorted(PACKAGE.rglob("*.py"))
        for long in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    ]
    assert found == [], "split these into named steps:\n" + "\n".join(found)


def test_the_measure_finds_a_long_function_and_a_long_method() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(LONGEST - 1))
    at_limit = f"def short():\n{body}"
    over = f"def long():\n{body}    return 0\n"
    method = "class C:\n" + "".join(f"    {line}\n" for line in over.splitlines())
    assert list(long_functions(at_limit, "m.py")) == []
    assert list(long_functions(over, "m.py")) == [f"m.py:1 long ({LONGEST + 1} lines)"]
    assert list(long_functions(method, "m.py")) == [f"m.py:2 long ({LONGEST + 1} lines)"]

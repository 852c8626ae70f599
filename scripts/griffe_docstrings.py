"""The griffe extension of the API reference (``mkdocs.yml``): docstrings for the extension
module, examples shown as code, and a warning for every public name without a docstring.

``zhengfen._core`` is read from its stubs (``python/zhengfen/_core.pyi``), which give the
signatures and the docstrings the compiled module lacks; a name the stubs leave undocumented
takes the docstring the compiled module itself carries (the Rust doc comment that ``help()``
shows), so each text is written once. Interactive examples (``>>>`` lines and their output,
which doctest runs) are set as code. Then every public name is checked: each name in the
``__all__`` of ``zhengfen`` and of its wings (the modules directly below it that define one),
and each public method and property of the classes among them. A name with no docstring is a
warning, which ``mkdocs build --strict`` turns into a failed build.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import griffe

PACKAGE = "zhengfen"
COMPILED = "_core"
DESCRIPTORS = ("getset_descriptor", "member_descriptor", "property")


class PublicDocstrings(griffe.Extension):
    """Fills ``zhengfen._core``'s missing docstrings from the compiled module, sets examples as
    code, then warns of the public names that have no docstring."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Runs once the package is loaded, before any page is rendered."""
        if pkg.name != PACKAGE:
            return
        stub = pkg.members[COMPILED]
        assert isinstance(stub, griffe.Module)
        fill_from_module(stub, importlib.import_module(f"{PACKAGE}.{COMPILED}"))
        for obj in _objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = fence_examples(obj.docstring.value)
        for path in undocumented(pkg):
            griffe.logger.warning(f"{path} is public and has no docstring")


def fill_from_module(stub: griffe.Module, module: ModuleType) -> None:
    """Gives each class, function, method and property of ``stub`` that has no docstring the one
    the compiled ``module`` carries, where it carries one."""
    for name, member in stub.members.items():
        if isinstance(member, griffe.Alias) or not hasattr(module, name):
            continue
        runtime = getattr(module, name)
        _fill(member, runtime)
        if isinstance(member, griffe.Class):
            for method_name, method in member.members.items():
                if method_name in vars(runtime) and not isinstance(method, griffe.Alias):
                    _fill(method, getattr(runtime, method_name))


def _fill(obj: griffe.Object, runtime: object) -> None:
    """Sets ``obj``'s docstring from ``runtime.__doc__`` when ``obj`` has none (an attribute
    only when it is a property: a value's ``__doc__`` is its type's)."""
    if obj.docstring is not None:
        return
    if isinstance(obj, griffe.Attribute) and type(runtime).__name__ not in DESCRIPTORS:
        return
    text = getattr(runtime, "__doc__", None)
    if isinstance(text, str) and text.strip():
        obj.docstring = griffe.Docstring(text.strip(), parent=obj)


def fence_examples(text: str) -> str:
    """``text`` with each interactive example (a ``>>>`` line up to the next blank line) set in
    a fenced ``pycon`` block, so that Markdown shows it as written."""
    out: list[str] = []
    indent: str | None = None
    for line in text.splitlines():
        if indent is None and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
        elif indent is not None and not line.strip():
            out.append(f"{indent}```")
            indent = None
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


def _objects(module: griffe.Module) -> Iterator[griffe.Object]:
    """``module`` and every object defined in it or below it (aliases left out)."""
    yield module
    for member in module.members.values():
        if isinstance(member, griffe.Module):
            yield from _objects(member)
        elif isinstance(member, griffe.Class):
            yield member
            yield from (m for m in member.members.values() if isinstance(m, griffe.Object))
        elif isinstance(member, griffe.Object):
            yield member


def undocumented(pkg: griffe.Module) -> Iterator[str]:
    """The paths of the public names of ``pkg`` and its wings that have no docstring."""
    for module in [pkg, *_wings(pkg)]:
        for name in sorted(str(export) for export in module.exports or ()):
            if name == "__version__":
                continue
            member = module.members[name]
            target = member.final_target if isinstance(member, griffe.Alias) else member
            if not _documented(target):
                yield f"{module.path}.{name}"
            if isinstance(target, griffe.Class):
                yield from _undocumented_members(target)


def _wings(pkg: griffe.Module) -> list[griffe.Module]:
    """The modules directly below ``pkg`` that state their public names in ``__all__``."""
    return [
        member
        for name, member in pkg.members.items()
        if isinstance(member, griffe.Module) and member.exports and name != COMPILED
    ]


def _undocumented_members(cls: griffe.Class) -> Iterator[str]:
    """The public methods and properties of ``cls`` that have no docstring."""
    for name, member in cls.members.items():
        if name.startswith("_") or isinstance(member, griffe.Alias):
            continue
        method = isinstance(member, griffe.Function) or "property" in member.labels
        if method and not _documented(member):
            yield f"{cls.path}.{name}"


def _documented(obj: griffe.Object | griffe.Alias) -> bool:
    """Whether ``obj`` has a docstring with some text."""
    return obj.docstring is not None and bool(obj.docstring.value.strip())

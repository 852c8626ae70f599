"""The project's documents stand alone: none points at files outside the repository (the
sources and rulings the rules were settled from are cited by title in RULES.md)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType
from typing import is_typeddict

import pytest

import zhengfen

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ["RULES.md", "AI.md", "CONFORMANCE.md", "BOTS.md", "README.md", "CHANGES.md"]
OUTSIDE = re.compile(r"shared/|RULINGS\.md|seeds/\d|\.\./")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_no_document_points_outside_the_repository(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    found = [line for line in text.splitlines() if OUTSIDE.search(line)]
    assert not found, found


def test_rules_cite_their_sources_by_title() -> None:
    text = (ROOT / "RULES.md").read_text(encoding="utf-8")
    head = text[: text.index("## 1.")]
    for title in ("GiocAreA", "Zen Cheng You - That Game No One Knows", "pagat.com"):
        assert title in " ".join(head.split()), title


# --- the API reference's overview (docs/index.md) states the API as it is -----------------------

INDEX = ROOT / "docs" / "index.md"
CLASSES = [
    zhengfen.Card,
    zhengfen.Cards,
    zhengfen.Rules,
    zhengfen.Combo,
    zhengfen.SplitMix64,
    zhengfen.Game,
]


def test_every_call_the_overview_names_exists() -> None:
    """Each call written in docs/index.md (```name(```, ```zhengfen.name(```) is a function of
    ``zhengfen`` or a method of one of its classes."""
    members = {n for c in CLASSES for n in dir(c)}
    calls = set(re.findall(r"`([A-Za-z_][\w.]*)\(", INDEX.read_text(encoding="utf-8")))
    assert calls
    for call in calls:
        owner, _, name = call.rpartition(".")
        if owner in ("", "zhengfen"):
            assert hasattr(zhengfen, name) or name in members, call
        else:
            assert hasattr(getattr(zhengfen, owner), name), call


def test_every_module_name_the_overview_lists_exists() -> None:
    """Each row of the overview's table that names a module's members (```zhengfen.agents`:
    `Agent`, ...``) names members that module has."""
    rows = re.findall(r"^\| `(zhengfen\.\w+)`: ([^|]+)\|", INDEX.read_text(encoding="utf-8"), re.M)
    assert len(rows) >= 2
    for module, names in rows:
        imported = importlib.import_module(module)
        for name in re.findall(r"`(\w+)`", names):
            assert hasattr(imported, name), (module, name)


def test_the_overview_lists_every_error_class() -> None:
    """The table of errors in docs/index.md has one row for each class of ``zhengfen.errors``,
    and each is exported by ``zhengfen``."""
    text = INDEX.read_text(encoding="utf-8")
    table = text[text.index("## Errors") :]
    rows = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
    assert rows == set(zhengfen.errors.__all__)
    assert all(getattr(zhengfen, name) is getattr(zhengfen.errors, name) for name in rows)


def test_rules_sections_cited_by_the_api_documents_exist() -> None:
    """Every "RULES.md §N.M" that the stubs and the overview cite is a section of RULES.md."""
    rules = (ROOT / "RULES.md").read_text(encoding="utf-8")
    stubs = ROOT / "python" / "zhengfen" / "_core.pyi"
    text = " ".join(path.read_text(encoding="utf-8") for path in (INDEX, stubs))
    sections = re.findall(r"RULES\.md\s+§(\d+\.\d+[a-z]?)", text)
    assert len(sections) >= 20
    for section in sections:
        assert f"**{section} " in rules or f"**{section}." in rules, section


def _citing_files() -> list[Path]:
    """The repository's documents and sources that could cite a document."""
    return [
        *ROOT.glob("*.md"),
        *(ROOT / "docs").rglob("*.md"),
        *(ROOT / "python").rglob("*.py"),
        *(ROOT / "python").rglob("*.pyi"),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "rust").rglob("*.rs"),
        *(ROOT / "scripts").rglob("*"),
        *(ROOT / ".github").rglob("*.yml"),
        ROOT / "pyproject.toml",
    ]


def test_no_file_cites_a_retired_document() -> None:
    """API.md, the hand-written listing of the API, is gone (issue 48 §6): the reference is
    generated from the docstrings and stubs. Only the web's own API.md (the JSON API of
    ``zhengfen serve``, in ``python/zhengfen/web/``) is cited, as ``web/API.md`` from outside
    that folder; older names stay gone too."""
    assert not (ROOT / "API.md").exists()
    web = ROOT / "python" / "zhengfen" / "web"
    for path in _citing_files():
        if not path.is_file() or path.name in ("test_documents.py", "CHANGES.md", "changes.md"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for old in ("reference/API.md", "GAME_API"):
            assert old not in text, (old, path)
        if web in path.parents or path.name.startswith("test_web"):
            continue
        bare = [line for line in text.splitlines() if re.search(r"(?<!web/)\bAPI\.md", line)]
        assert not bare, (path, bare)


# --- the README is what a newcomer reads in ten minutes ------------------------------------------

README = ROOT / "README.md"
SET_UP = ("pip install . && python -m zhengfen arena", "bash .ci/run")
"""The two commands of "Set-up on a fresh machine", kept exactly (``.ci/run`` runs the second)."""


def _command_block(text: str) -> list[str]:
    """The lines of the first shell block under "## The commands"."""
    section = text[text.index("## The commands") :]
    start = section.index("```sh\n") + len("```sh\n")
    return section[start : section.index("```", start)].splitlines()


def test_readme_is_short_and_keeps_the_set_up_commands() -> None:
    """Issue 48 §6: set-up, a quick start, the commands, where to go next; the details live in
    the documents that own them (docs/commands.md, docs/development.md, AI.md, BOTS.md)."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    set_up = text[text.index("## Set-up") : text.index("\n## ", text.index("## Set-up") + 1)]
    for command in SET_UP:
        assert f"```sh\n{command}\n```" in set_up, command
    assert (ROOT / ".ci" / "run").is_file()


def test_readme_lists_every_command_once_a_line() -> None:
    """Each subcommand of ``zhengfen`` has a line in the README's list, and each line is one
    command: ``zhengfen NAME ...``."""
    from zhengfen.cli.entry import COMMANDS

    lines = _command_block(README.read_text(encoding="utf-8"))
    named = {line.split()[1] for line in lines}
    assert all(line.startswith("zhengfen ") for line in lines), lines
    assert set(COMMANDS) <= named, sorted(set(COMMANDS) - named)


def test_readme_says_where_to_go_next() -> None:
    """The last section names every document a newcomer goes on to, and each exists."""
    text = README.read_text(encoding="utf-8")
    after = text[text.index("## Where to go next") :]
    for name in (
        "RULES.md",
        "AI.md",
        "BOTS.md",
        "CONFORMANCE.md",
        "docs/index.md",
        "docs/commands.md",
        "docs/development.md",
        "CHANGES.md",
        "benches/RESULTS.md",
    ):
        assert f"`{name}`" in after, name
        assert (ROOT / name).is_file(), name


# --- benches/RESULTS.md opens with where every target stands -----------------------------------

RESULTS = ROOT / "benches" / "RESULTS.md"
SUMMARY = "## Where every target stands"
NUMBER = re.compile(r"(?<![\w.§])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")


def _summary_and_notebook() -> tuple[str, str]:
    """The summary at the top of RESULTS.md, and the notebook that follows it."""
    text = RESULTS.read_text(encoding="utf-8")
    start = text.index(SUMMARY)
    end = text.index("\n## ", start + len(SUMMARY))
    return text[start:end], text[:start] + text[end:]


def _sections(notebook: str) -> dict[str, str]:
    """Each numbered section of the notebook (``"7"``, ``"7.1"``) with its text, up to the next
    heading of its level or above."""
    heads = list(re.finditer(r"^(#{2,3}) (\S+)", notebook, re.M))
    sections = {}
    for i, head in enumerate(heads):
        number = re.fullmatch(r"(\d+(?:\.\d+)?)\.?", head.group(2))
        if number is None:
            continue
        level = len(head.group(1))
        ends = (h.start() for h in heads[i + 1 :] if len(h.group(1)) <= level)
        sections[number.group(1)] = notebook[head.start() : next(ends, len(notebook))]
    return sections


def _rows(summary: str) -> list[list[str]]:
    """The summary table's rows (target, now, interval, deals, section, stands)."""
    lines = [line for line in summary.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[1:]]


def test_results_open_with_the_summary() -> None:
    summary, notebook = _summary_and_notebook()
    assert RESULTS.read_text(encoding="utf-8").index(SUMMARY) < notebook.index("## Inputs")
    rows = _rows(summary)
    assert len(rows) >= 30
    assert all(len(row) == 6 and row[0] and row[5] for row in rows), rows


def test_every_section_the_summary_cites_exists() -> None:
    summary, notebook = _summary_and_notebook()
    sections = _sections(notebook)
    cited = re.findall(r"§(\d+(?:\.\d+)?)", summary)
    assert len(cited) >= 30
    missing = sorted(set(cited) - set(sections))
    assert not missing, missing


def test_every_figure_of_the_summary_is_in_a_section_it_cites() -> None:
    """Each number in a row's "now" and "interval" cells is written in one of the sections that
    row cites (signs aside), so the summary quotes the notebook rather than restating it."""
    summary, notebook = _summary_and_notebook()
    sections = _sections(notebook)
    for target, now, interval, _deals, section, _stands in _rows(summary):
        cited = re.findall(r"§(\d+(?:\.\d+)?)", " ".join((now, section)))
        if now == "not measured":
            assert not cited, target
            continue
        text = "".join(sections[number] for number in cited)
        written = set(NUMBER.findall(text))
        quoted = NUMBER.findall(re.sub(r"§\d+(?:\.\d+)?", "", f"{now} {interval}"))
        assert set(quoted) <= written, (target, sorted(set(quoted) - written))


# --- every public name has a docstring (the API reference, mkdocs.yml) -------------------------


def _public_modules() -> list[ModuleType]:
    """``zhengfen`` and the modules directly below it that state their public names in
    ``__all__`` (the wings the API reference documents)."""
    modules = [zhengfen]
    for info in pkgutil.iter_modules(zhengfen.__path__):
        if not info.name.startswith("_"):
            module = importlib.import_module(f"zhengfen.{info.name}")
            if hasattr(module, "__all__"):
                modules.append(module)
    return modules


def _without_docstring(obj: object) -> bool:
    doc = vars(obj).get("__doc__") if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    return not (isinstance(doc, str) and doc.strip())


def _public_members(cls: type) -> list[tuple[str, object]]:
    """The methods and properties ``cls`` defines itself, public ones only."""
    kinds = (property, staticmethod, classmethod)
    return [
        (name, value)
        for name, value in vars(cls).items()
        if not name.startswith("_") and (inspect.isroutine(value) or isinstance(value, kinds))
    ]


def test_every_public_class_and_function_has_a_docstring() -> None:
    """What ``mkdocs build --strict`` checks in full (scripts/griffe_docstrings.py, which also
    reads the stubs' and the constants' docstrings), checked here at run time for the classes,
    functions and methods, so that a missing one fails in pytest first. The extension module's
    classes are documented in part by their stubs, so only their own docstrings are checked, and
    a ``TypedDict`` made by a call carries its docstring below it, which only griffe reads."""
    missing = []
    for module in _public_modules():
        for name in module.__all__:
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isroutine(obj)) or is_typeddict(obj):
                continue
            if _without_docstring(obj):
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj) and obj.__module__ != "zhengfen":
                members = _public_members(obj)
                missing += [f"{obj.__qualname__}.{m}" for m, v in members if _without_docstring(v)]
    assert not missing, sorted(set(missing))

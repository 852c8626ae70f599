"""The mutation tool (tests/mutation.py) keeps working: it makes single-point mutants of every
rule module without touching the files, a mutant the vectors catch is killed, the unmutated
reference survives, a mutant past its time limit is reported, and every survivor judged
unkillable is still a mutant the tool makes."""

from __future__ import annotations

import ast
import hashlib
import random

import pytest

import mutation


def test_every_rule_module_has_mutants_with_unique_ids() -> None:
    found = mutation.all_mutants()
    assert {m.module for m in found} == set(mutation.MODULES)
    idents = [m.ident for m in found]
    assert len(idents) == len(set(idents))
    assert [m.ident for m in mutation.mutants("rng")] == [m.ident for m in mutation.mutants("rng")]
    operators = {m.operator.split(">")[0] for m in found}
    assert {"Lt", "Eq", "And", "plus_one", "minus_one", "drop_not", "pass", "True"} <= operators


def test_a_mutant_changes_one_point_and_compiles() -> None:
    for mutant in random.Random(0).sample(mutation.all_mutants(), 25):
        original = ast.dump(ast.parse(mutation.source_of(mutant.module)))
        tree = mutation.mutated_tree(mutant.module, mutant.index)
        assert ast.dump(tree) != original, mutant.ident
        compile(tree, mutant.module, "exec")
        assert mutant.before != mutant.after


def test_docstrings_imports_and_messages_are_not_mutated() -> None:
    for mutant in mutation.mutants("cards"):
        assert not mutant.before.startswith(("import ", "from ", "'", '"')), mutant
        assert "__all__" not in mutant.before


def _files() -> str:
    digest = hashlib.sha256()
    for module in mutation.MODULES:
        digest.update(mutation.source_of(module).encode())
    return digest.hexdigest()


def test_a_known_bad_mutant_is_killed_and_the_files_stay_unchanged() -> None:
    before = _files()
    golden = next(  # the SplitMix64 increment 0x9E3779B97F4A7C15, plus one
        m
        for m in mutation.mutants("rng")
        if m.before == str(0x9E3779B97F4A7C15) and m.operator == "plus_one"
    )
    [result] = mutation.run([golden], jobs=1, timeout=60)
    assert result["status"] == "killed" and result["by"].startswith("rng:"), result
    assert _files() == before


def test_the_unmutated_reference_survives_and_a_slow_check_times_out() -> None:
    unmutated = mutation.Mutant("cards", -1, 0, 0, 0, "none", "", "")
    [survived] = mutation.run([unmutated], jobs=1, timeout=120)
    assert survived["status"] == "survived" and survived["cases"] > 250, survived
    [slow] = mutation.run([unmutated], jobs=1, timeout=0.2)
    assert slow["status"] == "timeout"


def test_the_score_leaves_out_judged_survivors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutation, "JUDGED", {"m:2": "equivalent"})
    results = [
        {"id": "m:1", "status": "killed"},
        {"id": "m:2", "status": "survived"},
        {"id": "m:3", "status": "survived"},
        {"id": "m:4", "status": "timeout"},
    ]
    summary = mutation.score(results)
    assert summary["killed"] == 2 and summary["timeouts"] == 1 and summary["survived"] == 2
    assert summary["raw_score"] == 0.5 and summary["score"] == round(2 / 3, 4)
    assert summary["open_survivors"] == ["m:3"]


def test_every_judged_survivor_is_a_mutant_the_tool_makes() -> None:
    idents = {m.ident for m in mutation.all_mutants()}
    assert set(mutation.JUDGED) <= idents, set(mutation.JUDGED) - idents
    assert all(
        reason.startswith(("equivalent", "unreachable")) for reason in mutation.JUDGED.values()
    )


def test_the_mutants_that_skip_or_move_the_redraw_are_killed_by_the_deals() -> None:
    """Issue 23 §3: a uniform draw that never redraws (the limit 2^64 + (2^64 mod n)), or that
    keeps the lowest redrawn output (``r <= limit``), passed every vector before the deals of
    the redrawing seeds; now a deal vector kills each."""
    wanted = {("Sub>Add", "_TWO_64 - _TWO_64 % n"), ("Lt>LtE", "r < limit")}
    found = [m for m in mutation.mutants("rng") if (m.operator, m.before) in wanted]
    assert len(found) == 2
    for result in mutation.run(found, jobs=1, timeout=120):
        assert result["status"] == "killed" and result["by"].startswith("deal:"), result

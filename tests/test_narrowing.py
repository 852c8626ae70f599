"""``benches/narrowing.py``: a narrowing run's candidates against the model they would replace
and against the exploiters found for it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import zhengfen
from zhengfen.train.evaluation import evaluate

sys.path.append(str(Path(__file__).parents[1] / "benches"))
sys.path.append(str(Path(__file__).parent))

import learned_models
import narrowing

RULES = zhengfen.Rules.zheng_fen(players=3)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped 3-player model, as a file."""
    path = tmp_path_factory.mktemp("narrowing") / "shipped.safetensors"
    zhengfen.LearnedModel.shipped(RULES).save(path)
    return path


@pytest.fixture(scope="module")
def weak(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A random network for 3 players, as a file: far weaker than the shipped model."""
    path = tmp_path_factory.mktemp("narrowing") / "weak.safetensors"
    learned_models.build("zheng_fen", 3, seed=3).save(path)
    return path


def cells(line: str) -> list[str]:
    """A markdown row's cells."""
    return [cell.strip() for cell in line.strip("|").split("|")]


def test_the_replaced_model_against_itself_is_level(
    shipped: Path, weak: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The shipped model as its own candidate: every seat plays alike on every rotation, so the
    # head-to-head lead is exactly zero; a (weak) exploiter's gain is the evaluation's own
    # figure, the same against the replaced model and against its copy.
    argv = ["--players", "3", "--seed", "5", "--deals", "6", "--exploiter", str(weak)]
    assert narrowing.main([*argv, str(shipped)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    replaced, candidate = cells(lines[2]), cells(lines[3])
    assert replaced[0] == "the replaced model" and replaced[1] == ""
    assert candidate[1].startswith("+0.0 [")
    shipped_spec = narrowing.replaced_spec(RULES, None)
    expected = evaluate(RULES, weak, 6, 5, shipped_spec).text(signed=True)
    assert replaced[2] == candidate[2] == expected
    assert not expected.startswith("+0.0")


def test_a_candidate_ahead_of_a_weaker_model_reads_so(
    shipped: Path, weak: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The replaced model named by file (here: a random network) and the shipped model as the
    # candidate: the candidate's lead is the evaluation's figure, and it is ahead.
    argv = ["--players", "3", "--seed", "9", "--deals", "20", "--replaced", str(weak)]
    assert narrowing.main([*argv, str(shipped)]) == 0
    lead = cells(capsys.readouterr().out.splitlines()[3])[1]
    spec = zhengfen.AgentSpec.learned(weak)
    assert lead == evaluate(RULES, shipped, 20, 9, spec).text(signed=True)
    assert float(lead.split()[0]) > 0


def test_a_missing_model_is_one_line_and_status_2(
    shipped: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert narrowing.main(["--seed", "1", "--exploiter", "nope.safetensors", str(shipped)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "narrowing: nope.safetensors: no such model file"


def test_a_model_against_itself_is_level_on_every_deal(shipped: Path) -> None:
    # Regression: ``rollouts`` plays one rotation when every seat holds the same agent, and
    # ``evaluate`` read seat 0's luck as the model's lead over itself (-5.0 on these deals).
    spec = zhengfen.AgentSpec.learned(shipped)
    gain = evaluate(RULES, shipped, 6, 5, spec)
    assert (gain.mean, gain.low, gain.high) == (0.0, 0.0, 0.0)

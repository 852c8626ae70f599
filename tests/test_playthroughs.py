"""Both implementations reproduce every golden transcript of ``tests/data/playthroughs/``
exactly (regenerate with ``python tests/regenerate.py``)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from playthroughs import parse, transcript

FILES = sorted((Path(__file__).parent / "data" / "playthroughs").glob("*.txt"))


def test_the_rulings_cases_are_there() -> None:
    names = {f.stem for f in FILES}
    for needed in (
        "trick_won_by_a_player_who_is_out",
        "last_chance_that_beats_and_the_transfer",
        "a_1_2_finish",
        "a_successful_blind_and_a_failed_regular_declaration",
        "tie_at_the_target_play_on",
    ):
        assert needed in names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_transcript(impl: ModuleType, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    title, rules_spec, setup, decisions = parse(text)
    assert transcript(impl, title, rules_spec, setup, decisions) == text

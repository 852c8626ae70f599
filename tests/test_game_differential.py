"""The short differential run: Rust and the reference agree after every decision of seeded
random games in every configuration (the long run: ``python tests/differential_games.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from differential_games import CONFIGS, compare_game


@pytest.mark.parametrize("spec", CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_rust_and_reference_agree(spec: dict[str, Any]) -> None:
    games = 3 if spec["game"] == "zen_cheng_you" else 12
    for seed in range(games):
        assert compare_game(spec, seed) > 0

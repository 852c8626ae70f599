"""Golden transcripts (``tests/data/playthroughs/*.txt``): a game written for people, decision
by decision with the events each caused, that both implementations must reproduce exactly.

A transcript's header names the rule set and the setup; each decision is a line ``> move``
followed by its events, indented. ``tests/golden_playthroughs.py`` writes them from the Rust
engine; ``tests/test_playthroughs.py`` replays them with both implementations.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from zhengfen.text import event_text


def start(module: ModuleType, rules_spec: dict[str, Any], setup: dict[str, Any]) -> Any:
    options = {k: v for k, v in rules_spec.items() if k != "game"}
    preset = (
        module.Rules.zheng_fen if rules_spec["game"] == "zheng_fen" else module.Rules.zen_cheng_you
    )
    rules = preset(**options)
    if "hands" in setup:
        return module.Game.from_hands(rules, setup["hands"], setup["leader"], setup.get("seed", 0))
    return module.Game(rules, setup["seed"])


def transcript(
    module: ModuleType,
    title: str,
    rules_spec: dict[str, Any],
    setup: dict[str, Any],
    decisions: list[str],
) -> str:
    """The transcript of a game played with ``module``'s ``Game``."""
    game = start(module, rules_spec, setup)
    lines = [f"# {title}", f"rules: {json.dumps(rules_spec)}", f"setup: {json.dumps(setup)}"]
    seen = len(game.history)
    lines += [f"  {event_text(e)}" for e in game.history]
    for decision in decisions:
        if decision == "next_match":
            game.next_match()
        else:
            game.play(decision)
        lines.append(f"> {decision}")
        history = game.history
        lines += [f"  {event_text(e)}" for e in history[seen:]]
        seen = len(history)
    lines.append(f"= phase {game.phase}, scores {game.scores}, winners {game.winners}")
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[str, dict[str, Any], dict[str, Any], list[str]]:
    """The title, rules, setup and decisions of a transcript."""
    lines = text.splitlines()
    title = lines[0].removeprefix("# ")
    rules_spec = json.loads(lines[1].removeprefix("rules: "))
    setup = json.loads(lines[2].removeprefix("setup: "))
    decisions = [line.removeprefix("> ") for line in lines if line.startswith("> ")]
    return title, rules_spec, setup, decisions

"""Hand-built positions for the rulings of RULES.md §7, §11 and §12, shared by the conformance
vectors, the game tests and ``tests/generate_playthroughs.py``.

Each scenario is a rule set, given hands, a leader, the decisions to play, and what must hold
at the end (``expect``: attribute name to value).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PASS_ALL_DECLARATIONS = ["pass"] * 8


@dataclass(frozen=True)
class Scenario:
    """A position from given hands, played through its decisions."""

    name: str
    rules: dict[str, Any]
    hands: list[str]
    leader: int
    decisions: list[str]
    expect: dict[str, Any] = field(default_factory=dict)
    sections: str = "§7, §11, §12"


ZF3 = {"game": "zheng_fen", "players": 3}
ZCY = {"game": "zen_cheng_you"}

SCENARIOS = [
    Scenario(
        "trick won by a player who is out",
        ZF3,
        ["Ac", "3c 4c", "5c 6c"],
        0,
        ["Ac", "pass", "pass"],
        {"current_player": 1, "out_order": [0], "phase": "play"},
        sections="§7.3, §12.3 (winner out: next seat leads)",
    ),
    Scenario(
        "last chance that beats, and the transfer",
        ZF3,
        ["5c", "7c", "9c Kc"],
        0,
        ["5c", "7c", "9c"],
        {"out_order": [0, 1, 2], "match_points": [15, 0, 0], "phase": "match_over"},
        sections="§7.5, §7.6, §12.4 (last chance; transfer)",
    ),
    Scenario(
        "last chance passed",
        ZF3,
        ["5c", "7c", "9c Kc"],
        0,
        ["5c", "7c", "pass"],
        {"out_order": [0, 1, 2], "match_points": [10, 5, 0]},
        sections="§7.5, §12.4 (last chance)",
    ),
    Scenario(
        "tie at the target, play on",
        {**ZF3, "target": 10},
        ["Kc", "Kd", "3c"],
        0,
        ["Kc", "pass", "pass", "Kd", "pass"],
        {"scores": [10, 10, 0], "phase": "match_over", "winners": []},
        sections="§7.7 (tie: play_on)",
    ),
    Scenario(
        "tie at the target, shared",
        {**ZF3, "target": 10, "tie": "share"},
        ["Kc", "Kd", "3c"],
        0,
        ["Kc", "pass", "pass", "Kd", "pass"],
        {"scores": [10, 10, 0], "phase": "game_over", "winners": [0, 1]},
        sections="§7.7 (tie: share)",
    ),
    Scenario(
        "a 1-2 finish",
        ZCY,
        ["3c", "4c 4d", "5c", "6c 6d"],
        0,
        [*PASS_ALL_DECLARATIONS, "3c", "pass", "5c"],
        {"out_order": [0, 2], "match_points": [200, 0], "phase": "match_over"},
        sections="§11.5, §11.6 (1-2 finish)",
    ),
    Scenario(
        "a successful blind and a failed regular declaration",
        ZCY,
        ["3c", "4c 4d", "5c", "6c 6d"],
        0,
        ["blind", "pass", "pass", "pass", "declare", "pass", "pass", "3c", "pass", "5c"],
        {"match_points": [400, -100]},
        sections="§11.2, §11.6 (declarations)",
    ),
    Scenario(
        "three out without a last chance",
        ZCY,
        ["3c", "4c", "5c 5d", "6c"],
        0,
        [*PASS_ALL_DECLARATIONS, "3c", "4c", "pass", "6c"],
        {"out_order": [0, 1, 3, 2], "match_points": [0, 10]},
        sections="§11.5, §11.6 (three out)",
    ),
    Scenario(
        "three out with a last chance: the first out takes his partner's tricks",
        {**ZCY, "last_chance": True},
        ["3c", "4c", "Kc 5d", "6c"],
        0,
        [*PASS_ALL_DECLARATIONS, "3c", "4c", "pass", "6c", "Kc"],
        {"out_order": [0, 1, 3, 2], "match_points": [10, 5]},
        sections="§11.5, §12.4a (last_chance)",
    ),
    Scenario(
        "the first out takes his partner's tricks before the last player hands over",
        ZCY,
        ["6c", "7c", "Kc 4d 9d", "8c"],
        2,
        [
            *PASS_ALL_DECLARATIONS,
            "Kc",
            "pass",
            "pass",
            "pass",
            "4d",
            "pass",
            "6c",
            "7c",
            "pass",
            "8c",
        ],
        {"out_order": [0, 1, 3, 2], "match_points": [10, 0]},
        sections="§11.6, §12.4a",
    ),
    Scenario(
        "the partner leads after a trick won by a player who is out",
        {**ZCY, "lead_after_out": "partner"},
        ["Ac", "3c 3d", "4c 4d", "5c 5d"],
        0,
        [*PASS_ALL_DECLARATIONS, "Ac", "pass", "pass", "pass"],
        {"current_player": 2, "out_order": [0]},
        sections="§11.4 (lead_after_out: partner)",
    ),
    Scenario(
        "the next seat leads after a trick won by a player who is out",
        ZCY,
        ["Ac", "3c 3d", "4c 4d", "5c 5d"],
        0,
        [*PASS_ALL_DECLARATIONS, "Ac", "pass", "pass", "pass"],
        {"current_player": 1, "out_order": [0]},
        sections="§11.4 (lead_after_out: next)",
    ),
]

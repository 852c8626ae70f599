"""Hand-built positions for the rulings of RULES.md §7, §11 and §12, shared by the conformance
vectors, the game tests and ``tests/golden_playthroughs.py``.

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
ZF3_BEST = {**ZF3, "next_leader": "best_score"}
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
    Scenario(
        "best score tied: the earlier out leads the next match (a higher seat)",
        ZF3_BEST,
        ["Kc", "3c 4c", "Kd"],
        2,
        ["Kd", "pass", "pass", "Kc", "pass", "next_match"],
        {"scores": [10, 0, 10], "current_player": 2, "phase": "play"},
        sections="§7.1 (next_leader: best_score, ties by finishing order)",
    ),
    Scenario(
        "best score tied: the earlier out leads the next match (a lower seat)",
        ZF3_BEST,
        ["Kd", "3c 4c", "Kc"],
        0,
        ["Kd", "pass", "pass", "3c", "Kc", "pass", "next_match"],
        {"scores": [10, 0, 10], "current_player": 0, "phase": "play"},
        sections="§7.1 (next_leader: best_score, ties by finishing order)",
    ),
    Scenario(
        "best score alone leads the next match, not the first out",
        ZF3_BEST,
        ["3c", "Kc Kd", "4c"],
        0,
        ["3c", "Kc", "pass", "Kd", "pass", "next_match"],
        {"scores": [0, 20, 0], "current_player": 1, "phase": "play"},
        sections="§7.1 (next_leader: best_score)",
    ),
    Scenario(
        "the smallest target: one match ends the game",
        {**ZF3, "target": 1},
        ["Kc", "3c", "4c"],
        0,
        ["Kc", "pass", "pass", "3c", "4c"],
        {"scores": [10, 0, 0], "phase": "game_over", "winners": [0]},
        sections="§3.1, §7.7 (target: an integer >= 1)",
    ),
    Scenario(
        "the four jokers played as a bomb",
        ZCY,
        ["BJ BJ RJ RJ", "2c 2c 2d 2d 2h 2h", "3c", "4c"],
        1,
        [*PASS_ALL_DECLARATIONS, "2c 2c 2d 2d 2h 2h", "pass", "pass", "BJ BJ RJ RJ"],
        {"out_order": [1, 0]},
        sections="§8.5, §9.2, §10 (the four jokers)",
    ),
    Scenario(
        "a 1-2 finish wins the game for the team",
        {**ZCY, "target": 100},
        ["3c", "4c 4d", "5c", "6c 6d"],
        0,
        [*PASS_ALL_DECLARATIONS, "3c", "pass", "5c"],
        {"scores": [200, 0], "phase": "game_over", "winners": [0, 2]},
        sections="§11.6, §11.8 (the end of the game)",
    ),
    Scenario(
        "a seat given the most cards a hand may hold",
        ZF3,
        [
            "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 2d BJ",
            "3h",
            "4h",
        ],
        0,
        ["3c", "pass"],
        {"current_player": 2, "phase": "play"},
        sections="§12.2 (given hands: 1 to 27 cards a seat)",
    ),
]

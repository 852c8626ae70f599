"""What a seat sees (``Game.visible``, ``Game.visible_events``; web/API.md "The record"), checked
against the pure-Python reference game played alongside, decision by decision: its cards, counts,
points, places, trick, table, scores and declarations; the declarations' stakes and points from
``tests/declaration_stakes.py`` and a Zen Cheng You match's breakdown from its events
(``team_bonus``); the last player's remaining hand from the deal and the plays. Also: a seat's
record never shows another seat's hand while the game is on, the record after each event ends on
the record of the game, and bad arguments are ``ValueError``s."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import zhengfen
from declaration_stakes import STAKES, declaration_points, team_bonus
from differential_games import CONFIGS, make
from zhengfen import reference


def expected(ref: Any, viewer: int | None) -> dict[str, Any]:
    """The record of ``viewer`` computed from the reference game."""
    players = ref.rules.players
    zcy = ref.rules.game == "zen_cheng_you"
    observation = ref.observation(0)
    out = ref.out_order
    made: dict[int, str] = {}
    decided: dict[int, int] = {}
    for seat, move in observation.get("declarations", []):
        made[seat] = move  # the last decision counts (a declaration after a blind pass)
        decided[seat] = decided.get(seat, 0) + 1
    first = out[0] if out else None
    over = ref.phase == "game_over"

    def hand(seat: int) -> str | None:
        if over or viewer is None or (viewer == seat and ref.phase != "blind_declare"):
            return str(ref.hand(seat))
        return None

    return {
        "viewer": viewer,
        "phase": ref.phase,
        "current_player": ref.current_player,
        "seen": viewer is None or ref.phase != "blind_declare",
        "seats": [
            {
                "seat": s,
                "hand": hand(s),
                "cards_left": observation["cards_left"][s],
                "points_won": observation["points_won"][s],
                "place": out.index(s) + 1 if s in out else None,
                "team": s % 2 if zcy else None,
                "declaration": None
                if s not in made
                else {
                    "move": made[s],
                    "stake": STAKES[made[s]],
                    "points": declaration_points(made[s], s, first),
                    "blind_round": decided[s] == 1,
                },
            }
            for s in range(players)
        ],
        "table": None if ref.table is None else [ref.table[1], str(ref.table[0])],
        "trick": [[s, str(m)] for s, m in ref.trick],
        "out_order": out,
        "match_points": ref.match_points,
        "scores": ref.scores,
        "winners": ref.winners,
    }


def match_events(history: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    start = max(n for n, e in enumerate(history) if e["type"] == "deal")
    return list(history[start:])


def expected_last_hand(ref: Any, decks: int) -> list[Any] | None:
    events = match_events(ref.history)
    given = [e["from"] for e in events if e["type"] == "transfer"]
    if not given:
        return None
    seat = given[0]
    left = list(zhengfen.parse_cards(events[0]["hands"][seat], decks))
    for event in events:
        if event["type"] == "play" and event["seat"] == seat:
            for card in zhengfen.parse_cards(event["combo"].split(":")[1], decks):
                left.remove(card)
    return [seat, str(zhengfen.Cards(left))] if left else None


def expected_breakdown(ref: Any) -> dict[str, Any] | None:
    if ref.rules.game != "zen_cheng_you" or not ref.match_over:
        return None
    events = match_events(ref.history)
    bonus = team_bonus(events)
    one_two = not any(e["type"] == "transfer" for e in events)
    teams = []
    for team in (0, 1):
        points = ref.match_points[team]
        first = points - bonus[team]
        teams.append(
            {
                "team": team,
                "cards": None if one_two else first,
                "one_two": first if one_two else None,
                "declarations": bonus[team],
                "match_points": points,
                "before": ref.scores[team] - points,
                "score": ref.scores[team],
            }
        )
    return {"one_two": one_two, "teams": teams}


def check(ours: zhengfen.Game, ref: Any) -> None:
    players = ref.rules.players
    for viewer in [*range(players), None]:
        record: dict[str, Any] = dict(ours.visible(viewer))
        assert record.pop("match") == ours.match_number
        assert record.pop("last_hand") == expected_last_hand(ref, ref.rules.decks)
        assert record.pop("breakdown") == expected_breakdown(ref)
        assert record == expected(ref, viewer)


@pytest.mark.parametrize("spec", CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_the_record_agrees_with_the_reference(spec: dict[str, Any]) -> None:
    for seed in range(2):
        ours = zhengfen.Game(make(zhengfen, spec), seed)
        ref = reference.Game(make(reference, spec), seed)
        rng = random.Random(seed)
        for _ in range(2):
            while not ours.match_over:
                check(ours, ref)
                move = rng.choice([str(m) for m in ours.legal_moves()])
                ours.play(move)
                ref.play(move)
            check(ours, ref)
            if ours.game_over:
                break
            ours.next_match()
            ref.next_match()
        assert ours.visible_events(None)[-1] == ours.visible(None)
        assert len(ours.visible_events(1, since=3)) == len(ours.history) - 3


def test_a_seat_never_sees_another_hand_while_the_game_is_on() -> None:
    for game_rules in (zhengfen.Rules.zheng_fen(players=5), zhengfen.Rules.zen_cheng_you()):
        game = zhengfen.Game(game_rules, 11)
        rng = random.Random(3)
        while not game.match_over:
            game.play(rng.choice(list(game.legal_moves())))
        for seat in range(game_rules.players):
            for record in game.visible_events(seat):
                for other in record["seats"]:
                    if other["seat"] != seat:
                        assert other["hand"] is None
                    else:
                        assert (other["hand"] is None) == (record["phase"] == "blind_declare")


@pytest.mark.parametrize("arguments", [{"seat": 4}, {"seat": -1}, {"seat": "1"}, {"since": 99}])
def test_bad_arguments_are_value_errors(arguments: dict[str, Any]) -> None:
    game = zhengfen.Game(zhengfen.Rules.zheng_fen(players=4), 1)
    with pytest.raises(ValueError):
        game.visible_events(**arguments)
    if "seat" in arguments:
        with pytest.raises(ValueError):
            game.visible(arguments["seat"])

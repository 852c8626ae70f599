"""The bot protocol's lines (BOTS.md §1-§5): the engine's messages, the bot's greeting and
answers read as the document says, and the spec ``process(cmd=...)``."""

from __future__ import annotations

import json

import pytest

import zhengfen
from zhengfen.bots import (
    BotSpec,
    encode,
    is_bot_spec,
    messages,
    read_answer,
    read_bot_spec,
    read_hello,
)
from zhengfen.types import Move

RULES = zhengfen.Rules.zheng_fen(players=4)


def _game(seed: int = 3) -> zhengfen.Game:
    return zhengfen.Game(RULES, seed=seed)


def test_encode_writes_one_compact_line_that_reads_back() -> None:
    game = _game()
    seat = game.current_player
    assert seat is not None
    message = messages.decision(game, seat, 5, time_ms=100, budget_left_ms=900)
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and b", " not in line
    assert json.loads(line) == json.loads(json.dumps(message))


def test_a_decision_shows_the_seat_its_own_hand_and_the_legal_moves_in_order() -> None:
    game = _game()
    for _ in range(30):
        seat = game.current_player
        assert seat is not None
        message = messages.decision(game, seat, 1, 1000, 1000)
        assert message["observation"]["hand"] == str(game.hand(seat))
        text = encode(message).decode()
        for other in range(RULES.players):  # no other seat's hand appears whole
            hidden = str(game.hand(other))
            assert other == seat or not hidden or hidden not in text
        assert message["legal"] == [str(m) for m in game.legal_moves()]
        game.play(game.legal_moves()[-1])


def test_game_match_end_and_game_end_carry_the_rules_and_scores() -> None:
    game = _game()
    begun = messages.game(RULES, 2, game_id="g", seed=7, restarted=True)
    assert begun["rules"] == {"game": "zheng_fen", **RULES.options()}
    assert begun["restarted"] is True and begun["seat"] == 2
    while not game.match_over:
        game.play(game.legal_moves()[0])
    end = messages.match_end(game, 1)
    assert end["match_points"] == list(game.match_points) and sum(end["match_points"]) == 100
    assert end["observation"]["seat"] == 1
    assert messages.game_end(game) == {
        "type": "game_end",
        "scores": list(game.scores),
        "winners": [],
    }


def _hello(**fields: object) -> bytes:
    value = {"type": "hello", "protocol": 1, "name": "x", "games": {"zheng_fen": [3, 4]}}
    value.update(fields)
    return json.dumps(value).encode()


def test_read_hello_takes_a_good_greeting_and_its_optional_fields() -> None:
    hello = read_hello(_hello(author="me", version="2", extra=[1]))
    assert (hello.name, hello.author, hello.version) == ("x", "me", "2")
    assert hello.plays(RULES) and not hello.plays(zhengfen.Rules.zen_cheng_you())
    assert hello.refusal(RULES) is None
    refusal = hello.refusal(zhengfen.Rules.zheng_fen(players=5))
    assert refusal is not None and "5 players" in refusal


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"hello", "no hello"),
        (b"[1]", "no hello"),
        (b'{"type":"move"}', "no hello"),
        (_hello(protocol=2), "protocol 2"),
        (_hello(protocol=True), "protocol True"),
        (_hello(name=""), "name"),
        (_hello(name="n" * 65), "name"),
        (_hello(games=None), "games"),
        (_hello(games={"zheng_fen": [4.0]}), "table sizes"),
        (b"\xff\xfe", "no hello"),
    ],
)
def test_read_hello_refuses_a_bad_greeting_saying_why(line: bytes, why: str) -> None:
    with pytest.raises(zhengfen.BotError, match=why):
        read_hello(line)


def _answer(game: zhengfen.Game, value: object, ident: int = 4) -> messages.Answer | None:
    line = value if isinstance(value, bytes) else json.dumps(value).encode()
    return read_answer(line, ident, game.legal_moves(), game.rules)


@pytest.mark.parametrize(
    ("line", "fault"),
    [
        (b"not json", "unreadable"),
        (b"[4]", "unreadable"),
        (b'{"type":"move","id":4,"index":NaN}', "unreadable"),
        (b"\x80abc", "encoding"),
        ({"type": "move", "id": 4, "index": True}, "unreadable"),
        ({"type": "move", "id": 4, "index": 1.0}, "unreadable"),
        ({"type": "move", "id": 4}, "unreadable"),
        ({"type": "move", "id": 4, "move": 3}, "unreadable"),
        ({"type": "move", "id": 4, "index": -1}, "illegal"),
        ({"type": "move", "id": 4, "index": 10**6}, "illegal"),
        ({"type": "move", "id": 4, "move": "pair T 1: 10c 10d"}, "illegal"),
        ({"type": "move", "id": 4, "move": "single 9 1: 8d"}, "illegal"),
        ({"type": "move", "id": 4, "move": "Jx"}, "illegal"),
        ({"type": "move", "id": 4, "move": "pass"}, "illegal"),  # a lead: no pass
    ],
)
def test_a_bad_answer_is_its_fault(line: object, fault: str) -> None:
    answer = _answer(_game(), line)
    assert answer is not None and answer.index is None and answer.fault == fault
    assert answer.message


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"  \r",
        {"type": "log", "text": "thinking"},
        {"type": "mystery", "id": 4, "index": 0},
        {"type": "move", "id": 3, "index": 0},
        {"type": "move", "id": "4", "index": 0},
        {"type": "move", "id": True, "index": 0},
        {"type": "move", "index": 0},
    ],
)
def test_a_line_that_is_no_answer_to_the_decision_is_skipped(line: object) -> None:
    assert _answer(_game(), line) is None


def test_an_answer_by_index_or_notation_chooses_that_move() -> None:
    game = _game()
    legal = game.legal_moves()
    for index, move in enumerate(legal):
        by_index = _answer(game, {"type": "move", "id": 4, "index": index, "more": {}})
        by_text = _answer(game, {"type": "move", "id": 4, "move": f" {move} "})
        assert by_index == by_text == messages.Answer(index)


def test_bare_cards_read_as_the_core_reads_a_move_text() -> None:
    """Over the decisions of whole matches, a move written as its bare cards chooses the very
    move ``Game.play`` plays for that text (the strongest legal reading, CONFORMANCE.md §4)."""
    for rules in (RULES, zhengfen.Rules.zen_cheng_you()):
        game = zhengfen.Game(rules, seed=11)
        checked = 0
        while not game.match_over and checked < 400:
            legal = game.legal_moves()
            for move in legal:
                if isinstance(move, zhengfen.Combo):
                    cards = str(move.cards)
                    answer = read_answer(
                        encode({"type": "move", "id": 1, "move": cards}), 1, legal, rules
                    )
                    played = game.copy()
                    played.play(cards)
                    assert answer is not None and answer.index is not None
                    assert str(legal[answer.index]) == played.decisions[-1], cards
                    checked += 1
            game.play(legal[-1])
        assert checked > 50


def test_a_bot_spec_reads_back_from_its_canonical_text() -> None:
    spec = BotSpec('java -cp "a,b (1)" Bot', time_ms=50, budget_ms=7, fallback="random")
    assert spec.spec.startswith('process(cmd="java -cp \\"a,b (1)\\" Bot",time=50,')
    assert read_bot_spec(spec.spec) == spec and str(spec) == spec.spec
    assert spec.argv == ["java", "-cp", "a,b (1)", "Bot"]
    assert read_bot_spec(" process( restarts=0 , cmd = ./bot ) ") == BotSpec("./bot", restarts=0)
    assert read_bot_spec('process(cmd="a\\\\b")').cmd == "a\\b"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("process", "write it"),
        ("process()", "cmd is required"),
        ('process(cmd="")', "cmd must be"),
        ('process(cmd="a \\"b")', "cmd must be"),  # an unbalanced quote in the command
        ('process(cmd="a",time=0)', "time must be from 1 to 600000"),
        ('process(cmd="a",time=600001)', "time must be"),
        ('process(cmd="a",time=1.5)', "whole number"),
        ('process(cmd="a",budget=-1)', "whole number"),
        ('process(cmd="a",restarts=1001)', "restarts must be"),
        ('process(cmd="a",fallback=ismcts)', "fallback must be greedy or random"),
        ('process(cmd="a",cmd="b")', "cmd is given twice"),
        ('process(cmd="a",speed=3)', "unknown setting 'speed=3'"),
        ('process(cmd="a",3)', "unknown setting"),
        ('process(cmd="a)', "without its closing"),
        ('process(cmd="a"b)', "text after a quoted value"),
        ('process(cmd=a"b)', "outside a quoted value"),
    ],
)
def test_a_bad_bot_spec_is_refused_naming_it(text: str, why: str) -> None:
    with pytest.raises(zhengfen.ArgumentError, match="bot spec 'process") as refused:
        read_bot_spec(text)
    assert why in str(refused.value)


def test_is_bot_spec_tells_a_process_from_other_agents() -> None:
    assert is_bot_spec('process(cmd="x")') and is_bot_spec(" process")
    assert not any(is_bot_spec(t) for t in ("greedy", "processes", "pkg:process", "learned"))


@pytest.mark.parametrize(
    "line",
    [
        b'{"type":"move","id":7,"index":0}',
        b'{"type":"move","id":7,"index":1}',
        b'{"type":"move","id":7,"index":2}',  # out of range
        b'{"type":"move","id":7,"index":99999}',
        b'{"type":"move","id":7,"index":0}\r',
        b'{"type":"move","id":7,"index":01}',  # no JSON number
        b'{"type":"move","id":07,"index":0}',
        b'{"type":"move","id":6,"index":0}',  # another decision's
        b'{"type":"move","id":7,"index":-1}',
        b'{"type":"move","id":7,"index":0}}',
        b'{"type":"move","id":7,"index":0} ',
        b' {"type":"move","id":7,"index":1}',
        b'{"type":"move","id":7,"index":1,"index":0}',
        b'{"type":"move","id":7,"index":1.0}',
        b'{"type":"move", "id":7, "index":1}',
    ],
)
def test_the_quick_reading_of_a_compact_answer_is_the_json_reading(line: bytes) -> None:
    """A compact answer is read without the JSON parser (BOTS.md §4 is unchanged): every line,
    compact or not, reads as the parser reads it."""
    legal: list[Move] = ["pass", zhengfen.Combo.parse("single 7 1: 7d", RULES)]
    assert read_answer(line, 7, legal, RULES) == messages._read_json_answer(line, 7, legal, RULES)

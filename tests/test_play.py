"""``zhengfen play``'s terminal screen (:mod:`zhengfen.terminal.screen`,
:mod:`zhengfen.terminal.play`).

A typist answers every prompt of whole matches, typing each move one way or another (its
number, its cards, its name, its notation) with mistakes in between, and checks that the move
it meant is the move played; the plain screen it reads must announce every event, fit 80
columns and hold no escape codes. Under a pseudo-terminal the screen is in colour with suit
symbols, unless ``NO_COLOR`` is set. ``--load`` resumes a saved game."""

from __future__ import annotations

import io
import os
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zhengfen
from declaration_stakes import team_bonus
from test_cli import leading_seed, subprocess_env, zhengfen_cmd
from zhengfen.names import combo_name, move_groups, parse_name
from zhengfen.terminal.play import Session, Stop, play_session
from zhengfen.terminal.screen import SHOWN_WAYS, Screen, make_console
from zhengfen.text import ordinal
from zhengfen.types import Move

MISTAKES = ["xyz", "99999", "", "help", "moves", "hint", "pair of jokers", "Kc Kc Kc"]


class Typist:
    """Standard input of a game: answers each prompt by looking at the game and the screen."""

    def __init__(self, game: zhengfen.Game, seat: int, out: io.StringIO, seed: int) -> None:
        self.game, self.seat, self.out = game, seat, out
        self.rng = random.Random(seed)
        self.which = ""  # the answer to a "Which ...?" prompt that follows
        self.meant: list[tuple[int, str]] = []  # (decision number, notation) of each move
        self.turns = 0
        self.read_to = 0

    def readline(self) -> str:
        screen = self.out.getvalue()
        new, self.read_to = screen[self.read_to :], len(screen)
        prompt = screen.rsplit("\n", 1)[-1]
        if prompt.startswith("Which"):
            return self.which + "\n"
        if prompt.startswith("Press Enter"):
            return "\n"
        assert prompt == "Your move> ", prompt
        if ": your turn" not in new:
            return self.answer()  # the turn was shown before a mistake
        self.check_turn(new.rsplit(": your turn", 1)[1])
        if self.turns <= len(MISTAKES):  # each mistake once, then now and then
            return MISTAKES[self.turns - 1] + "\n"
        if self.rng.random() < 0.2:
            return self.rng.choice(MISTAKES) + "\n"
        return self.answer()

    def check_turn(self, shown: str) -> None:
        """What the screen shows at the person's turn."""
        self.turns += 1
        for notation in [n for d, n in self.meant if d < len(self.game.decisions)]:
            assert notation in self.game.decisions
        leading = self.game.phase == "play" and self.game.table is None
        assert ("You lead: play any combination." in shown) == leading
        hand = self.game.hand(self.seat)
        if self.game.phase != "blind_declare":
            assert f"Your hand ({len(hand)} card" in shown
            assert all(str(card) in shown for card in hand)
        groups = move_groups(self.game.legal_moves())
        assert f"Your moves: {len(groups)}" in shown

    def answer(self) -> str:
        """A legal move, typed one way or another; the move meant is noted."""
        moves = self.game.legal_moves()
        index = self.rng.randrange(len(moves))
        move = moves[index]
        self.meant.append((len(self.game.decisions), move if isinstance(move, str) else str(move)))
        if isinstance(move, str):
            return move + "\n"
        way = self.rng.choice(["number", "cards", "name", "notation"])
        if way == "notation":
            return str(move) + "\n"
        if way == "cards":
            variants: list[Move] = [
                m for m in moves if not isinstance(m, str) and m.cards == move.cards
            ]
            typed = str(move.cards)
        elif way == "name":
            typed = combo_name(move).upper() if self.rng.random() < 0.5 else combo_name(move)
            variants = [moves[i] for i in parse_name(typed, moves)]
        else:
            group = next(g for g in move_groups(moves) if index in g.indices)
            typed = str(move_groups(moves).index(group) + 1)
            variants = [moves[i] for i in group.indices]
        self.which = self.choice(variants, move)
        return typed + "\n"

    def choice(self, variants: Sequence[Move], move: zhengfen.Combo) -> str:
        """The answer to "which?": a number, or the cards (the only way past the first few)."""
        position = variants.index(move) + 1
        if position <= SHOWN_WAYS and self.rng.random() < 0.7:
            return str(position)
        return " ".join(str(c) for c in move.cards)


def play_through(game: zhengfen.Game, seat: int, seed: int, matches: int = 1) -> tuple[str, Typist]:
    out = io.StringIO()
    typist = Typist(game, seat, out, seed)
    inp = cast(IO[str], typist)
    status = play_session(game.rules, seat, ["greedy"], seed, matches, None, out, inp, game)
    assert status == 0
    return out.getvalue(), typist


SPECS = [
    ("zheng_fen", 3, 0),
    ("zheng_fen", 4, 1),
    ("zheng_fen", 5, 4),
    ("zheng_fen", 6, 5),
    ("zen_cheng_you", 4, 0),
    ("zen_cheng_you", 4, 3),
]


@pytest.mark.parametrize(("name", "players", "seed"), SPECS)
def test_a_typist_plays_whole_matches_every_way_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, name: str, players: int, seed: int
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    options = {"players": players} if name == "zheng_fen" else {}
    game = zhengfen.Game(zhengfen.Rules(name, **options), seed)  # type: ignore[arg-type]
    seat = seed % players
    out, typist = play_through(game, seat, seed, matches=2)
    assert typist.turns > len(MISTAKES) and game.match_number == 1 and game.match_over
    for decision, notation in typist.meant:
        assert game.decisions[decision] == notation
    assert "\x1b" not in out
    unprompted = re.sub(r"(Your move|Which [^>]*|Press Enter[^>]*)> ", "", out)  # no echo
    assert max(len(line) for line in unprompted.splitlines()) <= 80
    history = game.history
    count = {kind: sum(e["type"] == kind for e in history) for kind in ("trick", "out", "deal")}
    assert out.count(" the trick: ") == count["trick"]
    assert out.count("  ** ") == count["out"]
    assert out.count("Match 1: dealt") == 1 and out.count("Match 2: dealt") == 1
    for event in history:
        if event["type"] == "out":
            who = "You are" if event["seat"] == seat else f"seat {event['seat']} (greedy"
            assert re.search(f"{re.escape(who)}.* out, {ordinal(event['place'])}", out)
        if event["type"] == "transfer":
            assert f" {event['points']} points (pile and hand) to " in out
    assert "Match 1 result" in out and "Match 2 result" in out
    assert not re.search(r"\b1 cards", out) and "You play pass" not in out and "You pass" in out
    assert "Not a move, cards or a name: unknown card token 'xyz'" in out
    assert "There is no move 99999" in out


@pytest.mark.parametrize("seed", [0, 3])
def test_zen_cheng_you_shows_teams_partner_declarations_and_bonus(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed)
    out, _ = play_through(game, 0, seed)
    assert "Teams    your team (seats 0, 2) against other team (seats 1, 3)" in out
    assert "seat 2 (greedy, partner)" in out and "seat 1 (greedy)" in out
    assert "Scores: your team (seats 0, 2) 0, other team (seats 1, 3) 0" in out
    declared = [e for e in game.history if e["type"] == "declaration"]
    blind = re.findall(r"^.* (not declare blind|declares? BLIND \(\+/-200\))$", out, re.M)
    second = re.findall(r"^.* (not declare|declares? \(\+/-100\))$", out, re.M)
    assert len(blind) == 4 and len(second) == len(declared) - 4
    bonus = team_bonus(game.history)
    row = re.search(r"your team \(seats 0, 2\) +(-?\d+) +([+-]\d+) +(-?\d+) +(-?\d+)", out)
    assert row is not None, out[-2000:]
    cards, declarations, points, score = (int(x) for x in row.groups())
    assert declarations == bonus[0] and points == game.match_points[0] == cards + bonus[0]
    assert score == game.scores[0]


def test_you_lead_only_when_you_lead_in_the_declarations() -> None:
    """The issue's complaint: during the declarations play used to say "You lead." when
    another seat would lead."""
    rules = zhengfen.Rules.zen_cheng_you()
    seed = leading_seed(rules, 1)
    run_ = zhengfen_cmd("play", "--game", "zen_cheng_you", "--seed", str(seed), stdin="pass\n")
    shown = run_.stdout
    assert "Blind declaration:" in shown and "You lead" not in shown
    assert "Match 1: dealt, seat 1 (greedy) leads" in shown


def test_load_resumes_a_saved_game(tmp_path: Path) -> None:
    rules = zhengfen.Rules.zheng_fen(players=4)
    seed = leading_seed(rules, 0)
    save = tmp_path / "game.json"
    first = zhengfen_cmd("play", "--seed", str(seed), "--save", str(save), stdin="1\n1\n1\nquit\n")
    assert first.returncode == 0 and "Game stopped (quit)." in first.stdout
    assert f"zhengfen play --load {save} resumes it" in first.stdout
    stopped = zhengfen.Game.from_json(save.read_text())
    again = zhengfen_cmd(
        "play", "--load", str(save), "--save", str(save), "--matches", "1", stdin="1\n" * 400
    )
    assert again.returncode == 0, again.stderr
    assert (
        f"Resumed from {save}: match 1, {len(stopped.decisions)} decisions played" in again.stdout
    )
    assert "Match 1: dealt" not in again.stdout and "Match 1 result" in again.stdout
    done = zhengfen.Game.from_json(save.read_text())
    assert done.match_over and done.decisions[: len(stopped.decisions)] == stopped.decisions


def test_load_refuses_what_is_not_a_saved_game(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"x": 1}')
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe")
    cases = [
        (tmp_path / "missing.json", "cannot read it (No such file or directory)"),
        (tmp_path, "is a folder, not a saved game"),
        (tmp_path / "bad.json", "not a saved game (line 1 holds no saved game"),
        (tmp_path / "binary.json", "is not a UTF-8 text file"),
    ]
    for path, message in cases:
        run_ = zhengfen_cmd("play", "--load", str(path), timeout=30)
        assert run_.returncode == 2 and run_.stdout == "", path
        assert run_.stderr.startswith("zhengfen play: --load") and message in run_.stderr
        assert run_.stderr.count("\n") == 1


def test_a_seat_the_table_lacks_is_refused_before_anything_is_shown_or_saved(
    tmp_path: Path,
) -> None:
    """The seat was checked only when the screen first asked for its view: after the header was
    printed, and the save of the game that never started written in the way out."""
    rules = zhengfen.Rules.zheng_fen(players=4)
    out, save = io.StringIO(), tmp_path / "game.json"
    for seat in (4, -1):
        with pytest.raises(zhengfen.ArgumentError, match=f"^seat must be 0 to 3, not {seat}$"):
            play_session(rules, seat, ["greedy"], 1, 1, save, out, io.StringIO("quit\n"))
    assert out.getvalue() == "" and not save.exists()


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("environ", "styled"),
    [({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True), ({"TERM": "dumb"}, False)],
)
def test_the_console_is_plain_unless_a_terminal_wants_colour(
    environ: dict[str, str], styled: bool
) -> None:
    assert make_console(FakeTerminal(), environ).is_terminal is styled
    assert make_console(io.StringIO(), environ).is_terminal is False


# --- under a pseudo-terminal -------------------------------------------------------------------


def on_a_terminal(*args: str, no_color: bool = False) -> str:
    """``zhengfen play ARGS`` on a pseudo-terminal 100 columns wide, quitting at the first
    prompt; returns all it wrote."""
    import fcntl
    import struct
    import termios

    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    env = subprocess_env({**os.environ, "TERM": "xterm-256color"})
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    if no_color:
        env["NO_COLOR"] = "1"
    process = subprocess.Popen(
        [sys.executable, "-m", "zhengfen", "play", *args],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    shown = b""
    deadline = time.monotonic() + 60
    answered = False
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            shown += chunk
            if not answered and b"Your move> " in shown:
                os.write(main, b"quit\n")
                answered = True
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    assert answered and process.returncode == 0
    return shown.decode()


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_terminal_gets_colour_and_suit_symbols() -> None:
    shown = on_a_terminal("--seed", "3")
    assert "\x1b[" in shown and "\x1b[1;31m" in shown  # red hearts and diamonds
    assert re.search("[\u2663\u2666\u2665\u2660]", shown)
    assert "Your move> " in shown and "Game stopped (quit)." in shown
    plain = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", shown)
    assert max(len(line) for line in plain.splitlines()) <= 100


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_no_color_gives_the_plain_screen_on_a_terminal() -> None:
    shown = on_a_terminal("--seed", "3", no_color=True)
    assert "\x1b[" not in shown
    assert not re.search("[\u2663\u2666\u2665\u2660]", shown.split("Help", 1)[1].split("\n", 1)[1])
    assert "Your hand (" in shown and "Game stopped (quit)." in shown


@pytest.mark.parametrize("seed", range(12))
def test_team_bonus_is_what_the_engine_adds_to_the_card_points(seed: int) -> None:
    """A round's cards hold 200 points (all to one team after a 1-2 finish): the match points
    less the declaration bonus add up to 200, whatever was declared."""
    rng = random.Random(seed)
    game = zhengfen.Game(zhengfen.Rules.zen_cheng_you(), seed)
    while not game.match_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    bonus = team_bonus(game.history)
    assert sum(game.match_points) - sum(bonus) == 200
    declared = [e for e in game.history if e["type"] == "declaration" and e["move"] != "pass"]
    assert sum(abs(b) for b in bonus) <= 200 * len(declared)


def test_ordinal() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


@settings(max_examples=300)
@given(st.text(max_size=40) | st.sampled_from(["1", "²", "٣", "9" * 5000, "pair 8", "8c 8d"]))
def test_any_line_typed_is_a_move_or_is_explained(typed: str) -> None:
    """Whatever is typed, the answer is a legal move, or None after an explanation (a "which?"
    question answered by an empty line goes back), or a stop for ``quit``; never an error."""
    rules = zhengfen.Rules.zheng_fen(players=3)
    game = zhengfen.Game.from_hands(rules, ["8c 8d 8h 9c 9d 10c BJ", "3c", "4c"], 0)
    out = io.StringIO()
    screen = Screen(make_console(out), game, 0, {1: "greedy", 2: "greedy"})
    session = Session(game, 0, {}, screen, io.StringIO("\n" * 10))
    moves = game.legal_moves()
    try:
        move = session.read(typed, moves, move_groups(moves))
    except Stop:
        assert typed.strip().lower() in ("quit", "exit")
        return
    assert move is None or move in moves
    if move is None:
        assert out.getvalue().strip()


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_help_is_laid_out_for_the_width(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The help wraps at the console's width, not at newlines written for another: its first
    paragraph fills each line but its last, and each command's meaning is whole on one line."""
    monkeypatch.setenv("COLUMNS", str(width))
    rules = zhengfen.Rules.zheng_fen(players=3)
    game = zhengfen.Game.from_hands(rules, ["8c 8d 8h 9c", "3c", "4c"], 0)
    out = io.StringIO()
    screen = Screen(make_console(out), game, 0, {1: "greedy", 2: "greedy"})
    session = Session(game, 0, {}, screen, io.StringIO())
    moves = game.legal_moves()
    assert session.read("help", moves, move_groups(moves)) is None
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    assert all(len(line) <= width for line in lines)
    first = lines[: next(i for i, line in enumerate(lines) if line.endswith("declare.")) + 1]
    assert all(len(line) > width - 20 for line in first[:-1]), first
    for meaning in ("the greedy agent's choice", "every legal move", "stop the game"):
        assert any(meaning in line for line in lines), (meaning, lines)

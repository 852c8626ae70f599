"""The table of ``zhengfen serve`` as a newcomer meets it, in headless Chromium (the fixtures
and helpers of ``test_web_browser``, so skipped or failed as that module is): the rules panel
opened from the table, the wording of the felt, the declarations and the tournament's wins, a
selection's reason, the seats' order round the table at 1280 and 420 px, long plays as cards,
the names people give themselves.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import test_web_browser as browsing
import zhengfen
from test_web_browser import SIDEWAYS, _click_and_wait, _game_state, _new_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# the fixtures of test_web_browser, shared: one server for this module
browser, page, replay_folder = browsing.browser, browsing.page, browsing.replay_folder
server, shots = browsing.server, browsing.shots
NO_WINS = "\u2013"
"""What the wins column shows when no game was decided (an en dash)."""


@pytest.mark.parametrize("width", [1280, 420])
def test_the_rules_panel_opens_from_the_games_bar(page: Page, width: int) -> None:
    """The game's bar opens the rules in short of the game (RULES.md sections cited):
    a Zheng Fen straight is of one suit, full houses take unpaired kickers, the 5-10-K specials,
    the transfer; Zen Cheng You's declarations, bombs and scoring. Before, no rules were shown
    where one plays."""
    page.set_viewport_size({"width": width, "height": 800})
    _new_game(page, "zheng_fen", seed=3)
    panel = page.locator("#pt-rules")
    assert panel.is_hidden()
    page.click("#pt-rules-open")
    assert (
        panel.is_visible()
        and page.locator("#pt-rules-open").get_attribute("aria-expanded") == "true"
    )
    shown = panel.locator("[data-game='zheng_fen']")
    assert shown.is_visible() and panel.locator("[data-game='zen_cheng_you']").is_hidden()
    text = shown.inner_text()
    for words in (
        "of one suit",
        "no mixed-suit straight",
        "§4.7",
        "kickers",
        "need not be a pair",
        "5-10-K",
        "four 2s",
        "first player out",
        "§7.6",
        "joker",
    ):
        assert words in text, words
    assert page.evaluate(SIDEWAYS) <= 0
    page.click("#pt-rules-close")
    assert panel.is_hidden()
    page.once("dialog", lambda dialog: dialog.accept())  # the game is on: the page asks first
    page.click("#pt-new")
    page.wait_for_selector("#play-setup:not([hidden])")
    _new_game(page, "zen_cheng_you", seed=4)
    page.click("#pt-rules-open")
    shown = panel.locator("[data-game='zen_cheng_you']")
    assert shown.is_visible() and panel.locator("[data-game='zheng_fen']").is_hidden()
    text = shown.inner_text()
    for words in (
        "blind",
        "+200",
        "±100",
        "Bombs",
        "four jokers",
        "1-2 finish",
        "§11.6",
        "not wild",
        "3 up to A",
    ):
        assert words in text, words
    assert page.evaluate(SIDEWAYS) <= 0


def test_the_felt_and_the_declarations_say_it_plainly(page: Page) -> None:
    """ "To beat (played by seat 3 (greedy))" nested its brackets; a pass in the blind round read
    "no declaration" as a pass in the declarations did, though the ±100 was still to decide."""
    _new_game(page, "zen_cheng_you", seed=4)
    _game_state(page)
    assert page.evaluate("document.body.dataset.phase") == "blind_declare"
    _click_and_wait(page, "#pt-pass")
    you = page.locator("#pt-felt .seat.you .said")
    assert you.inner_text() == "no blind, declares next"
    assert page.evaluate("document.body.dataset.phase") == "declare"
    _click_and_wait(page, "#pt-pass")
    assert you.inner_text() == "no declaration"
    for _ in range(60):  # play on until a combination is to beat
        if page.locator("#pt-to-beat").count():
            break
        groups = page.locator("#pt-moves .move-group")
        if _game_state(page) == "over":
            break
        if groups.count():
            groups.first.click()
            page.wait_for_selector("#pt-verdict.ok")
            _click_and_wait(page, "#pt-play")
        else:
            _click_and_wait(page, "#pt-pass")
    label = page.locator("#pt-center .to-beat-label").inner_text()
    assert label.startswith("To beat, played by ") and "((" not in label and "))" not in label


def test_a_tournament_without_a_winner_says_why(page: Page) -> None:
    """One match a game never reaches the target: the wins read "0 / 0" unexplained; now a dash,
    and a line says why and what to compare instead."""
    page.click("#tab-tournament")
    page.select_option("#tn-game", "zheng_fen")
    page.select_option("#tn-players", "3")
    for seat, agent in enumerate(["greedy", "random", "random"]):
        page.select_option(f"#tn-agent-{seat}", agent)
    page.fill("#tn-deals", "2")
    page.select_option("#tn-matches", "1")
    page.click("#tn-start")
    page.wait_for_selector("#page-tournament[data-done='true']", timeout=90_000)
    wins = page.locator("#tn-results-table tbody td:nth-child(5)").all_inner_texts()
    assert wins and all(cell == NO_WINS for cell in wins), wins
    assert "target" in page.locator("#tn-undecided").inner_text()


def test_a_selection_that_is_no_combination_says_why(page: Page, tmp_path: Path) -> None:
    """ "3h 4c 5c 6s RJ is not a combination" said nothing of why; the page now gives the
    engine's reason (a Zheng Fen straight is of one suit), and Play stays disabled."""
    rules = zhengfen.Rules.zheng_fen(players=3)
    saved = tmp_path / "hands.json"
    game = zhengfen.Game.from_hands(rules, ["3h 4c 5c 6s RJ 9d", "3c", "4d"], 0)
    saved.write_text(game.to_json())
    page.set_input_files("#lg-file", str(saved))
    page.click("#lg-load")
    page.wait_for_selector("#play-game:not([hidden])")
    _game_state(page)
    for card in ("3h", "4c", "5c", "6s", "RJ"):
        page.click(f"#pt-hand .card-slot[data-card='{card}']")
    verdict = page.locator("#pt-verdict.bad")
    verdict.wait_for()
    assert page.locator("#pt-reading").inner_text() == "not a combination"
    assert "must all be of one suit" in verdict.inner_text() and "§4.7" in verdict.inner_text()
    assert page.locator("#pt-play").is_disabled()


SEATS = """() => {
  const felt = document.querySelector('#pt-felt').getBoundingClientRect();
  return [...document.querySelectorAll('#pt-felt .seat')].map((s) => {
    const r = s.getBoundingClientRect();
    return [Number(s.dataset.seat), r.x + r.width / 2 - felt.x - felt.width / 2,
            r.y + r.height / 2 - felt.y - felt.height / 2];
  });
}"""
"""Each seat's box centre, from the felt's centre: ``[seat, x, y]``."""


def _turn_order(you: int, players: int) -> list[int]:
    """The seats from the one after ``you`` in turn order, ``you`` last (RULES.md §7.2)."""
    return [(you + k) % players for k in range(1, players + 1)]


@pytest.mark.parametrize("width", [1280, 420])
@pytest.mark.parametrize("players", [4, 6])
def test_the_seats_keep_their_order_round_the_table(page: Page, width: int, players: int) -> None:
    """At 420 px the seats became a grid of two columns that lost the order round the table;
    now a column in turn order, you last. At 1280 px they sit round the felt clockwise in turn
    order (on the screen, with y downwards, the angle from the felt's centre grows)."""
    page.set_viewport_size({"width": width, "height": 900})
    _new_game(page, "zheng_fen", seed=5, players=players)
    _game_state(page)
    you = int(page.evaluate("Number(document.querySelector('#pt-felt .seat.you').dataset.seat)"))
    boxes = {int(seat): (x, y) for seat, x, y in page.evaluate(SEATS)}
    order = _turn_order(you, players)
    if width == 420:
        assert [boxes[s][1] for s in order] == sorted(boxes[s][1] for s in order)
        assert page.locator("#pt-turn-order").is_visible()
    else:
        start = math.atan2(boxes[you][1], boxes[you][0])
        turns = [(math.atan2(boxes[s][1], boxes[s][0]) - start) % (2 * math.pi) for s in order]
        assert turns[:-1] == sorted(turns[:-1]) and turns[-1] < 1e-6, turns
        assert page.locator("#pt-turn-order").is_hidden()
    assert page.evaluate(SIDEWAYS) <= 0


def test_six_seats_at_420_px_leave_the_hand_in_sight(page: Page) -> None:
    """At 420 px the six seats of a six-player game were a column of tall boxes (a card back
    over the points, the last play's name over its cards) that pushed the hand below a 900 px
    window; now a seat is one short line, and the centre no longer repeats the trick the seats
    already show."""
    page.set_viewport_size({"width": 420, "height": 900})
    _new_game(page, "zheng_fen", seed=3, players=6)
    _game_state(page)
    heights = page.evaluate(
        "[...document.querySelectorAll('#pt-felt .seat')]"
        ".map((s) => s.getBoundingClientRect().height)"
    )
    assert len(heights) == 6 and max(heights) <= 48, heights
    top = page.evaluate(
        "document.querySelector('#pt-hand .card-slot').getBoundingClientRect().top + window.scrollY"
    )
    assert top < 900, top
    assert page.locator("#pt-center .trick").is_hidden()
    assert page.evaluate(SIDEWAYS) <= 0


def _load(page: Page, tmp_path: Path, hands: list[str], leader: int = 0) -> None:
    """Resumes a Zheng Fen game for three from ``hands`` (the person in seat 0)."""
    rules = zhengfen.Rules.zheng_fen(players=3)
    saved = tmp_path / "hands.json"
    saved.write_text(zhengfen.Game.from_hands(rules, hands, leader).to_json())
    page.set_input_files("#lg-file", str(saved))
    page.click("#lg-load")
    page.wait_for_selector("#play-game:not([hidden])")
    _game_state(page)


@pytest.mark.parametrize("width", [1280, 420])
def test_the_result_is_where_the_page_says(page: Page, tmp_path: Path, width: int) -> None:
    """ "The result is on the right" was below the table at 420 px: the note now offers a
    button that brings the result into view, at any width."""
    page.set_viewport_size({"width": width, "height": 700})
    _load(page, tmp_path, ["9d", "3c", "4d"])
    page.click("#pt-hand .card-slot[data-card='9d']")
    page.wait_for_selector("#pt-verdict.ok")
    _click_and_wait(page, "#pt-play")
    assert _game_state(page) == "over"
    note = page.locator("#pt-over-note")
    assert "on the right" not in note.inner_text() and "see the result" in note.inner_text()
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#pt-show-result")
    page.wait_for_function(
        "() => { const r = document.querySelector('#pt-over').getBoundingClientRect();"
        " return r.top > -2 && r.top < window.innerHeight; }"
    )


@pytest.mark.parametrize("width", [1280, 420])
def test_a_long_play_is_drawn_as_cards(page: Page, tmp_path: Path, width: int) -> None:
    """A play of more than five cards was shown by its name only; now its cards are drawn as
    a fan in the log and on the felt, each card's corner in view, within the window."""
    page.set_viewport_size({"width": width, "height": 800})
    run = ["3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh"]
    _load(page, tmp_path, [" ".join([*run, "Kc", "Ks"]), "3c 4c", "4d 5d"])
    for card in run:
        page.click(f"#pt-hand .card-slot[data-card='{card}']")
    page.wait_for_selector("#pt-verdict.ok")
    _click_and_wait(page, "#pt-play")
    fan = page.locator("#pt-log li[data-type='play'] .card-fan").first
    assert fan.locator("svg.card").count() == len(run)
    lefts = [box["x"] for box in (c.bounding_box() for c in fan.locator("svg.card").all()) if box]
    steps = [b - a for a, b in zip(lefts, lefts[1:])]
    assert len(lefts) == len(run) and min(steps) >= 14  # each card's rank and suit show
    log = page.locator("#pt-log").bounding_box()
    box = fan.bounding_box()
    assert log and box and box["x"] + box["width"] <= log["x"] + log["width"] + 1
    assert page.evaluate(SIDEWAYS) <= 0


def test_people_give_themselves_a_name(page: Page, browser: Browser, server: str) -> None:
    """A guest names themselves from the people panel: the owner's felt and log call the seat
    by it, written as text (markup in a name stays letters), within the window at 420 px."""
    page.fill("#ng-seed", "3")
    selects = page.locator("#ng-opponents select").all()
    selects[1].select_option("person")  # seat 2
    page.click("#ng-start")
    page.wait_for_selector("#pt-people:not([hidden])")
    link = page.locator("#pt-people li[data-seat='2'] .seat-link").input_value()
    other = browser.new_context(viewport={"width": 420, "height": 800})
    guest = other.new_page()
    problems: list[str] = []
    guest.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    guest.on("dialog", lambda dialog: problems.append(f"dialog: {dialog.message}"))
    guest.goto(server + "?speed=instant" + link[link.index("#") :])
    guest.wait_for_selector("#pt-my-name")
    guest.fill("#pt-my-name", "<i>Ana</i>")
    guest.click("#pt-set-name")
    guest.wait_for_function("document.querySelector('#pt-my-name').value === '<i>Ana</i>'")
    seat = page.locator("#pt-felt .seat[data-seat='2'] .seat-name")
    expect = browsing.expect  # type: ignore[attr-defined]
    expect(seat).to_contain_text("seat 2 (<i>Ana</i>)", timeout=10_000)  # by the page's poll
    assert page.locator("#pt-felt i").count() == 0
    assert page.locator("#pt-people li[data-seat='2'] .person-name").inner_text() == (
        "seat 2 (<i>Ana</i>)"
    )
    assert guest.evaluate(SIDEWAYS) <= 0
    other.close()
    assert not problems, problems


def test_the_rules_in_full_are_one_click_from_the_table(page: Page) -> None:
    """The rules panel's link opens RULES.md rendered by the server in a new tab: its headings
    and tables are the document's, and it links back to the table."""
    _new_game(page, "zheng_fen", seed=3)
    page.click("#pt-rules-open")
    with page.context.expect_page() as opened:
        page.click("#pt-rules-full")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules")
    title = zhengfen.docs.text("RULES").splitlines()[0].removeprefix("# ")
    assert rules.locator("h1").nth(1).inner_text() == title
    assert rules.locator("main table").count() >= 1
    assert rules.locator("#back").get_attribute("href") == "./"
    rules.close()

"""The table of ``zhengfen serve`` as a newcomer meets it, in headless Chromium (the fixtures
and helpers of ``test_web_browser``, so skipped or failed as that module is): the rules panel
opened from the table, the wording of the felt, the declarations and the tournament's wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import test_web_browser as browsing
import zhengfen
from test_web_browser import SIDEWAYS, _click_and_wait, _new_game, _table

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the fixtures of test_web_browser, shared: one server for this module
browser, page, replay_folder = browsing.browser, browsing.page, browsing.replay_folder
server, shots = browsing.server, browsing.shots
NO_WINS = "\u2013"
"""What the wins column shows when no game was decided (an en dash)."""


@pytest.mark.parametrize("width", [1280, 420])
def test_the_rules_panel_opens_from_the_table(page: Page, width: int) -> None:
    """The table's bar opens the rules in short of the table's game (RULES.md sections cited):
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
    _table(page)
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
        if _table(page) == "over":
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
    page.wait_for_selector("#play-table:not([hidden])")
    _table(page)
    for card in ("3h", "4c", "5c", "6s", "RJ"):
        page.click(f"#pt-hand .card-slot[data-card='{card}']")
    verdict = page.locator("#pt-verdict.bad")
    verdict.wait_for()
    assert page.locator("#pt-reading").inner_text() == "not a combination"
    assert "must all be of one suit" in verdict.inner_text() and "§4.7" in verdict.inner_text()
    assert page.locator("#pt-play").is_disabled()

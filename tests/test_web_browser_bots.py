"""A person at a table with bots, in headless Chromium (the fixtures and helpers of
``test_web_browser``, so skipped or failed as that module is), against ``zhengfen serve --bots
FILE`` listing the example C bot (``examples/bots/c/bot.c``, built with gcc; the example Python
bot where gcc is missing) and a test bot that
answers illegally (``tests/bots/illegal_index.py``): the bots are offered by name in the
opponents' menus (never their command line) after the agents a league rated (their ratings
shown, best first; the best-rated quick agent the default), a person plays a whole match
against them by clicking, and the seat of the bot that answers illegally shows its faults."""

from __future__ import annotations

import json
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import test_web_browser as browsing
from test_web_browser import MAX_TURNS, _game_state, _play_a_move

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

browser, page, shots = browsing.browser, browsing.page, browsing.shots
BOTS = Path(__file__).resolve().parent / "bots"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "bots"


def _example_bot(folder: Path) -> str:
    """The example bot's command line: the C bot built into ``folder``, or the Python bot where
    there is no gcc."""
    if shutil.which("gcc") is None:
        return shlex.join([sys.executable, str(EXAMPLES / "python" / "bot.py")])
    binary = folder / "example-c"
    source = EXAMPLES / "c" / "bot.c"
    subprocess.run(["gcc", "-std=c99", "-O2", "-o", str(binary), str(source)], check=True)
    return shlex.join([str(binary)])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``zhengfen serve --bots FILE`` (bots ``example`` and ``illegal``) as a subprocess; yields
    the address it prints."""
    folder = tmp_path_factory.mktemp("bots")
    listed = folder / "bots.toml"
    entries = []
    illegal = shlex.join([sys.executable, str(BOTS / "illegal_index.py")])
    for name, cmd in (("example", _example_bot(folder)), ("illegal", illegal)):
        spec = f"process(cmd={json.dumps(cmd)})"
        entries.append(f"[[bots]]\nname = {json.dumps(name)}\nspec = {json.dumps(spec)}\n")
    listed.write_text("".join(entries), encoding="utf-8")
    league = folder / "league.sqlite"
    rate = [sys.executable, "-m", "zhengfen", "league", "--agents", "greedy,random,learned"]
    rate += ["--deals", "2", "--matches", "1", "--db", str(league)]
    subprocess.run(rate, check=True, capture_output=True, timeout=300)
    command = [sys.executable, "-m", "zhengfen", "serve", "--port", "0", "--agent-seconds", "0"]
    command += ["--memory-only", "--bots", str(listed), "--league", str(league)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()

    def drain() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=drain, daemon=True).start()
    try:
        found = re.search(r"(http://[\w.\-]+:\d+/)", lines.get(timeout=60))
        assert found, "zhengfen serve printed no address"
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_person_plays_a_match_against_bots(page: Page) -> None:
    page.select_option("#ng-game", "zheng_fen")
    page.select_option("#ng-players", "4")
    page.fill("#ng-opt-target", "1")  # one match is the game
    page.fill("#ng-seed", "7")
    menus = page.locator("#ng-opponents select")
    offered = menus.first.locator("option").all_inner_texts()
    assert "example" in offered and "illegal" in offered
    assert not any("python" in text or ".py" in text for text in offered)
    # the league's three agents first, best first, each with its rating and interval
    rated = [re.fullmatch(r"(\w+) \(([+\u2212]\d+\.\d) \[.*\]\)", text) for text in offered[:3]]
    assert all(rated) and {m.group(1) for m in rated if m} == {"greedy", "random", "learned"}
    values = [float(m.group(2).replace("\u2212", "-")) for m in rated if m]
    assert values == sorted(values, reverse=True)
    best_quick = next(m.group(1) for m in rated if m and m.group(1) != "random")
    assert menus.first.input_value() == best_quick  # the default opponent
    for k, name in enumerate(("example", "illegal", "example")):
        menus.nth(k).select_option(name)
    page.click("#ng-start")
    page.wait_for_selector("#play-game:not([hidden])")
    for _ in range(MAX_TURNS):
        if _game_state(page) == "over":
            break
        _play_a_move(page)
    else:
        pytest.fail(f"the match did not end in {MAX_TURNS} turns")
    page.wait_for_selector("#pt-over:not([hidden])")
    assert page.locator("#pt-over-title").inner_text() == "Game over"

    def seat(s: int) -> Locator:
        return page.locator(f"#pt-felt .seat[data-seat='{s}']")

    assert re.fullmatch(r"[1-9]\d* faults?", seat(2).locator(".faults").inner_text())
    assert seat(1).locator(".faults").inner_text() == "0 faults"
    assert seat(0).locator(".faults").count() == 0  # the person's seat
    assert "example" in seat(1).inner_text() and "illegal" in seat(2).inner_text()

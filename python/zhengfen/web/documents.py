"""The pages the server renders itself rather than the page's script: ``GET /rules``, the
rules (RULES.md, shipped in the package: :func:`zhengfen.docs.text`) as HTML, so that a person
at the table who does not know the game finds them one click away; and ``GET /league``, the
league ratings of the server's league file (:mod:`~zhengfen.web.ratings`), per league.

The Markdown is rendered by markdown-it-py (CommonMark with tables, a dependency of the web
extra) with raw HTML off: what the document holds is shown as text, never run. A page is
rendered once a server and kept (the document does not change while it runs).

>>> page = rules_page()
>>> page.startswith("<!doctype html>"), "<h1>The rules zhengfen implements</h1>" in page
(True, True)
>>> "<table>" in page
True
"""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping

from markdown_it import MarkdownIt

from zhengfen import docs
from zhengfen.bots import is_bot_spec
from zhengfen.league import MODEL, Standings
from zhengfen.web.models import Models
from zhengfen.web.ratings import label as ratings_label

__all__ = ["league_page", "page", "render", "rules_page"]


def render(markdown: str) -> str:
    """``markdown`` as HTML: CommonMark and tables, raw HTML shown as text."""
    rendered: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return rendered


def page(title: str, body: str) -> str:
    """A page of the server's own: ``title``, a link back to the table, then ``body`` (HTML)."""
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>zhengfen: {html.escape(title)}</title>\n"
        '<link rel="icon" href="data:,">\n<link rel="stylesheet" href="static/style.css">\n'
        '</head>\n<body class="document">\n<header class="top"><h1>zhengfen</h1>'
        '<nav><a href="./" id="back">Back to the table</a></nav></header>\n'
        f'<main class="panel document-text">\n{body}</main>\n</body>\n</html>\n'
    )


@functools.cache
def rules_page() -> str:
    """``GET /rules``: RULES.md rendered, in the server's page."""
    return page("the rules", render(docs.text("RULES")))


def league_page(leagues: Mapping[str, Standings], models: Models) -> str:
    """``GET /league``: each league's ratings (best first, with their 95 % intervals) and its
    setting, read from the league file; a bot is named as the server offers it (its command
    line is never shown)."""
    shown = {ratings_label(models, name): name for name in models.bots}
    parts = ["<h1>League ratings</h1>"]
    if not leagues:
        parts.append(
            "<p>No league has been played for this server yet: <code>zhengfen league</code> "
            "writes its ratings to <code>league.sqlite</code> in the server's data folder "
            "(or give <code>zhengfen serve --league PATH</code>).</p>"
        )
    for standings in leagues.values():
        parts.append(_league_table(standings, shown))
    parts.append(f'<p class="muted small">Model: {html.escape(MODEL)}.</p>')
    return page("league ratings", "\n".join(parts) + "\n")


def _league_table(standings: Standings, shown: Mapping[str, str]) -> str:
    """One league: its name and setting, then its ratings as a table."""
    rows = []
    for rating in standings.ratings:
        agent = shown.get(rating.agent, rating.agent)
        if is_bot_spec(agent):
            agent = "a bot program not offered here"
        rows.append(
            f'<tr><td>{html.escape(agent)}</td><td class="num">{rating.rating:+.1f}</td>'
            f'<td class="num">[{rating.low:+.1f}, {rating.high:+.1f}]</td>'
            f'<td class="num">{rating.games}</td></tr>'
        )
    heading = html.escape(standings.name)
    setting = html.escape(
        f"{standings.rules}; {standings.deals} deals a pair, duplicate, seed {standings.seed}, "
        f"{standings.games} games"
    )
    return (
        f'<section class="league" data-league="{heading}"><h2>{heading}</h2>'
        f'<p class="muted small">{setting}</p>\n<table><thead><tr><th>agent</th>'
        "<th>rating (points a match)</th><th>95 % interval</th><th>games</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></section>"
    )

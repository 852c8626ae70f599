"""The pages the server renders from the shipped documents: ``GET /rules`` shows RULES.md as
HTML (every section's heading, its tables), with raw HTML in the Markdown shown as text; the
page links to it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("markdown_it")

from starlette.testclient import TestClient

from zhengfen import docs
from zhengfen.web import documents
from zhengfen.web.app import STATIC, create_app

LOCAL = "http://127.0.0.1:8000"


class Headings(HTMLParser):
    """The text of every ``<h1>`` to ``<h6>`` of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._open = True
            self.found.append("")

    def handle_endtag(self, tag: str) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.found[-1] += data


def test_the_rules_page_shows_every_heading_of_rules_md() -> None:
    """Every Markdown heading of RULES.md is a heading of ``GET /rules``, in order."""
    with TestClient(create_app(), base_url=LOCAL) as client:
        answer = client.get("/rules")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    wanted = [
        line.lstrip("#").strip().replace("`", "")
        for line in docs.text("RULES").splitlines()
        if re.match(r"#{1,6} ", line)
    ]
    parser = Headings()
    parser.feed(answer.text)
    # the page's own header (zhengfen) comes first, then the document's
    assert parser.found[1:] == wanted and len(wanted) > 10
    assert answer.text.count("<table>") == docs.text("RULES").count("\n|---")
    assert "Back to the table" in answer.text


def test_raw_html_in_the_markdown_is_shown_as_text() -> None:
    """The renderer never passes HTML through: a ``<script>`` is escaped."""
    shown = documents.render("A <script>alert(1)</script> b\n\n<div>x</div>\n")
    assert "<script>" not in shown and "<div>" not in shown
    assert "&lt;script&gt;" in shown


def test_the_page_links_to_the_rules() -> None:
    """The table's header and its rules panel link to ``rules`` (one click away)."""
    index = (STATIC / "index.html").read_text(encoding="utf-8")
    assert index.count('href="rules"') == 2

"""The pages the server renders from text rather than the page's script: ``GET /rules``, the
rules (RULES.md, shipped in the package: :func:`zhengfen.docs.text`) as HTML, so that a person
at the table who does not know the game finds them one click away.

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

from markdown_it import MarkdownIt

from zhengfen import docs

__all__ = ["page", "render", "rules_page"]


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

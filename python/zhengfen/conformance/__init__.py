"""Conformance: the JSON-lines protocol, the shared vectors and the checker (CONFORMANCE.md).

- :mod:`zhengfen.conformance.server` makes an implementation speak the protocol, answering every
  line: :mod:`~zhengfen.conformance.wire` reads lines within the size limits (with
  :mod:`~zhengfen.conformance.nesting` for a line nested deeper than Python reads) and
  :mod:`~zhengfen.conformance.fields` checks each request's fields before an engine sees them;
- :mod:`zhengfen.conformance.checker` runs the vectors against any command that speaks it, with
  :mod:`~zhengfen.conformance.diff` saying which fields of an answer differ;
- :mod:`zhengfen.conformance.vectors` writes the vectors from the Rust engine, with the
  hand-built positions of :mod:`zhengfen.conformance.scenarios` (the rulings of RULES.md §7,
  §11 and §12, which the game tests share);
- :mod:`zhengfen.conformance.command` is the ``zhengfen conformance`` subcommands.
"""

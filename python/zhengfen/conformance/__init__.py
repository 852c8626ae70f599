"""Conformance: the JSON-lines protocol, the shared vectors and the checker (CONFORMANCE.md).

- :mod:`zhengfen.conformance.server` makes an implementation speak the protocol, answering every
  line: :mod:`~zhengfen.conformance.wire` reads lines within the size limits (with
  :mod:`~zhengfen.conformance.nesting` for a line nested deeper than Python reads) and
  :mod:`~zhengfen.conformance.fields` checks each request's fields before an engine sees them;
- :mod:`zhengfen.conformance.checker` runs the vectors against any command that speaks it, with
  :mod:`~zhengfen.conformance.diff` saying which fields of an answer differ;
- :mod:`zhengfen.conformance.vectors` writes the vectors from the Rust engine, one section
  each from the cases of :mod:`~zhengfen.conformance.rule_cases` (the rules' functions),
  :mod:`~zhengfen.conformance.error_cases` (requests refused) and
  :mod:`~zhengfen.conformance.game_cases` (whole games, with the hand-built positions of
  :mod:`zhengfen.conformance.scenarios`: the rulings of RULES.md §7, §11 and §12, which the game
  tests share), built from :mod:`~zhengfen.conformance.cases` (a case's shape, the rule sets)
  and :mod:`~zhengfen.conformance.seeds` (seeds found by inverting SplitMix64);
- :mod:`zhengfen.conformance.command` is the ``zhengfen conformance`` subcommands.
"""

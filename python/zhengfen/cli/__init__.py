"""The ``zhengfen`` command line (also ``python -m zhengfen``): the parser, the run of a
subcommand and its exit status, and what every subcommand shares.

Each subcommand's own arguments live with its code, in a module that has ``add_arguments``,
``run`` and ``HELP``: :mod:`zhengfen.arena.command`, :mod:`zhengfen.terminal` (``play``,
``replay``, ``demo``), :mod:`zhengfen.web.command` (``serve``), :mod:`zhengfen.web.export`,
:mod:`zhengfen.train.command`, :mod:`zhengfen.conformance.command` and
:mod:`zhengfen.docs.command`. This package, by concern: :mod:`~zhengfen.cli.entry` (the entry
point :func:`main`: the parser assembled from those modules, :data:`COMMANDS`, and the exit
statuses: 0 done, 1 a failed conformance check or an unexpected error, 2 refused input, 130
interrupted, 141 standard output's reader gone, 143 terminated),
:mod:`~zhengfen.cli.arguments` (what the subcommands share: argparse types that check a number
against its range as it is parsed, the rule-set arguments, agent lists, the files read and
written, checked before any work), :mod:`~zhengfen.cli.signals` (Ctrl-C and SIGTERM in the
command, and the exit statuses that report them; how the arena's worker processes answer them
is :mod:`zhengfen.arena.workers`') and :mod:`~zhengfen.cli.streams` (a standard stream the
caller closed, a reader of standard output that went away). Connecting to Ray for ``--ray``
is the arena's (:mod:`zhengfen.arena.ray_connect`), which training and the league use too.
"""

from zhengfen.cli.entry import COMMANDS, REFUSED, main, parser

__all__ = ["COMMANDS", "REFUSED", "main", "parser"]

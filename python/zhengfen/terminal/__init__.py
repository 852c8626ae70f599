"""The game in the terminal: ``zhengfen play`` (a person against agents), ``zhengfen replay``
(a saved game or an arena log, trick by trick) and ``zhengfen demo`` (the engine on a seeded
deal).

By concern: :mod:`~zhengfen.terminal.play` (the flow of a game and the person's input: moves
typed as numbers, cards or names, hints, saving), :mod:`~zhengfen.terminal.screen` (everything
drawn, with ``rich``: the table at the person's turn, the events as they happen, help; plain
text through a pipe), :mod:`~zhengfen.terminal.play_command` (the ``play`` subcommand: its
arguments checked before the game starts), :mod:`~zhengfen.terminal.replay` (printing a game
of a saved game or an arena log trick by trick; the log is read by :mod:`zhengfen.arena.log`,
as the web's replays read it), :mod:`~zhengfen.terminal.replay_command` (the ``replay``
subcommand) and :mod:`~zhengfen.terminal.demo` (the ``demo`` subcommand). Every game written
as text for people, here and elsewhere, is :mod:`zhengfen.text`'s (public API, used by the
environments and the web as well); the command line they plug into is :mod:`zhengfen.cli`.
"""

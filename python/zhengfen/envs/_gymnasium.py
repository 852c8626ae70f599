"""The Gymnasium environment: one learning seat against given agents.

This module owns :class:`ZhengfenEnv` (built by :func:`zhengfen.envs.gymnasium_env` and by
``gymnasium.make("zhengfen/ZhengFen-v0")``) and its opponents.

>>> from zhengfen.envs import gymnasium_env
>>> env = gymnasium_env(players=4, seat=1, opponents=["random", "greedy", "greedy"])
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape == env.observation_space["observation"].shape
True
>>> action = int(observation["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> truncated, sorted(info)
(False, ['illegal_action', 'match_points', 'num_legal', 'scores'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Union

import gymnasium

from zhengfen import AgentSpec, Game, IllegalMoveError, Rules
from zhengfen.agents import (
    Agent,
    LearnedAgent,
    UserClass,
    agent_label,
    check_agent,
    make_agent,
    play_seats,
    read_agent,
)
from zhengfen.agents.seats import agent_seed
from zhengfen.bots.spec import BotSpec
from zhengfen.envs._actions import action_index, illegal_message, legal_move
from zhengfen.envs._options import EnvOptions, check_seed, integer
from zhengfen.envs._spaces import (
    Action,
    Observation,
    action_space,
    draw_seed,
    encode,
    observation_space,
    render,
)
from zhengfen.errors import EnvError, ModelError

__all__ = ["Opponent", "ZhengfenEnv", "gymnasium_env"]

#: An opponent: an agent name for :func:`zhengfen.agents.make_agent`, an
#: :class:`zhengfen.AgentSpec`, a user's class, a bot program, or an agent object.
Opponent = Union[str, AgentSpec, UserClass, BotSpec, Agent]
#: What ``step`` returns.
StepResult = tuple[Observation, float, bool, bool, dict[str, Any]]


class ZhengfenEnv(gymnasium.Env[Observation, Action]):
    """One learning seat (``seat``) against agents in the other seats.

    Options: ``rules`` (a :class:`zhengfen.Rules`), or ``game`` and the rule options of
    :class:`zhengfen.Rules`; ``seat`` (default 0);
    ``opponents``, one per other seat in seat order: agent names for
    :func:`zhengfen.agents.make_agent` (``"random"``, ``"greedy"``, ``"search"``,
    ``"search(determinizations=D,candidates=C)"``, ``"learned"``, ``"learned(model=PATH)"``,
    ``"module:Class"``) or agent objects (default: all ``"greedy"``); and ``episode``,
    ``max_actions``, ``perfect_information``, ``render_mode``, ``illegal_action``,
    ``illegal_reward`` (:class:`zhengfen.envs.EnvOptions`).
    A bad option raises :class:`zhengfen.errors.EnvError` or :class:`zhengfen.RulesError`; a
    learned opponent that cannot play the rules (a model for other rules, ``learned`` where none
    ships) raises :class:`zhengfen.ModelError` naming its seat, when the environment is made.

    ``reset`` deals a game and lets the opponents play up to the learner's first decision;
    ``step(action)`` plays ``game.legal_moves()[action]`` for the learner, then the opponents
    until the learner is to move again or the episode ends. The reward is the learner's side's
    points (``Game.match_result``) for every match that ended during the step;
    ``terminated`` is set when the episode ends, ``truncated`` when a whole-game episode is cut
    short after ``rules.match_limit`` matches (RULES.md §3.5; as in ``VecGame``). ``info``:
    ``num_legal`` (the learner's legal moves, 0 once the episode is over), ``match_points`` and
    ``scores`` (``game.match_points`` and ``game.scores``), ``illegal_action`` (whether this
    step's action was refused by the illegal-action policy).

    Actions outside the action space (not an integer from 0 to ``max_actions - 1``) raise
    :class:`zhengfen.IllegalMoveError`; an action of the space that is not legal now follows
    ``illegal_action`` (default ``"terminate"``: the episode ends with ``illegal_reward``).
    ``step`` before ``reset`` raises :class:`zhengfen.errors.EnvError`, after the episode
    ended :class:`zhengfen.IllegalMoveError`. An opponent's illegal move raises
    :class:`zhengfen.IllegalMoveError` naming its seat; whatever an opponent raises, the game is
    put back as it was before the step (or the reset) and the error passed on.

    Reproducibility: the reset seed seeds the game and the built-in opponents named by string
    (rebuilt every episode, the agent in seat ``s`` seeded with
    :func:`zhengfen.agents.seats.agent_seed` ``(seed, s)``, as in ``rollouts`` and
    ``VecGame``); agent objects and ``module:Class`` agents are built once and keep their own
    randomness, and a learned opponent (which draws nothing) is built once: its model file is read
    once.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self, seat: int = 0, opponents: Sequence[Opponent] | None = None, **options: Any
    ) -> None:
        self.options = EnvOptions.parse(options)
        players = self.options.rules.players
        self.seat = integer("seat", seat, 0, players - 1)
        given = _opponent_specs(self.seat, players, opponents)
        self._specs = {s: _read(s, spec) for s, spec in given.items()}
        rules = self.options.rules
        self._agents = {s: _build(s, spec, 0, rules) for s, spec in self._specs.items()}
        # Gymnasium types a Dict space's elements as dicts of spaces, not of values.
        self.observation_space = observation_space(self.options)  # type: ignore[assignment]
        self.action_space = action_space(self.options)
        self.render_mode = self.options.render_mode
        self._game: Game | None = None
        self._terminated = False
        self._truncated = False

    @property
    def game(self) -> Game:
        """The game being played (for inspection: playing moves on it desynchronizes the env)."""
        if self._game is None:
            raise EnvError("call reset() before using the environment")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a new game (``zhengfen.Game(rules, seed)``; without a seed, one drawn from
        ``np_random``) and plays the opponents up to the learner's first decision. ``seed``:
        ``None`` or an integer from 0 to 2**64 - 1 (else :class:`zhengfen.errors.EnvError`,
        nothing changed). ``options`` is accepted for the Gymnasium API and not used."""
        game_seed = check_seed(seed)
        super().reset(seed=game_seed)
        if game_seed is None:
            game_seed = draw_seed(self.np_random)
        before = (self._game, self._terminated, self._truncated, dict(self._agents))
        try:
            for s, spec in self._specs.items():
                if _reseeded(spec, self._agents[s]):
                    self._agents[s] = _build(s, spec, agent_seed(game_seed, s))
            self._game = Game(self.options.rules, game_seed)
            self._terminated = self._truncated = False
            # The learner decides before any match can end (it holds cards from the deal),
            # so no reward is lost here.
            self._play_opponents(self._game)
        except BaseException:
            self._game, self._terminated, self._truncated, self._agents = before
            raise
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info(False)

    def step(self, action: Action) -> StepResult:
        """Plays the learner's move ``game.legal_moves()[action]``, then the opponents until
        the learner is to move again or the episode ends (see the class for illegal actions)."""
        game = self._game
        if game is None:
            raise EnvError("call reset() before step()")
        if self._over:
            raise IllegalMoveError("the episode is over: call reset() to start another")
        index = action_index(action, self.options.max_actions)
        move = legal_move(game, index, self.options.max_actions)
        if move is None:
            return self._refuse(game, index)
        before = game.copy()
        try:
            game.play(move)
            reward = self._play_opponents(game)
        except BaseException:
            self._game, self._terminated, self._truncated = before, False, False
            raise
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._terminated, self._truncated, self._info(False)

    def render(self) -> str | None:
        """The state as text (``"ansi"``), or printed (``"human"``); the learner's hand only,
        unless the environment has perfect information."""
        return render(self.game, self.options, self.render_mode)

    def close(self) -> None:
        """Releases the game (nothing else is held)."""
        self._game = None

    def _refuse(self, game: Game, index: int) -> StepResult:
        """An action of the space that is not legal: the policy's answer; nothing is played."""
        policy = self.options.illegal_action
        if policy == "raise":
            raise IllegalMoveError(illegal_message(game, index))
        self._terminated = policy == "terminate"
        reward = self.options.illegal_reward
        return self._observation(), reward, self._terminated, False, self._info(True)

    def _play_opponents(self, game: Game) -> float:
        """Plays the other seats (and starts the next matches) until the learner is to move or
        the episode ends; returns the learner's reward for the matches that ended."""
        reward = 0.0

        def match_ended(game: Game) -> bool:
            nonlocal reward
            reward += game.match_result(self.seat)
            self._terminated = self.options.episode_over(game)
            self._truncated = not self._terminated and self.options.episode_cut(game)
            return not (self._terminated or self._truncated)

        names = {s: f"{agent_label(agent)}, the opponent" for s, agent in self._agents.items()}
        play_seats(game, self._agents, names=names, on_match=match_ended)
        return reward

    def _observation(self) -> Observation:
        return encode(self.game, self.seat, self.options, active=not self._over)

    @property
    def _over(self) -> bool:
        """Whether the episode has ended, terminated or truncated."""
        return self._terminated or self._truncated

    def _info(self, illegal: bool) -> dict[str, Any]:
        game = self.game
        to_move = not self._over and game.current_player == self.seat
        return {
            "num_legal": len(game.legal_moves()) if to_move else 0,
            "match_points": game.match_points,
            "scores": game.scores,
            "illegal_action": illegal,
        }


def _opponent_specs(
    seat: int, players: int, opponents: Sequence[Opponent] | None
) -> dict[int, Opponent]:
    """The agent (or agent name) for every seat but the learner's, checked."""
    others = [s for s in range(players) if s != seat]
    if opponents is None:
        opponents = ["greedy"] * len(others)
    if (
        isinstance(opponents, str)
        or not isinstance(opponents, Sequence)
        or len(opponents) != len(others)
    ):
        raise EnvError(
            f"opponents must list {len(others)} agents, one per other seat in seat order "
            f"(seats {others}), not {opponents!r}"
        )
    for s, spec in zip(others, opponents):
        if not isinstance(spec, str | AgentSpec) and not callable(getattr(spec, "act", None)):
            raise EnvError(
                f"the opponent for seat {s} must be an agent name or an object with an "
                f"act(observation, legal_moves) method, not {spec!r}"
            )
    return dict(zip(others, opponents))


def _reseeded(spec: Opponent, agent: Agent) -> bool:
    """Whether an opponent is rebuilt, seeded, every episode: a built-in agent named by string
    (read once, when the env was made) that draws (a learned one draws nothing: its model plays
    on)."""
    return isinstance(spec, AgentSpec) and not isinstance(agent, LearnedAgent)


@contextmanager
def _for_seat(seat: int) -> Iterator[None]:
    """Names the seat in an error about its opponent: ``ModelError`` stays one, any other
    ``ValueError`` becomes :class:`zhengfen.EnvError`."""
    try:
        yield
    except ModelError as error:
        raise ModelError(f"the opponent for seat {seat}: {error}") from error
    except ValueError as error:
        raise EnvError(f"the opponent for seat {seat}: {error}") from error


def _read(seat: int, spec: Opponent) -> Opponent:
    """An opponent named by string read once (:func:`zhengfen.agents.read_agent`); an agent
    object as it is."""
    if not isinstance(spec, str):
        return spec
    with _for_seat(seat):
        return read_agent(spec)


def _build(seat: int, spec: Opponent, seed: int, rules: Rules | None = None) -> Agent:
    """The agent ``spec`` names (or ``spec`` itself), seeded, checked against ``rules`` when
    given (a model for other rules: :class:`zhengfen.ModelError`); a bad name names the seat."""
    with _for_seat(seat):
        agent = make_agent(spec, seed)
        if rules is not None:
            check_agent(agent, rules)
        return agent


def gymnasium_env(**options: Any) -> ZhengfenEnv:
    """A :class:`ZhengfenEnv` built from ``options`` (see the class)."""
    return ZhengfenEnv(**options)

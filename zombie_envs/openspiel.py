"""Every env of the suite as an OpenSpiel game (needs ``pip install "zombie-envs[openspiel]"``).

Importing this module registers each env of ``zombie_envs.ENVS`` with
``pyspiel.register_game`` under its env id, so ``pyspiel.load_game("mall_of_horror_v0")``
and ``pyspiel.load_game("mall_of_horror_v0(players=5,max_rounds=20)")`` work.
The parameters are ``players``, the game's own options, ``rng_seed`` and
``max_game_length`` (see ``docs/openspiel.md``).  Importing ``zombie_envs``
alone never imports ``pyspiel``.

A state wraps one engine: the engine rolls its own dice from the generator it
carries, so the game is ``SAMPLED_STOCHASTIC`` with no chance nodes, and a
state's deal comes from a seed drawn from the game's generator.  Observation
and information state are both the suite's per-seat observation vector, which
already hides what the seat may not see; the suite has no perfect-recall
encoder, so the information state remembers only what the observation keeps.
Use OpenSpiel's Python algorithms: its C++ bots release the interpreter lock
while they call the Python states, and crash.
"""

from __future__ import annotations

import json
import random
from typing import ClassVar

import numpy as np
import pyspiel

from .core.files import parse_json
from .core.game import Engine
from .core.game_type import GameType
from .registry import ENVS, engine_class, game_type

#: decisions one seat's turn may take, averaged over a game, with room to spare: random
#: play averages at most 13 per seat and round (Mall of Horror) and 9 per turn (We Are Dead)
TURN_BUDGET = 64


def _default_length(game: GameType, num_players: int, options: dict) -> int:
    """A bound on the decisions of a game, from the engine's own cap on turns or
    rounds, plus a turn per seat for the setup."""
    if "max_turns" in options:
        turns = options["max_turns"]
    elif "max_rounds" in options:
        turns = options["max_rounds"] * num_players
    else:
        raise ValueError(f"{game.env} has no max_turns or max_rounds option: give max_game_length")
    return (turns + num_players) * TURN_BUDGET


def _game_type(game: GameType) -> pyspiel.GameType:
    zero_sum = not game.outside_winner
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=game.env,
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.default_players,
            **{o.name: o.default for o in game.options},
            "rng_seed": -1,
            "max_game_length": -1,
        },
    )


class ZombieGame(pyspiel.Game):
    """One env of the suite with its parameters (each env registers a subclass
    that names its ``declaration``).  ``rng_seed`` seeds the generator the
    states' deals come from (-1: fresh entropy); ``max_game_length`` (-1: derived
    from the engine's cap) ends a game that reaches it as the engine's safety
    caps do, truncated with no winner."""

    declaration: ClassVar[GameType]

    def __init__(self, params: dict | None = None):
        game = self.declaration
        spec = _game_type(game)
        params = {**spec.parameter_specification, **(params or {})}
        n = params["players"]
        if not game.min_players <= n <= game.max_players:
            raise ValueError(
                f"{game.env}: players must be from {game.min_players} to {game.max_players}, "
                f"got {n}"
            )
        options = game.check_options({o.name: params[o.name] for o in game.options})
        engine_cls = game.engine_cls
        limit = params["max_game_length"]
        if limit < 1:
            limit = _default_length(game, n, options)
        zero_sum = spec.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=engine_cls.action_layout.size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=limit,
        )
        super().__init__(spec, info, params)
        self.engine_cls = engine_cls
        self.options = options
        seed = params["rng_seed"]
        self._seeds = random.Random(None if seed < 0 else seed)
        self._spare: Engine | None = None

    def new_initial_state(self) -> ZombieState:
        return ZombieState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> SeatObserver:
        return SeatObserver(self, iig_obs_type, params)

    def deal(self) -> Engine:
        """A new game's engine: one given back unplayed, else a fresh seed's."""
        engine, self._spare = self._spare, None
        if engine is None:
            engine = self.engine_cls(
                self.num_players(), seed=self._seeds.getrandbits(63), **self.options
            )
        return engine

    def give_back(self, engine: Engine) -> None:
        if self._spare is None:
            self._spare = engine


class _Table:
    """The engine behind one state, dealt on first use.

    OpenSpiel builds a new initial state for every clone, every loaded state
    and every tensor-size query (``PyGame::ObservationTensorShape``), then
    overwrites or drops it; a deal can cost milliseconds (Maul of America
    builds its map), so a state deals only when read, and a state dropped with
    its deal unplayed, uncopied and unsaved gives it back for the next one."""

    __slots__ = ("_engine", "_game", "spare")

    def __init__(self, game: ZombieGame | None = None, engine: Engine | None = None):
        self._game = game
        self._engine = engine
        self.spare = engine is None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = self._game.deal()
        return self._engine

    def __deepcopy__(self, memo) -> _Table:
        self.spare = False
        return _Table(engine=self.engine.clone())

    def __reduce__(self):
        self.spare = False
        return _load_table, (json.dumps(self.engine.to_dict()),)

    def __del__(self):
        if self.spare and self._engine is not None:
            self._game.give_back(self._engine)


def _load_table(text: str) -> _Table:
    """A saved engine (``Engine.to_dict`` as JSON) back on a table."""
    d = parse_json(text, "the saved state")
    return _Table(engine=engine_class(d["game"]).from_dict(d))


class ZombieState(pyspiel.State):
    """A game in progress: the engine does the rules, this answers OpenSpiel."""

    def __init__(self, game: ZombieGame):
        super().__init__(game)
        self._table = _Table(game)
        self._limit = game.max_game_length()

    @property
    def engine(self) -> Engine:
        """The engine behind this state (read it; play only through ``apply_action``)."""
        return self._table.engine

    def current_player(self) -> int:
        engine = self.engine
        return pyspiel.PlayerId.TERMINAL if engine.terminal else engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.engine.legal)

    def _apply_action(self, action: int) -> None:
        table = self._table
        table.engine.apply(int(action))
        table.spare = False
        if not table.engine.terminal and self.move_number() + 1 >= self._limit:
            table.engine.end_game(truncated=True)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.engine.action_name(action)

    def is_terminal(self) -> bool:
        return self.engine.terminal

    def returns(self) -> list[float]:
        engine = self.engine
        return engine.returns() if engine.terminal else [0.0] * engine.num_players

    def resample_from_infostate(self, player: int, probability_sampler) -> ZombieState:
        """OpenSpiel's resampling hook (the one ``ISMCTSBot`` calls without a
        resampler): ``resample`` with a generator seeded from the sampler."""
        return resample(self, player, random.Random(probability_sampler()))

    def __str__(self) -> str:
        """The spectator's text view: public information only."""
        return self.engine.game_type.text_module.ansi(self.engine, None)


def resample(state: ZombieState, seat: int, rng: random.Random) -> ZombieState:
    """A state ``seat`` cannot tell from ``state``, with everything hidden from it
    redrawn (``Engine.resample``) and dice of its own."""
    new = state.clone()
    new._table = _Table(engine=state.engine.resample(seat, rng))
    return new


def resampler(seed: int | None = None):
    """A resampler for ``ISMCTSBot.set_resampler``: ``(state, seat) -> state``."""
    rng = random.Random(seed)
    return lambda state, seat: resample(state, seat, rng)


class SeatObserver:
    """What one seat may see, for ``make_py_observer``: the suite's observation
    vector, in its named blocks (``Layout.views``), and as a string its nonzero
    entries by name, with the legal actions when the seat is to act (as the
    suite's action mask goes with its observation).  The string is exact where
    the text view is not (it leaves out, for one, the truck cards a Mall of
    Horror seat is choosing from), so search can key information states on it.
    It serves the information state as well as the observation (the suite keeps
    no perfect-recall history); views other than a seat's own are refused."""

    def __init__(self, game: ZombieGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{game}: only a seat's own view is offered (public_info=True, "
                f"private_info=SINGLE_PLAYER), not {iig_obs_type}"
            )
        self._layout = game.engine_cls.obs_layout
        self.tensor = np.zeros(self._layout.size, np.float32)
        self.dict = self._layout.views(self.tensor)

    def set_from(self, state: ZombieState, player: int) -> None:
        self.tensor[:] = state.engine.observation(player)

    def string_from(self, state: ZombieState, player: int) -> str:
        engine = state.engine
        obs = engine.observation(player)
        lines = [f"player_{player}"]
        for block in self._layout.blocks:
            part = obs[block.start : block.stop]
            seen = np.flatnonzero(part).tolist()
            if seen:
                values = part.tolist()
                entries = " ".join(f"{block.labels[i]}={values[i]}" for i in seen)
                lines.append(f"{block.name}: {entries}")
        if engine.current_player == player and not engine.terminal:
            lines.append("legal: " + " ".join(map(str, sorted(engine.legal))))
        return "\n".join(lines)


#: env id -> its OpenSpiel game class
GAMES: dict[str, type[ZombieGame]] = {}


def register(env: str) -> None:
    """Register one env of the suite with OpenSpiel (once).  It registers a
    class, as OpenSpiel's own Python games do: the registry outlives the
    interpreter, and freeing a plain function there aborts the exit."""
    if env in GAMES:
        return
    game = game_type(env)
    name = "".join(part.title() for part in env.split("_"))
    cls = type(name, (ZombieGame,), {"declaration": game, "__module__": __name__})
    pyspiel.register_game(_game_type(game), cls)
    GAMES[env] = cls


for _env in ENVS:
    register(_env)

"""Gymnasium and PettingZoo environments over hamle's games.

- :func:`pettingzoo_env` (class :class:`HamleAEC`): any two-player game as a PettingZoo AEC environment,
  agents ``player_0`` (the first mover) and ``player_1``. Each observation is a dict: ``observation``, the
  game's tensor seen from that agent's seat, and ``action_mask``, one int8 a distinct action. Chance (Hapis's
  dice) is thrown inside the environment. The reward is the game's returns at the end: +1 a win, -1 a loss,
  0 a draw (Hapis: ±2 for mars).
- :class:`Game2048Env` (``gymnasium.make("hamle/2048-v0")``): 2048 as a Gymnasium environment. The reward is
  the score a move earns; the legal moves' mask is ``info["action_mask"]``; a move that moves nothing changes
  nothing and earns nothing (``info["illegal"]`` is True).

Both are seeded by ``reset(seed=...)`` through hamle's own streams: the same seed throws the same dice and
tiles as ``hamle.Stream(seed)`` does in Rust. ``reset()`` without a seed goes on with the stream it has.
"""

import secrets

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._hamle import Game, Stream, load_game


def _game(game):
    return game if isinstance(game, Game) else load_game(game)


def _render(mode, state):
    """The board as text for ``ansi``, printed for ``human``; a warning without a render mode."""
    if mode is None:
        gymnasium.logger.warn("render() was called without a render_mode (human or ansi)")
        return None
    if mode == "ansi":
        return str(state)
    print(state)
    return None


def _settle(state, stream):
    """Throws chance until a player is to move or the game is over."""
    while state.is_chance_node():
        state.apply_action(state.sample_chance(stream))


class HamleAEC(AECEnv):
    """A two-player hamle game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "hamle_v0", "is_parallelizable": False}

    def __init__(self, game="tictactoe", render_mode=None, max_moves=None):
        super().__init__()
        self.game = _game(game)
        if self.game.num_players() != 2:
            raise ValueError(f"{self.game} has one player: use a Gymnasium environment (Game2048Env for 2048)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.possible_agents = ["player_0", "player_1"]
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self._actions = actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._stream = None
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._stream = Stream(seed)
        elif self._stream is None:
            self._stream = Stream(secrets.randbits(63))
        self.state = self.game.new_initial_state()
        _settle(self.state, self._stream)
        self._moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        observation = self.state.observation_tensor(seat)
        if self.state.current_player() == seat:
            mask = self.state.legal_actions_mask()
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._moves += 1
        _settle(self.state, self._stream)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        elif self.max_moves is not None and self._moves >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        if not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return _render(self.render_mode, self.state)

    def close(self):
        pass

    def __str__(self):
        return f"hamle_v0({self.game})"


def pettingzoo_env(game="tictactoe", render_mode=None, max_moves=None):
    """A PettingZoo AEC environment of a two-player game, wrapped as PettingZoo's own classic games are (an
    illegal action ends the game as a loss for its agent; actions out of range and steps after the end are
    refused)."""
    env = HamleAEC(game, render_mode=render_mode, max_moves=max_moves)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class Game2048Env(gymnasium.Env):
    """2048 as a Gymnasium environment (see the module's documentation)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, game="2048", render_mode=None):
        self.game = _game(game)
        if self.game.name != "2048":
            raise ValueError(f"Game2048Env plays 2048, not {self.game}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, 1.0, tuple(self.game.observation_tensor_shape()), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._stream = None
        self.state = None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._stream = Stream(seed)
        elif self._stream is None:
            self._stream = Stream(int(self.np_random.integers(2**63)))
        self.state = self.game.new_initial_state()
        _settle(self.state, self._stream)
        return self.state.observation_tensor(0), self._info(False)

    def step(self, action):
        action = int(action)
        if action not in self.state.legal_actions():
            return self.state.observation_tensor(0), 0.0, self.state.is_terminal(), False, self._info(True)
        before = self.state.score()[0]
        self.state.apply_action(action)
        reward = self.state.score()[0] - before
        _settle(self.state, self._stream)
        if self.render_mode == "human":
            self.render()
        return self.state.observation_tensor(0), reward, self.state.is_terminal(), False, self._info(False)

    def _info(self, illegal):
        return {"action_mask": self.state.legal_actions_mask(), "illegal": illegal, "score": self.state.score()[0]}

    def render(self):
        return _render(self.render_mode, self.state)


gymnasium.register(id="hamle/2048-v0", entry_point="hamle.envs:Game2048Env")

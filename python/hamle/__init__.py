"""hamle's games and bots from Python, in OpenSpiel's shape.

>>> import hamle
>>> game = hamle.load_game("tictactoe")
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("b2"))
>>> state.current_player()
1
>>> bot = hamle.load_bot(game, "perfect")
>>> state.action_to_string(bot.step(state)) in {"a1", "c1", "a3", "c3"}
True

The games, their actions and observation tensors are listed in the package's README; the Gymnasium and
PettingZoo environments are in :mod:`hamle.envs`.
"""

from ._hamle import (
    Bot,
    Game,
    HamleError,
    State,
    Stream,
    deserialize_state,
    games_list,
    load_bot,
    load_game,
    play_match,
    random_games,
)

#: OpenSpiel's number for chance as the current player.
CHANCE_PLAYER = -1
#: OpenSpiel's number for the current player of a finished game.
TERMINAL_PLAYER = -4


def games():
    """Every game hamle knows, as dicts: ``name``, ``about``, ``params`` and ``bots`` (strongest first)."""
    return games_list()


def registered_names():
    """The games' names, as OpenSpiel's ``pyspiel.registered_names()`` lists its own."""
    return [g["name"] for g in games_list()]


__all__ = [
    "Bot",
    "CHANCE_PLAYER",
    "Game",
    "HamleError",
    "State",
    "Stream",
    "TERMINAL_PLAYER",
    "deserialize_state",
    "games",
    "load_bot",
    "load_game",
    "play_match",
    "random_games",
    "registered_names",
]

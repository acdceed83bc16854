"""The OpenSpiel-shaped API over every registered game: playouts agree with the Rust game, states round-trip,
copies are independent, chance is a distribution, and moves read back from their notation."""

import copy
import pickle

import numpy as np
import pytest

import hamle
from conftest import SPECS


def python_playout(spec, seed):
    """A random game through the Python API, drawn as `hamle.random_games` draws game 0 of `seed`."""
    game = hamle.load_game(spec)
    state = game.new_initial_state()
    stream = hamle.Stream(seed).derive(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(stream))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[stream.below(len(legal))])
    return state


def test_every_registered_game_is_listed_with_its_bots():
    names = hamle.registered_names()
    assert names == [
        "tictactoe",
        "hapis",
        "2048",
        "domineering",
        "chess",
        "grundy",
        "sim",
        "dots",
        "knights-tour",
        "queens",
    ]
    assert {s.split("(")[0] for s in SPECS} == set(names), "the suite covers every game"
    hapis = next(g for g in hamle.games() if g["name"] == "hapis")
    assert hapis["bots"][0]["name"] == "expert"
    assert {p["key"] for p in hapis["params"]} >= {"mother", "opening"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_python_playout_agrees_move_for_move_with_the_rust_game(spec, seed):
    # The Rust side plays on the game's own type, sorting its moves by action itself; the Python side goes
    # through the integer actions. The same final position, length and returns: the two paths agree.
    state = python_playout(spec, seed)
    rust = hamle.random_games(spec, 1, seed=seed, positions=True)
    assert state.position() == rust["positions"][0]
    assert state.move_number() == rust["lengths"][0]
    assert state.returns() == list(rust["returns"][0])


def test_random_games_are_replayed_from_their_seed(spec):
    first = hamle.random_games(spec, 6, seed=11, positions=True)
    again = hamle.random_games(spec, 6, seed=11, positions=True)
    other = hamle.random_games(spec, 6, seed=12, positions=True)
    assert first["positions"] == again["positions"]
    assert first["returns"].shape == (6, hamle.load_game(spec).num_players())
    assert first["positions"] != other["positions"]


def test_serialize_then_deserialize_gives_the_same_state_at_every_move(spec):
    game = hamle.load_game(spec)
    state = game.new_initial_state()
    stream = hamle.Stream(5)
    while not state.is_terminal():
        text = state.serialize()
        back = game.deserialize_state(text)
        assert (back.position(), back.history(), back.legal_actions()) == (
            state.position(),
            state.history(),
            state.legal_actions(),
        )
        assert hamle.deserialize_state(text).serialize() == text
        assert pickle.loads(pickle.dumps(state)).position() == state.position()
        action = state.sample_chance(stream) if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(action)


def test_a_clone_is_independent_of_its_original(spec):
    state = hamle.load_game(spec).new_initial_state()
    before = (state.position(), state.history())
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        other.apply_action(other.legal_actions()[-1])
        assert other.move_number() == 1
    assert (state.position(), state.history()) == before


def test_chance_outcomes_are_a_distribution_over_the_legal_actions(spec):
    state = hamle.load_game(spec).new_initial_state()
    stream = hamle.Stream(8)
    seen = 0
    while not state.is_terminal() and state.move_number() < 200:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
            assert [a for a, _ in outcomes] == state.legal_actions()
            assert state.current_player() == hamle.CHANCE_PLAYER
            seen += 1
            state.apply_action(state.sample_chance(stream))
        else:
            assert state.chance_outcomes() == []
            legal = state.legal_actions()
            state.apply_action(legal[stream.below(len(legal))])
    has_chance = spec.startswith(("hapis", "2048"))
    assert (seen > 0) == has_chance
    assert (hamle.load_game(spec).max_chance_outcomes() > 0) == has_chance


def test_every_legal_action_reads_back_from_its_notation(spec):
    state = hamle.load_game(spec).new_initial_state()
    stream = hamle.Stream(21)
    while not state.is_terminal() and state.move_number() < 60:
        legal = state.legal_actions()
        for action in legal:
            assert state.string_to_action(state.action_to_string(action)) == action
            assert state.action_to_string(state.current_player(), action) == state.action_to_string(action)
        mask = state.legal_actions_mask()
        assert list(np.flatnonzero(mask)) == legal
        state.apply_action(legal[stream.below(len(legal))])


def test_the_observation_keeps_its_shape_and_range_through_a_game(spec):
    game = hamle.load_game(spec)
    shape = tuple(game.observation_tensor_shape())
    assert game.observation_tensor_size() == int(np.prod(shape))
    state = python_playout(spec, 4)
    replay = game.new_initial_state()
    for action in state.history() + [None]:
        for player in range(game.num_players()):
            tensor = replay.observation_tensor(player)
            assert tensor.dtype == np.float32 and tensor.shape == shape
            assert ((tensor >= 0) & (tensor <= 1)).all()
        assert isinstance(replay.observation_string(), str)
        if action is not None:
            replay.apply_action(action)
    assert replay.position() == state.position()


def test_returns_are_zero_until_the_end_and_zero_sum_for_two_players(spec):
    game = hamle.load_game(spec)
    state = game.new_initial_state()
    assert state.returns() == [0.0] * game.num_players()
    assert state.points() is None
    end = python_playout(spec, 9)
    assert end.current_player() == hamle.TERMINAL_PLAYER
    if game.num_players() == 2:
        assert sum(end.returns()) == 0


def test_legal_actions_for_a_seat_not_to_move_are_none_and_the_tensor_defaults_to_the_mover():
    state = hamle.load_game("tictactoe").new_initial_state()
    state.apply_action(4)  # X on b2: O is to move
    assert state.legal_actions(1) == state.legal_actions() and len(state.legal_actions()) == 8
    assert state.legal_actions(0) == []
    # O's own plane is plane 0: X's b2 is on O's plane 1.
    assert (state.observation_tensor() == state.observation_tensor(1)).all()
    assert state.observation_tensor()[1][1][1] == 1.0

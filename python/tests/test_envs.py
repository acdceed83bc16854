"""The Gymnasium and PettingZoo environments pass their libraries' own checkers, and replay from a seed."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import hamle
import hamle.envs
from conftest import TWO_PLAYER


@pytest.mark.parametrize("spec", TWO_PLAYER)
def test_every_two_player_game_passes_pettingzoos_api_test(spec):
    # Chess and Hapis run long games with large masks: fewer cycles keep the suite quick.
    cycles = 60 if spec.startswith(("chess", "hapis")) else 300
    api_test(hamle.envs.pettingzoo_env(spec), num_cycles=cycles)


def test_the_pettingzoo_environment_replays_from_its_seed():
    seed_test(lambda: hamle.envs.pettingzoo_env("hapis"), num_cycles=40)


def test_a_hapis_environment_throws_the_dice_of_its_seed():
    def throws(seed):
        env = hamle.envs.HamleAEC("hapis")
        env.reset(seed=seed)
        seen = []
        for _ in range(6):
            seen.append(env.state.position())
            legal = env.state.legal_actions()
            env.step(legal[0])
        return seen

    assert throws(5) == throws(5)
    assert throws(5) != throws(6)


def test_the_agents_see_the_board_from_their_own_seats_and_only_the_mover_has_moves():
    env = hamle.envs.pettingzoo_env("tictactoe")
    env.reset(seed=1)
    env.step(4)  # X takes b2
    o = env.observe("player_1")
    x = env.observe("player_0")
    assert o["observation"][1][1][1] == 1.0 and x["observation"][0][1][1] == 1.0, "X's stone: theirs for O"
    assert o["action_mask"].sum() == 8 and o["action_mask"][4] == 0
    assert x["action_mask"].sum() == 0


def test_an_illegal_action_loses_the_game_as_pettingzoos_classic_games_do():
    env = hamle.envs.pettingzoo_env("tictactoe")
    env.reset(seed=1)
    env.step(4)
    env.step(4)  # O takes b2 too
    assert env.rewards == {"player_0": 0, "player_1": -1}
    assert all(env.terminations.values())
    assert env.unwrapped.state.history() == [4], "the illegal move is not played"


def test_a_game_won_gives_plus_one_and_minus_one():
    env = hamle.envs.pettingzoo_env("tictactoe")
    env.reset(seed=0)
    for cell in [0, 3, 1, 4, 2]:
        env.step(cell)
    _, reward, terminated, _, _ = env.last()
    assert terminated
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}


def test_the_2048_environment_passes_gymnasiums_checker():
    check_env(hamle.envs.Game2048Env(), skip_render_check=True)
    check_env(gymnasium.make("hamle/2048-v0").unwrapped, skip_render_check=True)


def test_the_2048_environment_replays_from_its_seed_and_scores_each_merge():
    def run(seed):
        env = hamle.envs.Game2048Env()
        observation, info = env.reset(seed=seed)
        boards, rewards = [observation], []
        for step in range(40):
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(legal[step % len(legal)])
            boards.append(observation)
            rewards.append(reward)
            if terminated:
                break
        return boards, rewards, info["score"]

    boards, rewards, score = run(3)
    again, rewards_again, _ = run(3)
    assert all((a == b).all() for a, b in zip(boards, again)) and rewards == rewards_again
    assert sum(rewards) == score > 0, "the rewards add up to the game's score"
    other, _, _ = run(4)
    assert any((a != b).any() for a, b in zip(boards, other))


def test_a_2048_move_that_moves_nothing_changes_nothing():
    env = hamle.envs.Game2048Env()
    env.reset(seed=3)
    # A 2 and a 4 side by side in the top left corner: up and left move nothing (worked by hand).
    env.state = env.game.new_initial_state("2,4,.,./.,.,.,./.,.,.,./.,.,.,. 0 0")
    before = env.state.observation_tensor(0)
    for refused in (0, 3):
        after, reward, terminated, truncated, info = env.step(refused)
        assert (after == before).all() and reward == 0.0 and info["illegal"] and not terminated
        assert list(info["action_mask"]) == [0, 1, 1, 0]
    assert env.state.history() == []


def test_a_one_player_game_is_refused_by_the_pettingzoo_environment():
    with pytest.raises(ValueError, match="one player"):
        hamle.envs.HamleAEC("2048")
    with pytest.raises(ValueError, match="plays 2048, not chess"):
        hamle.envs.Game2048Env("chess")


def test_both_environments_render_the_board_as_the_terminal_draws_it():
    env = hamle.envs.HamleAEC("tictactoe", render_mode="ansi")
    env.reset(seed=1)
    empty = env.render()
    env.step(4)
    assert env.render() == str(env.state) != empty
    game = hamle.envs.Game2048Env(render_mode="ansi")
    game.reset(seed=3)
    assert game.render() == str(game.state) and "score 0" in game.render()

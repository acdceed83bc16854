"""hamle's bots from Python: their choices and explanations, matches against each other and against a
Python bot, and the GIL released while they think."""

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

import hamle

ROOT = Path(__file__).resolve().parents[2]


def hamle_binary():
    path = Path(os.environ.get("HAMLE_BIN", ROOT / "target" / "debug" / "hamle"))
    assert path.exists(), f"the hamle binary is not built at {path}: run `cargo build -p hamle` or set HAMLE_BIN"
    return str(path)


def test_the_perfect_player_answers_a_centre_opening_in_a_corner():
    # Worked by hand (and in every book): after X takes the centre, an edge loses for O and a corner draws.
    state = hamle.load_game("tictactoe").new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    bot = hamle.load_bot("tictactoe", "perfect")
    assert bot.explain() is None
    assert state.action_to_string(bot.step(state)) in {"a1", "c1", "a3", "c3"}
    explained = bot.explain()
    assert set(explained) == {"action", "value", "line", "depth", "nodes", "seconds"}
    assert explained["line"][0] == state.action_to_string(explained["action"])
    assert state.move_number() == 1, "step leaves the state alone"


def test_the_engine_finds_a_mate_in_one_and_explains_it():
    # A back-rank mate: Ra8# is the only mate (checked by hand).
    state = hamle.load_game("chess").new_initial_state("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    bot = hamle.load_bot("chess", "engine", depth=3)
    action = bot.step(state)
    assert state.action_to_string(action) == "Ra8#"
    assert bot.explain()["nodes"] > 0 and bot.explain()["depth"] >= 1


def test_a_bot_draws_its_ties_from_its_own_seed():
    state = hamle.load_game("hapis").new_initial_state()
    state.apply_action(state.string_to_action("white 6, black 5"))
    state.apply_action(state.string_to_action("6-5"))
    picks = [hamle.load_bot("hapis", "random", seed=s).step(state) for s in (1, 1, 2, 3, 4)]
    assert picks[0] == picks[1], "one seed, one choice"
    assert len(set(picks)) > 1, "other seeds, other choices"


def test_play_match_reports_as_hamle_match_json_does():
    report = hamle.play_match("tictactoe", "perfect", "random", games=20, seed=3)
    cli = subprocess.run(
        [hamle_binary(), "match", "tictactoe", "perfect", "random", "--games", "20", "--seed", "3", "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    printed = json.loads(cli.stdout)
    assert set(printed) == set(report) - {"records"}
    for key in printed.keys() - {"seconds"}:
        assert report[key] == printed[key], key
    assert len(report["records"]) == 20
    assert report["b"]["wins"] == 0, "the perfect player never loses"


class CentreFirst:
    """A Python bot: the centre when it is free, else the smallest legal cell."""

    name = "centre-first"

    def __init__(self):
        self.calls = 0

    def step(self, state):
        self.calls += 1
        legal = state.legal_actions()
        return 4 if 4 in legal else legal[0]


def test_a_python_bot_plays_a_hamle_bot_to_the_end():
    python_bot = CentreFirst()
    report = hamle.play_match("tictactoe", python_bot, "perfect", games=6, seed=1)
    assert report["a"]["bot"] == "centre-first" and report["b"]["bot"] == "perfect"
    assert report["a"]["wins"] == 0, "nobody beats the perfect player"
    assert all(r["plies"] >= 5 and not r["truncated"] and r["forfeit"] is None for r in report["records"])
    assert python_bot.calls >= 6 * 2


def test_a_python_bots_exception_is_raised_after_the_match():
    class Broken:
        def step(self, state):
            raise ZeroDivisionError("a bug in the bot")

    with pytest.raises(ZeroDivisionError, match="a bug in the bot"):
        hamle.play_match("tictactoe", Broken(), "random", games=2, seed=1)
    with pytest.raises(hamle.HamleError, match="an object with step"):
        hamle.play_match("tictactoe", object(), "random", games=2)
    with pytest.raises(hamle.HamleError, match="one-player game"):
        hamle.play_match("2048", "random", "random", games=2)


def test_a_thinking_bot_lets_other_python_threads_run():
    state = hamle.load_game("chess").new_initial_state()
    bot = hamle.load_bot("chess", "engine", ms=400)
    done = threading.Event()
    counted = 0

    def think():
        bot.step(state)
        done.set()

    thread = threading.Thread(target=think)
    thread.start()
    time.sleep(0.05)
    while not done.is_set():
        counted += 1
    thread.join()
    # With the GIL held for 400 ms this loop could not run at all while the engine thinks.
    assert counted > 10_000, counted

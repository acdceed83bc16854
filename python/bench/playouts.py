"""Random playouts per second through Python: hamle beside OpenSpiel's pyspiel and python-chess.

Each library plays whole random games in a Python loop (the way a researcher's own code drives it): ask the
legal moves, pick one uniformly, apply it; at a chance node, draw from the outcomes as the library offers them
(hamle's `sample_chance`; pyspiel's `chance_outcomes()`, drawn by Python's `random.choices`). hamle's batch call
`random_games` (the loop in Rust, both cores, the GIL released) is measured beside. Every figure is the median
of `--runs` runs, with the fastest and slowest run; each run plays the same number of games.

    python python/bench/playouts.py --runs 5 --out target/bench/python-playouts.json

pyspiel (PyPI's `open_spiel`) and python-chess (`chess`) are read if installed; rows for a missing one are
left out and say so.
"""

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import hamle

try:
    import pyspiel
except ImportError:
    pyspiel = None
try:
    import chess
except ImportError:
    chess = None


def hamle_loop(spec, games, seed):
    game = hamle.load_game(spec)
    stream = hamle.Stream(seed)
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(stream))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[stream.below(len(legal))])
            plies += 1
    return plies


def hamle_batch(spec, games, seed):
    return int(hamle.random_games(spec, games, seed=seed)["lengths"].sum())


def pyspiel_loop(name, games, seed):
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies


def python_chess_loop(_, games, seed):
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        # is_game_over() ends a game at mate, stalemate, too little material, fivefold repetition and the
        # 75-move rule, as hamle's chess does; hamle's random player may also claim a threefold or 50-move draw.
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


#: (game, library, how, what it plays, games a run)
ROWS = [
    ("tic-tac-toe", "hamle", hamle_loop, "tictactoe", 100000),
    ("tic-tac-toe", "hamle random_games", hamle_batch, "tictactoe", 1000000),
    ("tic-tac-toe", "pyspiel", pyspiel_loop, "tic_tac_toe", 100000),
    ("chess", "hamle", hamle_loop, "chess", 1000),
    ("chess", "hamle random_games", hamle_batch, "chess", 10000),
    ("chess", "pyspiel", pyspiel_loop, "chess", 1000),
    ("chess", "python-chess", python_chess_loop, "chess", 200),
    ("Hapis Tavlası", "hamle", hamle_loop, "hapis", 1000),
    ("Hapis Tavlası", "hamle random_games", hamle_batch, "hapis", 10000),
    ("backgammon (nearest to Hapis)", "pyspiel", pyspiel_loop, "backgammon", 1000),
]


def available(library):
    if library == "pyspiel":
        return pyspiel is not None
    if library == "python-chess":
        return chess is not None
    return True


def measure(how, what, games, runs, seed):
    results = []
    for run in range(runs):
        start = time.perf_counter()
        plies = how(what, games, seed + run)
        seconds = time.perf_counter() - start
        results.append((games / seconds, plies / seconds))
    games_per_s = sorted(r[0] for r in results)
    plies_per_s = sorted(r[1] for r in results)
    return {
        "games_per_s": statistics.median(games_per_s),
        "games_per_s_range": [games_per_s[0], games_per_s[-1]],
        "plies_per_s": statistics.median(plies_per_s),
        "plies_per_s_range": [plies_per_s[0], plies_per_s[-1]],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="where the figures go, as JSON")
    args = parser.parse_args()
    versions = {
        "python": sys.version.split()[0],
        "hamle": "this checkout",
        "open_spiel": getattr(pyspiel, "__version__", "installed") if pyspiel else "missing",
        "python-chess": chess.__version__ if chess else "missing",
    }
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores; {versions}", flush=True)
    figures = []
    for index, (game, library, how, what, games) in enumerate(ROWS, 1):
        if not available(library):
            print(f"[{index}/{len(ROWS)}] {game}, {library}: not installed, left out", flush=True)
            continue
        print(f"[{index}/{len(ROWS)}] {game}, {library}: {args.runs} runs of {games} games", flush=True)
        figure = measure(how, what, games, args.runs, args.seed)
        figures.append({"game": game, "library": library, "games": games, "runs": args.runs, **figure})
    print()
    print("| game | library | games a run | games/s (median, range) | plies/s (median, range) |")
    print("|---|---|---|---|---|")
    for f in figures:
        lo, hi = f["games_per_s_range"]
        plo, phi = f["plies_per_s_range"]
        print(
            f"| {f['game']} | {f['library']} | {f['games']} | {f['games_per_s']:,.0f} ({lo:,.0f}–{hi:,.0f}) "
            f"| {f['plies_per_s']:,.0f} ({plo:,.0f}–{phi:,.0f}) |"
        )
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"versions": versions, "figures": figures}, indent=2))
        print(f"\nfigures written to {args.out}")


if __name__ == "__main__":
    main()

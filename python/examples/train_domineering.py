"""Trains a small agent on Domineering 5×5 by self-play through the PettingZoo environment, then plays it
against hamle's bots `random`, `seed` (the paper's heuristic player) and `solver` (exact play).

The agent is a table of afterstate values: for each position reached after its move, the chance that the side
which moved wins. It picks the move whose afterstate it values most (a random one with probability epsilon)
and, after each game, moves every afterstate's value a step toward the game's result (Monte Carlo). Everything
is seeded: the same --seed trains the same table.

    python python/examples/train_domineering.py --games 200000 --seed 1
"""

import argparse
import random
import time

import hamle
from hamle.envs import pettingzoo_env

GAME = "domineering(rows=5,cols=5)"


class Afterstates:
    """Values of positions after a move, for the side that made it."""

    def __init__(self, alpha=0.1):
        self.values = {}
        self.alpha = alpha

    def value(self, state, action):
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal():
            # The side that moved last wins Domineering: its opponent has no move.
            return 1.0
        return self.values.get(after.position(), 0.5)

    def best(self, state, rng=None, epsilon=0.0):
        legal = state.legal_actions()
        if rng is not None and rng.random() < epsilon:
            return rng.choice(legal)
        return max(legal, key=lambda a: self.value(state, a))

    def learn(self, afterstates, won):
        for key in afterstates:
            old = self.values.get(key, 0.5)
            self.values[key] = old + self.alpha * ((1.0 if won else 0.0) - old)


def train(games, seed, epsilon=0.1):
    table = Afterstates()
    rng = random.Random(seed)
    env = pettingzoo_env(GAME)
    env.reset(seed=seed)
    start = time.time()
    for game in range(games):
        env.reset()
        state = env.unwrapped.state
        seen = {"player_0": [], "player_1": []}
        for agent in env.agent_iter():
            _, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = table.best(state, rng, epsilon)
            after = state.clone()
            after.apply_action(action)
            seen[agent].append(after.position())
            env.step(action)
        returns = state.returns()
        for seat, keys in enumerate(seen.values()):
            table.learn(keys, returns[seat] > 0)
        if (game + 1) % max(1, games // 10) == 0:
            print(f"  {game + 1} games, {len(table.values)} positions valued, {time.time() - start:.0f} s")
    return table


class Learned:
    """The trained table as a bot for hamle.play_match: any object with step(state) sits at the table."""

    name = "learned"

    def __init__(self, table):
        self.table = table

    def step(self, state):
        return self.table.best(state)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200000, help="self-play games to train on")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", type=int, default=100, help="games against each bot")
    args = parser.parse_args()
    print(f"training on {GAME}: {args.games} self-play games, seed {args.seed}")
    table = train(args.games, args.seed)
    for opponent in ["random", "seed", "solver"]:
        report = hamle.play_match(GAME, Learned(table), opponent, games=args.matches, seed=args.seed)
        # Seats alternate: the learned table places first (vertical) in the even games.
        first = [r for r in report["records"] if r["a_first"]]
        second = [r for r in report["records"] if not r["a_first"]]
        won = lambda records: sum(r["a_points"] > r["b_points"] for r in records)
        print(
            f"learned against {opponent}: {report['a']['wins']} won of {report['games']} "
            f"({won(first)} of {len(first)} placing first, {won(second)} of {len(second)} placing second)"
        )


if __name__ == "__main__":
    main()

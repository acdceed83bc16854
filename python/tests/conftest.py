"""Shared fixtures: one spec of every registered game, variants included."""

import pytest

#: Every registered game with a spec or two: the variants whose rules differ (two-phase tic-tac-toe, Hapis's
#: mother rule and opening, boards of another size).
SPECS = [
    "tictactoe",
    "tictactoe(variant=two-phase)",
    "hapis",
    "hapis(mother=on,opening=play)",
    "2048",
    "domineering(rows=5,cols=5)",
    "domineering(rows=3,cols=7,first=horizontal)",
    "chess",
    "grundy(heaps=9-7)",
    "sim",
    "dots(rows=2,cols=3)",
    "knights-tour(size=5)",
    "queens(size=6)",
]

TWO_PLAYER = [s for s in SPECS if not s.startswith(("2048", "knights-tour", "queens"))]


@pytest.fixture(params=SPECS)
def spec(request):
    return request.param

"""The README's Python examples run as written: a stale example fails here, not in a newcomer's hands."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_the_readme_has_its_first_session_and_its_environments():
    found = blocks()
    assert len(found) == 2
    assert "hamle.load_bot(game, \"expert\")" in found[0] and "pettingzoo_env" in found[1]


def test_the_first_session_runs_as_written():
    scope = {}
    exec(blocks()[0], scope)
    assert scope["report"]["b"]["wins"] == 0, "perfect never loses to random"
    assert scope["action"] in scope["state"].legal_actions()
    assert scope["expert"].explain()["action"] == scope["action"]


def test_the_environments_example_runs_as_written():
    scope = {}
    exec(blocks()[1], scope)
    assert scope["env"].spec.id == "hamle/2048-v0"
    assert scope["info"]["action_mask"].sum() >= 2, "a first board always allows two moves at least"

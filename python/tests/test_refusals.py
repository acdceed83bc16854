"""Bad input raises hamle.HamleError (a ValueError) with the game's own reason, and changes nothing."""

import pytest

import hamle


def unchanged(state):
    return (state.position(), state.history(), state.legal_actions())


def test_an_illegal_action_is_refused_naming_the_legal_ones():
    state = hamle.load_game("tictactoe").new_initial_state()
    state.apply_action(4)
    before = unchanged(state)
    with pytest.raises(hamle.HamleError, match=r"action 4 is not legal here \(legal: 0, 1, 2, 3, … 8 in all\)"):
        state.apply_action(4)
    with pytest.raises(hamle.HamleError, match="action -1 is not a legal action here"):
        state.apply_action(-1)
    with pytest.raises(hamle.HamleError, match="action 1099511627776 is not a legal action here"):
        state.apply_action(2**40)
    assert unchanged(state) == before


def test_a_move_that_does_not_read_is_refused_in_the_games_words():
    chess = hamle.load_game("chess").new_initial_state()
    with pytest.raises(hamle.HamleError, match="'e5' is not a legal move here"):
        chess.string_to_action("e5")
    with pytest.raises(hamle.HamleError, match="zz9"):
        chess.string_to_action("zz9")
    tictactoe = hamle.load_game("tictactoe").new_initial_state()
    with pytest.raises(hamle.HamleError, match="d4"):
        tictactoe.string_to_action("d4")
    hapis = hamle.load_game("hapis").new_initial_state()
    with pytest.raises(hamle.HamleError, match="'6-5' is not a chance event here: chance is to move, and its events read like white 1, black 2"):
        hapis.string_to_action("6-5")
    assert hapis.string_to_action("white 6, black 5") in hapis.legal_actions()


def test_a_bad_spec_is_refused_naming_what_is_known():
    with pytest.raises(hamle.HamleError, match=r"no game is called 'checkers' \(known: tictactoe, hapis, 2048"):
        hamle.load_game("checkers")
    with pytest.raises(hamle.HamleError, match="variant"):
        hamle.load_game("tictactoe(variant=four-phase)")
    with pytest.raises(hamle.HamleError, match="rows"):
        hamle.load_game("domineering(rows=99)")
    with pytest.raises(hamle.HamleError):
        hamle.load_game("chess(")
    with pytest.raises(hamle.HamleError, match=r"tictactoe has no bot called 'oracle' \(known: perfect"):
        hamle.load_bot("tictactoe", "oracle")
    assert issubclass(hamle.HamleError, ValueError)


def test_a_finished_game_takes_no_action():
    state = hamle.load_game("tictactoe").new_initial_state()
    for cell in ["a1", "a2", "b1", "b2", "c1"]:
        state.apply_action(state.string_to_action(cell))
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.points() == [1.0, 0.0]
    before = unchanged(state)
    with pytest.raises(hamle.HamleError, match="the game is over"):
        state.apply_action(8)
    with pytest.raises(hamle.HamleError, match="the game is over"):
        state.action_to_string(8)
    with pytest.raises(hamle.HamleError, match="the game is over"):
        state.string_to_action("c3")
    assert unchanged(state) == before
    assert state.legal_actions() == [] and state.sample_chance(hamle.Stream(1)) is None
    with pytest.raises(hamle.HamleError, match="no player is to move"):
        hamle.load_bot("tictactoe", "perfect").step(state)


def test_an_impossible_position_is_refused_with_its_fault():
    with pytest.raises(hamle.HamleError, match="king"):
        hamle.load_game("chess").new_initial_state("8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(hamle.HamleError):
        hamle.load_game("hapis").new_initial_state('{"turn":"white"}')


def test_a_seat_the_game_does_not_have_is_refused():
    state = hamle.load_game("chess").new_initial_state()
    with pytest.raises(hamle.HamleError, match="player 2 does not sit in chess"):
        state.observation_tensor(2)
    with pytest.raises(hamle.HamleError, match="player -1 does not sit"):
        state.observation_string(-1)
    with pytest.raises(hamle.HamleError, match="player 1 does not sit in 2048"):
        hamle.load_game("2048").new_initial_state().observation_tensor(1)


def test_a_serialized_state_that_does_not_replay_is_refused():
    with pytest.raises(hamle.HamleError, match="not a serialized hamle state"):
        hamle.deserialize_state("e4 e5")
    with pytest.raises(hamle.HamleError, match=r"action 2 of the record \(4\): action 4 is not legal"):
        hamle.deserialize_state('{"game":"tictactoe","actions":[4,4]}')
    with pytest.raises(hamle.HamleError, match="the state is of sim, not tictactoe"):
        hamle.load_game("tictactoe").deserialize_state('{"game":"sim","actions":[]}')


def test_a_bot_of_one_game_refuses_a_state_of_another():
    bot = hamle.load_bot("domineering(rows=5,cols=5)", "solver")
    other = hamle.load_game("domineering(rows=4,cols=4)").new_initial_state()
    with pytest.raises(hamle.HamleError, match=r"this bot plays domineering\(cols=5,rows=5\), not domineering"):
        bot.step(other)

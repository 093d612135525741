"""The turn order's walk of the seats (docs/performance.md, step 217): Game.next_alive reads each
player's alive as its C field, as set_alive and a Python write of ``alive`` leave it, wrapping past
the last seat as Python's modulo; the turnbook's next regular turn follows it."""
from core import turnbook as Turnbook
from toy import Toy


def test_next_alive_skips_the_dead_and_wraps_past_the_last_seat():
    g = Toy(nturns=0).game(n=5)
    assert [g.next_alive(p) for p in range(5)] == [1, 2, 3, 4, 0]
    g.set_alive(1, False)
    g.set_alive(4, False)
    assert [g.next_alive(p) for p in range(5)] == [2, 2, 3, 0, 0]
    # a seat's own turn comes back to it when it is the only one alive, and a dead seat's next
    # is still the next living one after it
    for p in (0, 2):
        g.set_alive(p, False)
    assert [g.next_alive(p) for p in range(5)] == [3, 3, 3, 3, 3]
    g.set_alive(3, False)
    assert [g.next_alive(p) for p in range(5)] == [-1] * 5


def test_next_alive_reads_the_field_a_python_write_sets():
    # Player.alive is public: a write from Python (a test, a tool) is the field next_alive reads
    g = Toy(nturns=0).game(n=4)
    g.players[2].alive = False
    assert g.next_alive(1) == 3 and g.next_alive(3) == 0
    g.players[2].alive = True
    assert g.next_alive(1) == 2


def test_the_next_regular_turn_is_the_next_living_seat_after_the_last():
    g = Toy(nturns=0).game(n=4)
    g.last_regular = 3
    g.set_alive(0, False)
    assert Turnbook.peek_turn(g) == (1, False)
    assert Turnbook.next_turn(g) == (1, False)
    g.last_regular = 1
    g.set_alive(2, False)
    g.set_alive(3, False)
    assert Turnbook.peek_turn(g) == (1, False)   # the only one alive: its own turn again


def test_the_turn_pushed_is_a_queued_extra_turn_first_else_the_next_regular_one():
    # push_turn's choice (next_turn's answer; without an extra turn queued, the next regular seat
    # read without the (seat, extra) tuple) and the frame it pushes
    t = Toy(nturns=0)
    g = t.game(n=4)
    g.last_regular = 0
    g.set_alive(1, False)
    f = g.push_turn(t.P_TURN, t.JUMP)
    assert (f.owner, f.a, f.flags & 40, f.jump_pc) == (2, 0, 8, t.JUMP)
    assert (g.current, g.last_regular, g.turn_extra) == (2, 2, False)
    Turnbook.grant_extra_turn(g, 0)
    f = g.push_turn(t.P_TURN, t.JUMP)
    assert (f.owner, f.a, f.flags & 40) == (0, 1, 40) and g.extra_turns == []
    assert (g.current, g.last_regular, g.turn_extra) == (0, 2, True)
    Turnbook.grant_extra_turn(g, 1)   # a dead seat's extra turn is dropped: the next regular
    f = g.push_turn(t.P_TURN, t.JUMP)
    assert (f.owner, f.a, g.extra_turns) == (3, 0, [])


def test_the_next_turns_player_is_a_queued_extra_turns_else_the_next_regular_seat():
    # turns.next_turn_player (下一个进行回合的角色): peek_turn's seat, nothing consumed
    from core.prims import turns as Turns
    t = Toy(nturns=0)
    g = t.game(n=4)
    f = g.new_frame(t.P_TURN, 0, None, 0)
    g.last_regular = 2
    assert Turns.next_turn_player(g, f) == 3
    g.set_alive(3, False)
    assert Turns.next_turn_player(g, f) == 0
    Turnbook.grant_extra_turn(g, 1)
    assert Turns.next_turn_player(g, f) == 1 and g.extra_turns == [1]
    g.set_alive(1, False)
    assert Turns.next_turn_player(g, f) == 0 and g.extra_turns == [1]

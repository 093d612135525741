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

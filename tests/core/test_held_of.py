"""Game.held_skills' lists (core/held.py's _held_of; docs/performance.md, step 208a): of a tuple of
skill ids, those somebody holds, in the tuple's order, a new list at each computation (status
tells a change of held rules by the list's identity). Compiled, the tuple's ids and the holders'
counts are read in place; held to the definition through grants, revokes and a seat's death,
and any other iterable read as before."""
from toy import Toy


def _want(g, sids):
    return [sid for sid in sids if g.holders[sid] > 0]


def test_held_skills_lists_are_the_held_ids_in_order_and_new_each_time():
    t = Toy(nturns=0)
    ids = [t.skill("S%d" % i, t.T_DEATH) for i in range(6)]
    g = t.game(n=4)
    sids = (ids[4], ids[0], ids[2], ids[5], ids[2])   # an order of its own, an id twice
    key = [0]

    def held(s):
        key[0] += 1   # a new key: computed now, not the list kept under another
        return g.held_skills("k%d" % key[0], s)

    assert held(sids) == []
    g.grant_skill(1, ids[2])
    g.grant_skill(3, ids[5])
    g.grant_skill(0, ids[5])
    got = held(sids)
    assert got == _want(g, sids) == [ids[2], ids[5], ids[2]]
    assert all(type(x) is int for x in got)
    again = held(sids)
    assert again == got and again is not got
    g.revoke_skill(3, ids[5])   # seat 0 still holds it
    assert held(sids) == [ids[2], ids[5], ids[2]]
    g.revoke_skill(0, ids[5])
    g.grant_skill(2, ids[4])
    assert held(sids) == _want(g, sids) == [ids[4], ids[2], ids[2]]
    g.set_alive(2, False)   # held by a dead seat: still held (has_skill's business, not this)
    assert held(sids) == [ids[4], ids[2], ids[2]]
    # one id, none, a list (not a tuple: the comprehension's path), each as defined
    assert held((ids[1],)) == [] and held(()) == []
    assert held([ids[2], ids[1], ids[4]]) == [ids[2], ids[4]]
    # kept under its key until a skill's holders change between none and some
    kept = g.held_skills("kept", sids)
    assert g.held_skills("kept", sids) is kept
    g.grant_skill(0, ids[0])
    assert g.held_skills("kept", sids) == [ids[4], ids[0], ids[2], ids[2]]

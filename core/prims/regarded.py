# cython: nonecheck=True
# (nonecheck: a typed game argument that is None raises instead of crashing)
"""视为装备 (〖八阵〗): the equipment skills a role holds because a status rule says it is
regarded as equipping a card (``Status.regarded_equipping``), kept in step with that rule's
answers in the root state's S_REGARDED, and the names read back (无视防具 counts them as armour).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms),
moved out of ``status`` (step 164 of docs/performance.md: that room was at its 1,500 lines). The
query itself (``Status._query`` of Q_EQUIP) stays status's."""
import cython

from core.engine import Game
from core.prims.base import Q_EQUIP, S_LASTING, S_REGARDED, Tables, _state
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T, _S_fast as _S
else:
    from core.prims.base import _T, _S
# the status queries, by module: a C call for what status.pxd declares
from core.prims import status as Status
if cython.compiled:
    from cython.cimports.core.prims import status as Status


# g.held_skills(Q_EQUIP, sids)'s truth (some role holds one of the rules), read from the game's
# count of each skill's holders (what that list is made of: held._held_of), where the method
# made the list again after each move of equipment (a skill granted or revoked clears its cache):
# ~890 instructions at each of ~80 moves of equipment in the six games of `sgs bench --what
# instructions`, a few here. sids are the ruleset's own skill ids (register), read unchecked as
# _held_of reads them.
@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(i=cython.Py_ssize_t)
def _rule_held(g: Game, sids, /) -> cython.int:
    for sid in sids:
        i = sid
        if (g.holders.data.as_ints[i] if cython.compiled else g.holders[i]) > 0:
            return 1
    return 0


def update_regarded(g, p, /):
    """Hold the skills of the equipment p is regarded as equipping now, and only those: asked
    when the cards of an equipment zone move (update_everyones_regarded), when a general is set
    and when the game starts. Nothing is asked when no status rule says 视为装备着."""
    t = _T(g)
    sids = t.status_by_query[Q_EQUIP]
    s = _state(g)
    if not sids or s is None or not (0 <= p < g.n):
        return
    cur = s[S_REGARDED]
    if (cur is None or not cur[p]) and not s[S_LASTING] and not _rule_held(g, sids):
        return   # nobody has such a rule and p holds nothing by one: nothing to update
    held = _S(g, S_REGARDED, g.n)
    have = held[p] if held[p] is not None else ()
    want = []
    if g.players[p].alive:
        for n in t.equip_names:
            if Status._query(g, Q_EQUIP, p, n):
                want.append(n)
    if tuple(want) == tuple(have):
        return
    for n in have:
        if n not in want:
            for sname in t.cards[n][4]:
                g.revoke_skill(p, g.rs.id_of("skill", sname))
    for n in want:
        if n not in have:
            for sname in t.cards[n][4]:
                g.grant_skill(p, g.rs.id_of("skill", sname))
    held[p] = tuple(want)


def update_everyones_regarded(g, /):
    """update_regarded for every seat, after a move of equipment (Moves.move_cards): whether
    anything may be regarded at all (a rule held or lasting, a name held by one) asked once, where
    each seat asked it (~600 instructions a seat, ~100 such moves in the six games of `sgs bench
    --what instructions`). Nothing changes between the seats' asks when every one answers
    "nothing to update", so one ask answers them all."""
    t = _T(g)
    sids = t.status_by_query[Q_EQUIP]
    s = _state(g)
    if not sids or s is None:
        return
    cur = s[S_REGARDED]
    if (cur is None or not any(cur)) and not s[S_LASTING] and not _rule_held(g, sids):
        return   # update_regarded's test, for every seat at once
    for p in range(g.n):
        update_regarded(g, p)


def regarded_names(g, p, /):
    """The card names p is regarded as equipping."""
    s = _state(g)
    held = s[S_REGARDED] if s is not None else None
    return held[p] if held is not None and held[p] is not None else ()

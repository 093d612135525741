"""The roles' and the events' readings that read a Player's or a frame's fields as C reads once
compiled (roles.is_dead, wounded_characters, dying_characters, characters_with_roles,
_survives; health.is_damage_event, is_prevented; docs/performance.md "Step 82"). Held to their
definitions written here with attribute reads — for every frame running at every third decision
of three seeded games, every group shape (ANY, OTHER, each seat, a tuple of all seats) and values
that are no role — pure and as built."""
from seeded_games import DECISIONS, SAME_HEAD, SAME_TAIL, assert_definitions_hold

READS = DECISIONS + r"""
from core.prims import base as B, health as Health, roles as Roles
""" + SAME_HEAD + r"""


def slot0(fr):
    return fr.slots[0] if fr.slots else None


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    t = B._T(g)
    pl = g.players
    alone = Health._dying_alone_role(g)
    dead_cid = t.events.get("死亡", -2)
    damage_cid = t.events.get("伤害", -2)
    for p in range(g.n):
        want = pl[p].alive and not any(fr.prog == dead_cid and slot0(fr) == p for fr in g.stack)
        same(("_survives", p), Roles._survives(g, p), want)
    roles = sorted({x.role for x in pl} | {-1})
    for f in g.stack[-4:]:
        for who in list(range(-1, g.n + 1)) + [None, "x", 2 ** 40]:
            want = isinstance(who, int) and 0 <= who < g.n and not pl[who].alive
            same(("is_dead", who), Roles.is_dead(g, f, who), want)
        for group in [B.ANY, B.OTHER, tuple(range(g.n))] + list(range(g.n)):
            keep = Roles._group_keep(g, f, group)
            same(("wounded", group), Roles.wounded_characters(g, f, group),
                 Roles._regroup(group, [p for p in keep if pl[p].hp < pl[p].maxhp]))
            same(("dying", group), Roles.dying_characters(g, f, group),
                 Roles._regroup(group, [p for p in keep if pl[p].hp <= 0
                                        and (alone < 0 or p == alone)]))
        for r1 in roles:
            for r2 in roles:
                same(("roles", r1, r2), Roles.characters_with_roles(g, f, r1, r2),
                     tuple([p for p in range(g.n) if pl[p].role in (r1, r2)]))
        for ev in list(g.stack) + [None]:
            same(("damage", ev and ev.prog), Health.is_damage_event(g, f, ev),
                 ev is not None and ev.prog == damage_cid)
            same(("prevented", ev and ev.flags), Health.is_prevented(g, f, ev),
                 ev is not None and (ev.flags & E.F_PREVENTED) != 0)
""" + SAME_TAIL


def test_player_and_event_reads_are_their_definitions():
    """Pure and as built: every reading answers its definition; many hold."""
    assert_definitions_hold(READS, games=3, asks=20000, true=5000)

"""Game.held_skills' kept lists (held_by_kind by status query kind, held_lists by other key) and
the status queries' no-answer bits (Game.no_answer) held to their definition between the decisions
of seeded random-player games, pure and as built: since step 222a a skill's holders going from
some to none forgets only the lists that held it (core.held._skill_changed), so every list kept
must still be the ids somebody has among its key's ids, and every bit set must still mean that no
rule of its kind is held and no lasting effect is on."""
from seeded_games import DECISIONS, run_python

CHECK = DECISIONS + r"""
from core.prims import base as B
from core.prims.usable import _CONV_KEY

kept = 0
bits = 0
bad = []
for key in ("identity", "identity_old"):
    for seed, n, g in decisions(key, (1, 2, 3)):
        t = B._T(g)
        s = g.root_state if g.root_state is not None else B._state(g)
        lasting = s[B.S_LASTING] if s is not None else None
        for k in range(64):
            sids = t.status_by_query[k] if k < len(t.status_by_query) else t.status_skills
            fresh = [sid for sid in sids if g.holders[sid] > 0]
            c = g.held_by_kind[k] if k < len(g.held_by_kind) else None
            if c is not None:
                kept += 1
                if c != fresh and len(bad) < 5:
                    bad.append((key, seed, n, "kind", k, c, fresh))
            if (g.no_answer >> k) & 1:
                bits += 1
                if (fresh or lasting) and len(bad) < 5:
                    bad.append((key, seed, n, "bit", k, fresh, bool(lasting)))
        for hk, c in g.held_lists.items():
            kept += 1
            ids = t.convert_held[1] if hk == _CONV_KEY else ()
            if c != [sid for sid in ids if g.holders[sid] > 0] and len(bad) < 5:
                bad.append((key, seed, n, "key", hk, c))
print(games, kept, bits)
for x in bad:
    print("DIFFERS", *x)
"""


def test_kept_lists_and_bits_equal_fresh_ones():
    """Six seeded games (three of each edition), at every decision: each kept list equals the one
    held_skills would make now and each set bit holds, pure and as built (the same counts)."""
    got = []
    for pure in (True, False):
        lines = run_python(CHECK, pure=pure).strip().splitlines()
        assert not lines[1:], (pure, "\n".join(lines[1:]))
        games, kept, bits = map(int, lines[0].split())
        assert games == 6 and kept > 1000 and bits > 1000, (pure, lines[0])
        got.append(lines[0])
    assert got[0] == got[1]

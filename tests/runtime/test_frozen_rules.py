"""Once a rulebook is registered, what is alive — the modules imported and the rule set, which
core.prims.games keeps for the process — is frozen (gc.freeze, games._freeze_lasting; step 141,
docs/decisions/0116): no collection of the garbage collector walks it again. Once per rulebook,
not at each game."""
import gc

import generated.identity as M
from core import prims as P


def _in_generations(o):
    """Whether the collector's generations hold o (frozen objects are in none of them)."""
    return any(x is o for x in gc.get_objects())


def test_a_rulebooks_rules_are_frozen_once():
    g1 = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    frozen = gc.get_freeze_count()
    assert frozen > 0
    skill = g1.rs.skills[0]
    assert gc.is_tracked(skill) and not _in_generations(skill)
    g2 = P.new_game(M, 5, seed=2, deck="标准版加军争", log_level=0)
    # no game's objects frozen, the first's kept alive while the second is made included; the
    # count may only fall (frozen objects freed since)
    assert _in_generations(g1.stack) and _in_generations(g2.stack)
    assert gc.get_freeze_count() <= frozen

"""Whole 5-player identity games from the bundled specs, played by random agents.

The engine module is generated from the specs through the real compiler path
(compiler.build.generate) into a temporary directory, so the tests never depend
on a stale generated/ (CI runs `sgs build` before pytest, but this stays
correct without it).
"""
import pytest

from core import prims as P

DECK = "标准版加军争"


@pytest.fixture(scope="session")
def identity(tmp_path_factory):
    """The engine of the bundled specs: generated/ itself when it is fresh (then compiled if
    `sgs build` ran, as in CI), else freshly generated into a temporary package."""
    from compiler.build import GENERATED, generate, import_package, stale

    outputs, proj = generate()
    assert outputs, getattr(proj, "errors", proj)
    if not stale(outputs):
        import generated.identity

        return generated.identity
    units = {o.path.stem: o.text for o in outputs
             if o.path.parent == GENERATED and o.path.suffix == ".py"}
    assert "identity" in units, sorted(units)
    return import_package(units, tmp_path_factory.mktemp("gen_games"), "gen_games", "identity")


@pytest.fixture()
def game(identity):
    """A five-seat game of the bundled specs (seed 1, the fixed deck, logging off), set up and not
    played: the game the fire tests give their event frames."""
    return P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)


def move_event(g):
    """A 移动 event's frame of ``g``, its eight slots empty, not pushed: what a fire test fires in."""
    from core.prims import base as B

    f = g.new_frame(B._T(g).ev_move, 0, None)
    f.slots = [None] * 8
    return f


def play(mod, seed, debug=True, log_level=1):
    g = P.new_game(mod, 5, seed=seed, deck=DECK, debug=debug, log_level=log_level)
    r = g.run_random(seed * 7 + 1, max_steps=5_000_000)
    return g, r


def test_every_primitive_is_implemented(identity):
    assert P.missing(identity.PRIMITIVES) == []


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_game_ends_with_a_winner(identity, seed):
    g, r = play(identity, seed)
    assert r is not None, "step budget spent"
    assert r.reason == "win", r.reason
    assert r.winners
    g.check_invariants()
    roles = [g.players[p].role for p in range(5)]
    assert sorted(roles) == [P.ROLE_LORD, P.ROLE_LOYALIST, P.ROLE_REBEL, P.ROLE_REBEL,
                             P.ROLE_RENEGADE]
    # the winners are one side of the identity mode (000:8-10)
    wr = sorted(set(roles[p] for p in r.winners))
    assert wr in ([P.ROLE_LORD, P.ROLE_LOYALIST], [P.ROLE_REBEL], [P.ROLE_RENEGADE])
    assert g.turn_no >= 1 and g.n_decisions > 0 and g.n_timings > 0


def test_same_seed_same_log_bytes(identity):
    g1, r1 = play(identity, 11, debug=False)
    g2, r2 = play(identity, 11, debug=False)
    assert g1.log_text().encode("utf-8") == g2.log_text().encode("utf-8")
    assert r1.winners == r2.winners


def test_cards_and_skills_are_used(identity):
    used = [0] * 1000
    for seed in range(1, 6):
        g, r = play(identity, seed, debug=False, log_level=0)
        for i, n in enumerate(g.skill_uses):
            used[i] += n
    names = {g.rs.skills[i].name: used[i] for i in range(len(g.rs.skills)) if used[i]}
    # card uses run through the hidden skills at the cards' 使用时机
    assert names.get("<使用牌>出牌阶段内的空闲时间点", 0) > 0
    assert any(n.startswith("<使用牌>对当前目标生效前") for n in names)


def check_game(g, r, seed):
    assert r is not None and r.reason == "win", (seed, r)
    g.check_invariants()
    assert not g.stack, (seed, "frames left on the stack")


@pytest.mark.parametrize("block", range(4))
def test_a_few_hundred_games(identity, block):
    """The default run's soak: 200 games, invariants checked at every game's end."""
    for seed in range(1000 + block * 50, 1050 + block * 50):
        g, r = play(identity, seed, debug=False, log_level=0)
        check_game(g, r, seed)


@pytest.mark.soak
@pytest.mark.parametrize("block", range(100))
def test_soak_many_games(identity, block):
    """10,000 games with invariants checked after every frame (debug=True)."""
    for seed in range(100_000 + block * 100, 100_100 + block * 100):
        g, r = play(identity, seed, debug=True, log_level=0)
        check_game(g, r, seed)

"""The older edition of 身份局 (rulebook identity_old, seeds 004/003) in real games of its own
compiled specs: the turn fires the timings of 004's chart in its order (compared with the
inventory's identity_old turn list, tests/flows/book_flows_old.yaml, never with our specs);
draw 2, discard one card at a time, the face-down turn skipped at 回合开始前, the turn owner's
death ending its turn at once (003:17)."""
import json

from core import engine as E
from core.decision import Decision
from core import prims as P

from flowkit import BOOK_OLD, SHARED_BOOK, Ask, book_flows, book_names, drive
from test_flow_timings import game, moves_only, pick_first, second_turn, start_turns

TURN_OLD = book_names("turn_flow", BOOK_OLD)
MOVE = book_names("move_single")


def test_the_inventory_lists_004s_chart():
    # 24 timings of 004's chart, 2 inferred after its truncation (结束阶段, 结束阶段结束时), 2
    # named by 003 only (回合结束时, 回合结束后)
    assert len(TURN_OLD) == 28
    assert TURN_OLD[:2] == ["回合开始前", "回合开始时"]
    assert TURN_OLD[23] == "结束阶段开始时" and TURN_OLD[-2:] == ["回合结束时", "回合结束后"]


def test_book_copy_is_current():
    """tests/flows/book_flows_old.yaml is the identity_old section of the shared inventory."""
    if not SHARED_BOOK.exists():
        return
    shared = SHARED_BOOK.read_text(encoding="utf-8").splitlines()
    start = shared.index("identity_old:")
    end = next(i for i in range(start + 1, len(shared)) if shared[i] and not shared[i].startswith(" "))
    mine = [l for l in BOOK_OLD.read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
    assert [l for l in mine if l.strip()] == [l for l in shared[start:end] if l.strip()]


def test_blank_old_turn(identity_old, recorder):
    """004:9-61 (and 003:11 for the turn's end): the 28 timings of one turn in the chart's
    order; the draw is two cards (004:31); the discard rule discards ONE card at a time until
    the hand is at the limit (004:55): two discards, two move events (the current edition
    discards both at once, 000:61)."""
    deck = [("杀", "黑桃", 7)] * 12
    g = game(identity_old, 2, deck)
    for p in range(2):
        g.draw(p, 4)
    start_turns(g)
    drive(g, [
        Ask(E.D_TRIGGER, 0, -1, "出牌阶段的空闲时间点"),   # may use a 【杀】: does not
        Ask(E.D_YESNO, 0, 1),                               # 004:52 ends the phase
        Ask(E.D_CARDS, 0, pick_first),                      # 004:55 discards one …
        Ask(E.D_CARDS, 0, pick_first),                      # … and one more
    ], stop=second_turn)
    recorder.check_against_log(g)
    assert recorder.turn(0) == TURN_OLD
    draw = recorder.between(recorder.turn_index("摸牌阶段"), recorder.turn_index("摸牌阶段结束时"))
    assert moves_only(draw) == MOVE
    discard = recorder.between(recorder.turn_index("弃牌阶段"), recorder.turn_index("弃牌阶段结束时"))
    assert moves_only(discard) == MOVE + MOVE
    assert len(g.zone_cards(E.Z_HAND, 0)) == 4
    assert len(g.zone_cards(E.Z_DISCARD)) == 2
    # the next turn starts at its 回合开始前 (004:10)
    assert recorder.turn(1)[0] == "回合开始前"


def test_face_down_turn_is_skipped_at_its_start(identity_old, recorder):
    """004:10 背面朝上: flipped face up at 回合开始前, then the turn is skipped: no 回合开始时,
    and no 回合结束后 either (003:41); the next turn begins with its 回合开始前."""
    g = game(identity_old, 2, [("杀", "黑桃", 7)] * 12)
    g.players[0].face_up = False
    start_turns(g)
    drive(g, [], stop=second_turn)
    assert recorder.turn(0) == ["回合开始前"]
    assert g.players[0].face_up
    assert recorder.turn(1)[:2] == ["回合开始前", "回合开始时"]


def answer_passively(g, r):
    if r.kind == E.D_CARDS or r.kind == E.D_PLAYERS:
        return tuple(r.options[:r.lo])
    if r.kind == E.D_YESNO:
        return 1
    return -1 if r.can_pass else r.options[0]


def test_turn_owner_death_ends_the_turn_at_once(identity_old, recorder):
    """003:15-17: the role whose turn it is dies (here losing its last HP at the first idle
    point of its 出牌阶段): its turn ends at once — no later timing of that turn (no 出牌阶段结束时,
    no 回合结束时/后: the current edition goes on at 回合结束前❶, 000:542), no one's turn while
    the flows under way finish, then the next role's turn."""
    roles = [P.ROLE_REBEL, P.ROLE_LORD, P.ROLE_REBEL]
    g = game(identity_old, 3, [("杀", "黑桃", 7)] * 20, hp={0: 1}, roles=roles)
    start_turns(g)
    r = g.step()
    assert isinstance(r, Decision) and r.who == 0 and g.current == 0
    P.run_event(g, "失去体力", (0, 1))
    while g.turn_no < 2:
        r = g.step()
        assert isinstance(r, Decision), r
        g.answer(answer_passively(g, r))
    assert not g.players[0].alive
    names = recorder.turn(0)
    assert "出牌阶段" in names
    assert "出牌阶段结束时" not in names and "回合结束时" not in names and "回合结束后" not in names
    events = [json.loads(l) for l in g.log]
    assert [o["p"] for o in events if o["e"] == "turn_end"] == [0]
    assert [o["p"] for o in events if o["e"] == "turn"][:2] == [0, 1]


# ---------------------------------------------------------------- 004:2's lists (docs/timings_old.md)
def _lists():
    import tomllib

    from compiler import rulebooks

    from compiler.build import REPO

    rb = rulebooks.by_key("identity_old")
    return tomllib.loads((REPO / rb.book_lists).read_text(encoding="utf-8"))["timing"]


def test_timing_table_and_004_report_are_fresh(generated_old):
    """docs/timings_old.md (the old timing table and its comparison with 004's lists) is what
    the specs generate now: `sgs build` rewrites it; this keeps the committed report fresh."""
    from compiler import rulebooks
    from compiler.build import REPO

    outputs, _ = generated_old
    doc = REPO / rulebooks.by_key("identity_old").timings
    out = next(o for o in outputs if o.path == doc)
    assert doc.read_text(encoding="utf-8") == out.text, "run `sgs build` (docs/timings_old.md is stale)"


def test_004_report_names_every_difference(generated_old):
    """Recomputed apart from the report: every skill of our generals firing at a timing of the
    old turn is either listed there by 004 (✓) or named in the differences; every skill 004
    lists that a general of ours has is either ✓ or named."""
    from compiler.reports import turn_timings

    outputs, proj = generated_old
    text = next(o.text for o in outputs if o.path.name == "timings_old.md")
    section = text[text.index("## 004's skill lists"):]
    diffs = section[section.index("### Differences"):section.index("### Skills 004 lists")]
    module, checker = proj.module, proj.checker
    turn = set(turn_timings(checker))
    ours = {}
    idle = "出牌阶段的空闲时间点"
    for sk in module.skills:
        if not sk.unit.startswith("generals"):   # a pack of generals: generals_<pack>
            continue
        base = sk.name.split("·")[0]
        names = {module.timings[t.id] for t in sk.timings} or ({idle} if "锁定技" not in sk.tags else set())
        ours.setdefault(base, set()).update(names)
    listed = {}
    for e in _lists():
        for x in e["skills"]:
            listed.setdefault(x.split("】")[0].lstrip("【"), set()).add(e["name"])
    for name, where in ours.items():
        for w in where & turn:
            if w in listed.get(name, ()):
                continue
            assert f"【{name}】" in diffs, name
    for name, where in listed.items():
        if name in ours and not (where <= ours[name]):
            assert f"【{name}】" in diffs, name
    # the ones known now (the standard generals): 〖连营〗 fires at a move timing here (000:
    # 失去最后的手牌后❷), 004 lists it between the phases; 〖闭月〗 is in 004's lost part (the
    # report writes skills 【】 as 004 does: rulebooks.toml skill_brackets)
    assert "【连营】 is listed at 弃牌阶段与结束阶段间 (004:60); here it fires at 失去牌后❷" in diffs
    assert "【闭月】 fires at 结束阶段开始时 here; 004 is cut off inside this list: unknown" in diffs


# ---------------------------------------------------------------- dying (003:43)
def _dying_frames(g, who):
    cid = P._T(g).events["濒死"]
    return [fr for fr in g.stack if fr.prog == cid and fr.slots and fr.slots[0] == who]


def _inject(g, event, args):
    """Run ``event`` now, above the question pending (as a ruling's event line does): returns
    the first question asked inside it, or None when it finished (the pending one is kept)."""
    pending, g.pending = g.pending, None
    base = len(g.stack)
    P._push_prog(g, None, P._T(g).events[event], args, -1, None)
    while len(g.stack) > base:
        r = g.step(1)
        if isinstance(r, Decision):
            return r
    g.pending = pending
    return None


def _nested_dying(mod):
    """A (HP 1) loses its last HP: its dying settlement asks C (who holds 【桃】); there, B
    (HP 1) loses its last HP: B's dying settlement inserted in A's; there, A loses 1 more HP.
    Returns the game and who counts as 处于濒死状态 in B's settlement (before A's second loss)."""
    g = game(mod, 3, [("桃", "红桃", 3)] * 8, hands={2: [0, 1]}, hp={0: 1, 1: 1},
             roles=[P.ROLE_REBEL, P.ROLE_REBEL, P.ROLE_LORD])
    P.run_event(g, "失去体力", (0, 1))
    r = g.step()
    assert r.prompt == "处于濒死状态时" and _dying_frames(g, 0)
    r = _inject(g, "失去体力", (1, 1))
    assert r.prompt == "处于濒死状态时" and _dying_frames(g, 1)
    dying = P.dying_characters(g, g.stack[-1], (0, 1, 2))
    _inject(g, "失去体力", (0, 1))
    return g, dying


def test_nested_dying_old_edition(identity_old):
    """003:43: in B's dying settlement inserted in A's, A counts as not dying (only B is 处于
    濒死状态: 【桃】 for a dying role is for B); A's HP deducted then does not start a new dying
    settlement of A: B's goes on."""
    g, dying = _nested_dying(identity_old)
    assert tuple(dying) == (1,)
    assert g.players[0].hp == -1
    assert len(_dying_frames(g, 0)) == 1      # only the first one, still under way
    assert P.in_dying_settlement(g, None, 0) and P.in_dying_settlement(g, None, 1)


def test_nested_dying_current_edition(identity):
    """The current edition (000:443): every deduction to HP ≤ 0 starts a dying flow; a role of
    an interrupted dying settlement still counts as dying (HP ≤ 0)."""
    g, dying = _nested_dying(identity)
    assert tuple(dying) == (0, 1)
    assert len(_dying_frames(g, 0)) == 2


def test_old_mode_is_the_current_one_with_004_5s_moment():
    """The older edition's mode (specs/identity_old/modes/身份局.sgs, in place of
    specs/modes/身份局.sgs) differs only by 004:5's event after the generals are shown: its
    statements, comments aside, are the current mode's with one 执行 亮出武将牌 after
    所有玩家同时亮出武将牌 (000 has no pre-game timing, 000:26)."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "specs"

    def statements(rel):
        lines = (root / rel).read_text(encoding="utf-8").splitlines()
        return [l.split("    #")[0].rstrip() for l in lines if l.strip() and not l.lstrip().startswith("#")]

    cur, old = statements("modes/身份局.sgs"), statements("identity_old/modes/身份局.sgs")
    shown = cur.index("  所有玩家同时亮出武将牌。") + 1
    assert old == cur[:shown] + ["  执行 亮出武将牌"] + cur[shown:]

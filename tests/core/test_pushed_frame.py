"""A frame the engine makes and pushes in one step (compiled: spares.pxd's pushed_frame, inline in
Game._fire_heard and Game._fire_skill; step 121) is the frame Game.new_frame then
Game.push_frame make: its fields as new_frame sets them (the dispatch frame's and the skill's
own), a kept slot list of the program's size, the next id, the push counted on the stack, and
the push logged when the game logs."""
from core import engine as E
from toy import Toy, events


def _fields(f):
    return (f.prog, f.pc, f.owner, f.skill, f.a, f.b, f.flags, f.term_pc, f.jump_pc, f.timing,
            f.subject, f.timings, f.x, f.child)


def _watched(nslots, log_level=0):
    """A game whose forced skill at 回合开始后 (seat 0) notes its own frame and the stack as it
    first runs (its program of nslots slots)."""
    t = Toy(nturns=1)
    seen = []

    def run(g, f):
        seen.append((f, _fields(f), None if f.slots is None else list(f.slots), f.id,
                     g.serial, list(g.stack), g.pushed - g.popped))
        return E.DONE

    prog = t.rs.program("noted", run, nslots=nslots)
    s = t.rs.skill("S", t.T_TURN_START, prog, forced=True)
    g = t.game(n=2, log_level=log_level, debug=True)   # debug: the invariants at every pop
    g.grant_skill(0, s)
    return t, g, s, prog, seen


def test_a_skills_pushed_frame_is_the_one_new_frame_and_push_frame_make():
    for nslots in (0, 1, 3, 13):
        for _ in range(3):   # the frames and slot lists the rounds before left kept
            t, g, s, prog, seen = _watched(nslots)
            assert isinstance(g.step(), E.GameResult)
            (f, fields, slots, fid, serial, stack, depth), = seen
            turn = stack[1]
            disp = stack[2]   # the dispatch frame below it
            assert stack[-1] is f and len(stack) == 4 and depth == 4
            assert fields == (prog, 0, 0, s, t.T_TURN_START, 0, 0, -1, -1, -1,
                              None, None, None, None)
            assert slots == (None if nslots == 0 else [0] * nslots)
            assert fid == serial and disp.id < fid   # the last id taken, after its dispatch's
            assert (disp.prog, disp.owner, disp.a, disp.slots) == (0, -1, t.T_TURN_START, None)
            assert disp.ev is None and f.ev is None   # both popped: their event dropped
            assert turn.prog == t.P_TURN and g.pushed == g.popped


def test_a_pushed_frames_event_is_its_dispatchs():
    t = Toy(nturns=1)
    evs = []

    def run(g, f):
        evs.append((f.ev, g.stack[-2].ev, g.stack[1]))
        return E.DONE

    s = t.rs.skill("S", t.T_TURN_START, t.rs.program("ev", run), forced=True)
    g = t.game(n=2)
    g.grant_skill(1, s)
    assert isinstance(g.step(), E.GameResult)
    (ev, disp_ev, turn), = evs
    assert ev is turn and disp_ev is turn


def test_a_pushed_frame_is_logged_as_push_frame_logs_it():
    t, g, s, prog, seen = _watched(2, log_level=1)
    assert isinstance(g.step(), E.GameResult)
    (f, fields, slots, fid, serial, stack, depth), = seen
    pushes = [e for e in events(g, "push") if e["f"] == fid]
    assert pushes == [{"e": "push", "f": fid, "p": "noted", "owner": 0, "s": [0, 0]}]


def test_a_dispatch_frames_list_of_fired_skills_is_theirs_whatever_dead_lists_held():
    # Game._fire_skill's first firing at a timing: the dispatch frame's x, [sid] (compiled, a
    # dead frame's list of one: spares.pxd's kept_slots), then each firing appended
    t = Toy(nturns=2)
    t.skill("Other", t.T_END2)   # S's id is not 0 (a list of zeros would not pass)
    noted = []

    def run(g, f):
        noted.append(list(g.stack[-2].x))
        return E.DONE

    s = t.rs.skill("S", t.T_TURN_START, t.rs.program("fired", run), forced=True)
    g = t.game(n=2)
    g.grant_skill(0, s)
    g.grant_skill(1, s)
    for _ in range(50):   # lists of one left by dead frames, holding other values
        f = g.new_frame(0, -1, None, 1)
        f.slots[0] = object()
        f.x = ["held"]
        del f
    assert isinstance(g.step(), E.GameResult)
    assert s != 0 and noted == [[s]] * 4   # two turns, two seats: one firing each


def test_a_fired_skill_and_an_offered_one_are_their_skills_own_int():
    # a skill id past the small ints: Game._fire_skill stores, and Game._dispatch offers, the
    # int the Skill made once (Skill.id_int), not a new one each time (step 138; as built: pure,
    # the id itself is that int)
    t = Toy(nturns=2)
    for i in range(300):
        t.skill("Other%d" % i, t.T_END2)
    fired = []

    def run(g, f):
        fired.append(g.stack[-2].x[0])
        return E.DONE

    forced = t.rs.skill("F", t.T_TURN_START, t.rs.program("fired", run), forced=True)
    asked = t.rs.skill("A", t.T_TURN_START, t.rs.program("asked", lambda g, f: E.DONE))
    assert forced > 256 and asked > 256
    g = t.game(n=2)
    g.grant_skill(0, forced)
    g.grant_skill(0, asked)
    offered = []
    d = g.step()
    for _ in range(20):
        if isinstance(d, E.GameResult):
            break
        offered.extend(d.options)
        g.answer(d.options[0])
        d = g.step()
    assert isinstance(d, E.GameResult)
    assert [s.id_int for s in g.rs.skills] == list(range(len(g.rs.skills)))
    assert fired and all(x is g.rs.skills[forced].id_int for x in fired)
    ids = {id(g.rs.skills[forced].id_int), id(g.rs.skills[asked].id_int)}
    assert offered and all(id(x) in ids for x in offered)

"""A program's control flow, analysed from the IR (no code text): its slots (check_slots: the
guarantee behind the generated code's unchecked slot reads), its loops (loop_slots: their items and
index slots, checked), the loops over 此次移动的牌 that keep their cards across a run (KEEP_CARDS,
kept_slots), and its states (program_states: jumps threaded, states merged into their
predecessor's). compiler/emit.py writes the code these answers allow (its locals, its states, the
kept_<slot> flags).

Moved out of compiler/emit.py (session 42: that module was over its 1,500 lines)."""
from __future__ import annotations

from . import corescan, ir
from .escape import py_text

# per program, for the unit being rendered (forget): id(program) -> (program, answers)
_loops: dict = {}    # (its loops' item slots, index slots)
_states: dict = {}   # (threaded targets, merged states)
_vars: dict = {}     # (its loops' variables kept in C locals, where each is valid)


def forget() -> None:
    """Drop the answers kept for the last unit's programs (emit.render_units, at each unit)."""
    _loops.clear()
    _states.clear()
    _vars.clear()


# ---- a program's slots ---------------------------------------------------------------------------

class SlotOutOfRange(RuntimeError):
    """A program would read or write a slot its frame does not have: a compiler bug (the
    generated code reads and writes slots unchecked, so it is refused here, never run)."""


def _slot_reads(e, out: set) -> set:
    """The slot indices expression ``e`` reads, into ``out``."""
    if isinstance(e, ir.SlotRef):
        out.add(int(e.index))
    elif isinstance(e, ir.Lambda):
        _slot_reads(e.body, out)
    elif isinstance(e, ir.PrimCall):
        for a in e.args:
            _slot_reads(a, out)
    return out


def _reads_of(ins) -> set:
    """The slot indices instruction ``ins``'s expressions read (not its loop step's own slots)."""
    out: set = set()
    if isinstance(ins, ir.Fire):
        if ins.subject is not None:
            _slot_reads(ins.subject, out)
    elif isinstance(ins, ir.Do):
        _slot_reads(ins.call, out)
    elif isinstance(ins, ir.Call):
        for a in ins.args:
            _slot_reads(a, out)
    elif isinstance(ins, ir.Set):
        _slot_reads(ins.value, out)
    elif isinstance(ins, ir.JumpUnless):
        _slot_reads(ins.cond, out)
    elif isinstance(ins, ir.Choose):
        _slot_reads(ins.chooser, out)
    return out


def slot_uses(prog: ir.Program) -> set:
    """Every slot index the generated code of ``prog`` reads or writes (s[i], put_slot(s, i, …))."""
    out: set = set()
    for ins in prog.code:
        out |= _reads_of(ins)
        if isinstance(ins, ir.Set):
            out.add(int(ins.slot))
        elif isinstance(ins, ir.Next):
            out |= {int(ins.items), int(ins.index), int(ins.var)}
    return out


def check_slots(module: ir.Module) -> None:
    """The guarantee behind the generated code's unchecked slot reads and writes: a program's
    frame has exactly its program's nslots slots (Game.new_frame, Flow._push_prog), so every
    index its code uses must be below nslots; a delayed effect's condition reads the values
    add_delayed was given (Flow._delayed_find), so every index it reads must be below the
    number of values at every add_delayed of its program (and those fit in its slots,
    Flow._delayed_run). Raises SlotOutOfRange otherwise."""
    progs = {p.id: p for p in module.programs}
    for p in module.programs:
        used = slot_uses(p)
        if used and (min(used) < 0 or max(used) >= p.nslots):
            raise SlotOutOfRange(f"program {py_text(p.name)} ({py_text(p.where)}) uses slot "
                                 f"{max(used) if max(used) >= p.nslots else min(used)} of {p.nslots}")
    for p in module.programs:
        for ins in p.code:
            if not (isinstance(ins, ir.Do) and ins.call.name == "add_delayed"):
                continue
            ref = ins.call.args[1]
            d = progs.get(ref.id) if isinstance(ref, ir.Ref) and ref.kind == "program" else None
            if d is None:
                raise SlotOutOfRange(f"add_delayed in {py_text(p.name)} names no program: {ref!r}")
            n = len(ins.call.args) - 3
            reads = _slot_reads(d.condition, set()) if d.condition is not None else set()
            if n > d.nslots or (reads and (min(reads) < 0 or max(reads) >= n)):
                raise SlotOutOfRange(f"the delayed effect {py_text(d.name)} ({py_text(d.where)}) is "
                                     f"given {n} values for {d.nslots} slots; its condition reads "
                                     f"slots {sorted(reads)}")


# ---- a program's loops (ir.Next; emit's loop locals, decision 0047) -------------------------------

def loop_slots(prog: ir.Program) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(item slots, index slots) of the program's loops, sorted, each once. An index slot only
    a loop's start (the constant 0) writes and only its step reads (lower.py's 甲@序号, a name no
    spec can write), an items slot only a loop's start writes — with flow._items' answer, a tuple
    — and only its step reads (its C local written to the slot at each suspension only, as the
    index: step 167c), and no step is reached but through its items' start (_items_set_first:
    the step reads the tuple's size unchecked, loop_size): anything else is a compiler bug,
    refused here."""
    got = _loops.get(id(prog))
    if got is None or got[0] is not prog:
        steps = [ins for ins in prog.code if isinstance(ins, ir.Next)]
        indices = {int(s.index) for s in steps}
        seqs = {int(s.items) for s in steps}
        for ins in prog.code:
            bad = isinstance(ins, ir.Set) and int(ins.slot) in indices and \
                not (isinstance(ins.value, ir.Const) and ins.value.value == 0)
            if bad or indices & _reads_of(ins):
                raise ValueError(f"a loop's index slot used outside its loop in {py_text(prog.name)}")
            if seqs & _reads_of(ins) or (isinstance(ins, ir.Next) and int(ins.var) in seqs):
                raise ValueError(f"a loop's items slot read outside its step in {py_text(prog.name)}")
            if isinstance(ins, ir.Set) and int(ins.slot) in seqs and not (
                    isinstance(ins.value, ir.PrimCall) and ins.value.name == "_items"):
                raise ValueError(f"a loop's items slot set to what is not its items in "
                                 f"{py_text(prog.name)}")
        if not _items_set_first(prog, seqs):
            raise ValueError(f"a loop's step reached before its items in {py_text(prog.name)}")
        got = _loops[id(prog)] = (prog, tuple(sorted({int(s.items) for s in steps})), tuple(sorted(indices)))
    return got[1], got[2]



# ---- a loop's item in a C local (step 247a, docs/decisions/0272) ---------------------------------
# A loop's variable (甲 of 循环 甲 取遍 …) was written to its slot at every step (put_slot: a
# reference taken and the old item's dropped) and read back from it. Kept in a C local instead,
# borrowed from the loop's items (the tuple its items local holds: nothing else writes that local),
# where every read of the slot is proved to see the step's item: a must-analysis over the
# program's states (a state is "valid" for the variable when every path to it passed a step into
# its body after the last write of its items or index slot; the start is not). The slot is written
# at each suspension in a valid state (what a suspended frame is: resumed, cloned), and a resumed
# frame reads the local back from its items and index (the step read item index - 1).


def _lambda_reads(e, out: set, inside: bool = False) -> set:
    """The slot indices read inside a lambda of expression ``e`` (a closure over the slots,
    which an operation may call while it runs), into ``out``."""
    if isinstance(e, ir.SlotRef) and inside:
        out.add(int(e.index))
    elif isinstance(e, ir.Lambda):
        _lambda_reads(e.body, out, True)
    elif isinstance(e, ir.PrimCall):
        for a in e.args:
            _lambda_reads(a, out, inside)
    return out


def _exprs_of(ins) -> list:
    """The expressions of instruction ``ins`` (those _reads_of reads)."""
    if isinstance(ins, ir.Fire):
        return [ins.subject] if ins.subject is not None else []
    if isinstance(ins, ir.Do):
        return [ins.call]
    if isinstance(ins, ir.Call):
        return list(ins.args)
    if isinstance(ins, ir.Set):
        return [ins.value]
    if isinstance(ins, ir.JumpUnless):
        return [ins.cond]
    if isinstance(ins, ir.Choose):
        return [ins.chooser]
    return []


def loop_vars(prog: ir.Program) -> tuple[dict, dict]:
    """({variable slot: (its items slot, its index slot)} of the loops whose variable lives in a C
    local (above), {instruction n: the frozenset of those variables valid when n runs}). A
    variable qualifies when only its loops' steps write its slot, all with the same items and
    index slots (lower.py gives a variable's loops the same three slots), it is not a parameter
    (the slots others may read or write: an event's fields), no lambda reads it, and every
    instruction that reads it runs where it is valid."""
    got = _vars.get(id(prog))
    if got is not None and got[0] is prog:
        return got[1], got[2]
    items, indices = loop_slots(prog)
    code = prog.code
    pairs: dict = {}
    for ins in code:
        if isinstance(ins, ir.Next):
            pairs.setdefault(int(ins.var), set()).add((int(ins.items), int(ins.index)))
    kept = {v: next(iter(p)) for v, p in pairs.items()
            if len(p) == 1 and v >= len(prog.params) and v not in items and v not in indices}
    for ins in code:
        if isinstance(ins, ir.Set):
            kept.pop(int(ins.slot), None)
        for e in _exprs_of(ins):
            for v in _lambda_reads(e, set()):
                kept.pop(v, None)
    valid = _valid_vars(code, kept)
    for n, ins in enumerate(code):
        for v in _reads_of(ins) & set(kept):
            if v not in valid[n]:
                kept.pop(v)
    valid = {n: frozenset(vs & set(kept)) for n, vs in valid.items()}
    _vars[id(prog)] = (prog, kept, valid)
    return kept, valid


def _valid_vars(code: list, kept: dict) -> dict:
    """{n: the variables of ``kept`` valid when instruction n runs} (loop_vars): the greatest
    fixed point from the start (none valid), each step making its variable valid on the way into
    its body (not on its way out: it may have had no item), each write of a variable's items or
    index slot making it invalid. Instructions nothing reaches: all valid (never run)."""
    top = frozenset(kept)
    state = {n: top for n in range(len(code) + 1)}
    state[0] = frozenset()
    changed = True
    while changed:
        changed = False
        for n, ins in enumerate(code):
            here = state[n]
            if isinstance(ins, ir.Set):
                here = here - {v for v, slots in kept.items() if int(ins.slot) in slots}
            edges = [(t, here) for t in _successors(code, n)]
            if isinstance(ins, ir.Next) and int(ins.var) in kept:
                edges = [(int(ins.target), here), (n + 1, here | {int(ins.var)})]
            for t, out in edges:
                if t in state and not state[t] <= out:
                    state[t] = state[t] & out
                    changed = True
    return state

def _successors(code: list, n: int) -> tuple:
    """The states instruction n may go on at (its jumps, its running on), not its returns."""
    ins = code[n]
    if isinstance(ins, ir.Return):
        return ()
    if isinstance(ins, (ir.Jump, ir.Choose)):
        return _targets(ins)
    return (*_targets(ins), n + 1)


def _items_set_first(prog: ir.Program, seqs: set) -> bool:
    """Every loop step (ir.Next) of the program is reached only through a start of its items
    (their ir.Set): walked from state 0 for each items slot, never passing its Set, no step of
    that slot is met. A suspension resumes where the program would have run on, so this covers
    the states a frame resumes at too."""
    code = prog.code
    for k in seqs:
        seen, todo = {0}, [0]
        while todo:
            n = todo.pop()
            if n >= len(code):
                continue
            ins = code[n]
            if isinstance(ins, ir.Set) and int(ins.slot) == k:
                continue   # its items set: what follows reads a tuple
            if isinstance(ins, ir.Next) and int(ins.items) == k:
                return False
            for t in _successors(code, n):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return True


# ---- 此次移动的牌 read once a run (step 216a, docs/decisions/0212) -------------------------------
# The move flow loops over 此次移动的牌 five times a move (~7,800 loops' starts in the six games of
# `sgs bench --what instructions`), each start reading the move's scratch again (its X_CARDS item,
# its tests, the items' reference swapped). A loop's items local that holds _items(此次移动的牌)
# has a C flag kept_<slot>: set when its start reads them, cleared when the items local is set to
# anything else and after each instruction that may write a frame's X_CARDS; a start that finds it
# set reads nothing (the local holds those very items). A run's start (and so every resumption:
# what ran meanwhile may have moved other cards) clears it. What may write X_CARDS: any operation
# but KEEP_CARDS's and any call of a program (flow.call runs it at once, Game.run_pushed); a timing
# that did not suspend ran nothing that writes (fire pushes the skills it runs; a status rule's
# program runs in frames of its own). Values write nothing (value_args' contract). The operations
# that never reach a write of X_CARDS nor a run of another frame (their code checked by
# compiler/corescan.py's scan of core/ in tests/backend/test_moving_cards_kept.py, and in played
# games):
KEEP_CARDS = frozenset({"move_cards", "set_keep_zone", "vanish_virtual_card", "copy_suit_point",
                        "break_correspondence", "clear_card_history"})


def borrows_slots(name: str) -> bool:
    """Whether operation ``name`` writes no frame's slots and runs no other frame (step 254a;
    docs/decisions/0286): a program passes its slots to it borrowed (emit._instr_lines), the
    frame's list holding each while the call runs. Derived from core/'s code when first asked
    (compiler/corescan.py: what writes a frame's slot list, over the call graph)."""
    return name in corescan.slot_lending_operations()


def reads_moving_items(e) -> bool:
    """Whether ``e`` is _items(此次移动的牌): a loop's items over the move's cards."""
    return isinstance(e, ir.PrimCall) and e.name == "_items" and len(e.args) == 1 and \
        isinstance(e.args[0], ir.PrimCall) and e.args[0].name == "moving_cards" and \
        not e.args[0].args


def kept_slots(prog: ir.Program) -> tuple[int, ...]:
    """The items slots of the program's loops some start of which reads 此次移动的牌 (sorted)."""
    items = loop_slots(prog)[0]
    return tuple(sorted({int(ins.slot) for ins in prog.code if isinstance(ins, ir.Set) and
                         int(ins.slot) in items and reads_moving_items(ins.value)}))


def keeps_cards(ins) -> bool:
    """Whether instruction ``ins``, when it does not suspend, leaves every frame's X_CARDS as it
    was (above): a timing, an operation of KEEP_CARDS, or no call at all."""
    if isinstance(ins, ir.Do):
        return ins.call.name in KEEP_CARDS
    return not isinstance(ins, ir.Call)


# ---- a program's states (decision 0084; emit.program_code writes them) ---------------------------
SUSPENDS = (ir.Fire, ir.Do, ir.Call)
RUNS_ON = (ir.Set, ir.JumpUnless, ir.Next, ir.JumpUnlessExecuted)   # may continue at n + 1, no suspension


def _targets(ins) -> tuple:
    """The pcs instruction ``ins`` names (its jumps), not its running on."""
    if isinstance(ins, (ir.JumpUnless, ir.Jump, ir.Next, ir.JumpUnlessExecuted)):
        return (int(ins.target),)
    if isinstance(ins, ir.Choose):
        return tuple(int(t) for t in ins.targets)
    return ()


def program_states(prog: ir.Program) -> tuple[dict, frozenset]:
    """(threaded, merged) of a program: ``threaded[t]``, the state a jump to t ends at (t itself
    unless t is an ir.Jump: followed until a state that is not, or a cycle); ``merged``, the
    states run inside their predecessor's (compiler/emit.py: "the states of a program's loop")."""
    got = _states.get(id(prog))
    if got is None or got[0] is not prog:
        code = prog.code
        threaded = {}
        for t in range(len(code) + 1):
            seen, u = set(), t
            while u < len(code) and isinstance(code[u], ir.Jump) and u not in seen:
                seen.add(u)
                u = int(code[u].target)
            threaded[t] = t if u in seen else u
        named = entered_states(prog, threaded)
        merged = frozenset(n for n in range(1, len(code))
                           if n not in named and isinstance(code[n - 1], RUNS_ON))
        got = _states[id(prog)] = (prog, threaded, merged)
    return got[1], got[2]


def entered_states(prog: ir.Program, threaded: dict) -> set:
    """The states a program's function is entered at: the start, where its jumps go and where
    its suspensions resume, each with a jump there followed (``threaded``)."""
    named = {0}
    for n, ins in enumerate(prog.code):
        for t in _targets(ins):
            named.add(threaded[t])
        if isinstance(ins, SUSPENDS):
            named.add(threaded[n + 1])
    return named


# ---- a card's kinds read once for two tests (step 271a) ------------------------------------------
# The use flow tests 此牌 for two kinds in a row (若此牌为延时锦囊牌 … 若此牌为装备牌: ~1,330 asks in
# the six games of `sgs bench --what instructions`), each test reading the card's name id again.
# When a test's false jump goes to a state whose first instruction tests the same card (the same
# slot) for a kind, the first reads both kinds' bits at once (cards.card_kinds) and hands them to
# the second in a C local, set just before the jump: nothing runs between the set and the read
# (the jump is the loop's `continue`, the switch, the second's first line), and the second reads
# and clears it at once, so any other way into the second (a resumption, a run on, a jump from
# elsewhere) finds it cleared and reads the card itself.
KIND_BITS = {"is_equipment": 1, "is_delayed_trick": 4}   # cards' _CF_EQUIP, _CF_DELAYED


def kind_test(ins) -> ir.SlotRef | None:
    """The slot a JumpUnless tests for a card kind of KIND_BITS, else None."""
    if isinstance(ins, ir.JumpUnless) and isinstance(ins.cond, ir.PrimCall) and \
            ins.cond.name in KIND_BITS and len(ins.cond.args) == 1 and \
            isinstance(ins.cond.args[0], ir.SlotRef):
        return ins.cond.args[0]
    return None


def kind_pairs(prog: ir.Program) -> tuple[frozenset, frozenset]:
    """(firsts, seconds): the kind tests whose false jump ends at (threaded) a kind test of the
    same slot, and those tests (above)."""
    threaded = program_states(prog)[0]
    code = prog.code
    firsts, seconds = set(), set()
    for n, ins in enumerate(code):
        slot = kind_test(ins)
        t = threaded[int(ins.target)] if slot is not None else len(code)
        other = kind_test(code[t]) if t < len(code) and t != n else None
        if other is not None and int(other.index) == int(slot.index):
            firsts.add(n)
            seconds.add(t)
    return frozenset(firsts), frozenset(seconds)


# ---- a loop whose body runs only under a test of its item (step 286a, docs/decisions/0311) ------
# 循环 甲 取遍 此次移动的牌：若甲的原区域为处理区且…： the move flow's loops ask each card a test
# and do nothing else for the cards it answers no. When the test only reads and the body is the
# test's true branch alone, a loop whose every item answers no runs nothing but its steps: emit
# reads what the test asks of all the items at once where it has a form for that (the kinds of the
# moved cards' origins: movedkind.pxd's move_origin_kinds_mv, read once a run for the loops over
# the same items) and starts the loop at its end when no item can answer yes.


def guarded_loops(prog: ir.Program) -> dict:
    """{n: (the test's condition, the loop's variable slot)} for each loop start n (its index's
    Set) whose step comes next and whose body's first instruction is a test (ir.JumpUnless)
    whose false jump goes back to the step (threaded): every other instruction of an item's
    turn runs only when the test holds. Only for a variable kept in a C local (loop_vars): no
    instruction reads it but inside its loop's body, so a loop started at its end leaves nothing
    read afterwards otherwise than its steps would have."""
    threaded = program_states(prog)[0]
    indices = loop_slots(prog)[1]
    kept = loop_vars(prog)[0]
    code = prog.code
    out = {}
    for n, ins in enumerate(code[:-2]):
        step, test = code[n + 1], code[n + 2]
        if isinstance(ins, ir.Set) and int(ins.slot) in indices and isinstance(step, ir.Next) \
                and int(step.index) == int(ins.slot) and int(step.var) in kept \
                and isinstance(test, ir.JumpUnless) and threaded[int(test.target)] == n + 1:
            out[n] = (test.cond, int(step.var))
    return out


# The operations of KEEP_CARDS that write no move's record of its cards' origins (X_JCARD) either:
# move_cards writes it (held to core's code by tests/backend/test_loop_origin_kinds.py, as
# KEEP_CARDS is). The origins' kinds read for a loop stay true until a program's call or another
# operation runs.
KEEP_ORIGINS = KEEP_CARDS - {"move_cards"}


def keeps_origins(ins) -> bool:
    """Whether instruction ``ins``, when it does not suspend, leaves every move's X_JCARD as it
    was: a timing (one that did not suspend ran nothing), an operation of KEEP_ORIGINS, or no
    call."""
    if isinstance(ins, ir.Do):
        return ins.call.name in KEEP_ORIGINS
    return not isinstance(ins, ir.Call)

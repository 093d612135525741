"""The guarantee behind the generated code's unchecked slot reads and writes (docs/performance.md,
step 16): every index a program's code reads (`s[i]`) or writes (`put_slot(s, i, …)`) is below
its number of slots, and a delayed effect's condition reads only the values add_delayed gives
it — for every rulebook, read from the emitted text itself, not only from the IR. And the
compiler refuses IR that breaks it (programflow.check_slots), so no build can emit such code. A loop's items
and index live in C locals while its frame runs (programflow.loop_slots, docs/decisions/0047): read from
their slots when the function starts, the index written back at every suspension
(tests/runtime/test_loops.py plays a loop suspended in its body on, and in a clone)."""
from __future__ import annotations

import dataclasses
import re

import pytest

from compiler import ir
from compiler.emit import delayed_cond_fn, index_local, items_local, program_fn, render_rulebook
from compiler.programflow import SlotOutOfRange, check_slots, loop_slots, slot_uses
from compiler.lower import Lowerer
from compiler.project import load_project
from compiler.rulebooks import RULEBOOKS

_DEF = re.compile(r"^def (\w+)\(", re.M)
_USE = re.compile(r"\bs\[(\d+)\]|put_slot\(s, (\d+),|_slot\(s, (\d+)\)")   # _slot: a borrowed read


@pytest.fixture(scope="module", params=[rb.key for rb in RULEBOOKS])
def lowered(request):
    rb = [r for r in RULEBOOKS if r.key == request.param][0]
    proj = load_project(rulebook=rb)
    assert proj.errors == []
    return Lowerer(proj.checker, rb.key, "0" * 16).run()


def _functions(text: str) -> dict[str, str]:
    """{function name: its text} of a unit's module-level functions."""
    marks = list(_DEF.finditer(text))
    return {m.group(1): text[m.start():(marks[k + 1].start() if k + 1 < len(marks) else len(text))]
            for k, m in enumerate(marks)}


def _indices(body: str) -> set[int]:
    return {int(a or b or c) for a, b, c in _USE.findall(body)}


def _values_given(module: ir.Module) -> dict[int, list[int]]:
    """{delayed program id: the number of values of each add_delayed naming it}."""
    out: dict[int, list[int]] = {}
    for p in module.programs:
        for ins in p.code:
            if isinstance(ins, ir.Do) and ins.call.name == "add_delayed":
                out.setdefault(ins.call.args[1].id, []).append(len(ins.call.args) - 3)
    return out


def test_emitted_slot_indices_are_in_range(lowered):
    texts, _ = render_rulebook(lowered)
    fns: dict[str, str] = {}
    for text in texts.values():
        fns.update(_functions(text))
    given = _values_given(lowered)
    used = conds = 0
    for p in lowered.programs:
        body = fns[program_fn(p.name)]
        idx = _indices(body)
        assert idx == slot_uses(p), p.name            # the IR walk sees what the code does
        assert all(0 <= i < p.nslots for i in idx), (p.name, sorted(idx), p.nslots)
        used += len(idx)
        if p.condition is not None:
            cidx = _indices(fns[delayed_cond_fn(p.name)])
            assert all(i < n for i in cidx for n in given.get(p.id, [])), p.name
            conds += bool(cidx)
    assert used > 100    # the comparison compared something
    if lowered.name == "identity":
        assert conds > 0   # a delayed effect's condition reads its own values (〖双雄〗)


def test_a_slot_out_of_range_is_refused(lowered):
    p = next(p for p in lowered.programs if slot_uses(p))
    short = dataclasses.replace(p, nslots=max(slot_uses(p)))
    bad = dataclasses.replace(lowered, programs=[short if q is p else q for q in lowered.programs])
    with pytest.raises(SlotOutOfRange, match="uses slot"):
        check_slots(bad)
    with pytest.raises(SlotOutOfRange):
        render_rulebook(bad)


def test_a_delayed_condition_reading_past_its_values_is_refused(lowered):
    given = _values_given(lowered)
    d = next((p for p in lowered.programs if p.condition is not None and p.id in given), None)
    if d is None:
        pytest.skip("this rulebook has no delayed effect with a condition")
    n = max(given[d.id])
    cond = ir.PrimCall("and", (d.condition, ir.PrimCall("is_dead", (ir.SlotRef(n, "X"),))))
    bad_d = dataclasses.replace(d, condition=cond)
    bad = dataclasses.replace(lowered, programs=[bad_d if q is d else q for q in lowered.programs])
    with pytest.raises(SlotOutOfRange, match="condition reads"):
        check_slots(bad)


def _cases(body: str) -> tuple[str, dict[int, str]]:
    """(the function's head, before its first case; each case's lines by its pc: a state merged
    into its predecessor's has none, decision 0084)."""
    head, _, rest = body.partition("            if pc == 0:")
    parts = re.split(r"\n            (?:el)?if pc == (\d+):", "\n            if pc == 0:" + rest)
    return head, {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}


def test_each_suspension_writes_every_loop_index_back(lowered):
    texts, _ = render_rulebook(lowered)
    fns: dict[str, str] = {}
    for text in texts.values():
        fns.update(_functions(text))
    loops = suspensions = 0
    for p in lowered.programs:
        items, indices = loop_slots(p)
        assert items == tuple(sorted({i.items for i in p.code if isinstance(i, ir.Next)}))
        if not indices:
            continue
        loops += 1
        head, cases = _cases(fns[program_fn(p.name)])
        # read from their slots when the frame resumes (pc > 0), not when it starts (167b)
        resume, _, start = head.partition("\n    if pc:   # resuming")[2].partition("\n    else:\n")
        for k in items:
            assert f"        {items_local(k)} = s[{k}]\n" in resume + "\n", p.name
            assert f"        {items_local(k)} = None\n" in start + "\n", p.name
        for k in indices:
            assert f"        {index_local(k)} = -1 if s[{k}] is None else s[{k}]\n" in resume + "\n", p.name
            assert f"        {index_local(k)} = -1\n" in start + "\n", p.name
        assert not re.search(r"\bs\[\d+\]", start), p.name
        for n, case in cases.items():
            ins = p.code[n]
            for k in indices:   # the index is no longer read or written by its slot in the code
                assert not re.search(rf"\bs\[{k}\]|_slot\(s, {k}\)", case) and f"put_slot(s, {k}, {index_local(k)} +" not in case
            # each suspension of the case (a merged state's, a next state's run on: decision 0084)
            for saved in case.split("if st:")[1:]:
                saved = saved.split("    break", 1)[0]
                suspensions += 1
                for k in indices:
                    assert f"put_slot(s, {k}, {index_local(k)} if {index_local(k)} >= 0 else None)" in saved, \
                        (p.name, n)
            if isinstance(ins, ir.Next):   # the step's test, or its negation when its body runs on
                i, seq = index_local(ins.index), items_local(ins.items)
                assert f"if {i} < _size({seq}):" in case or f"if {i} >= _size({seq}):" in case
                assert f"{i} += 1" in case
    assert loops > 0 and suspensions > loops   # the checks checked something


def test_a_loop_index_read_outside_its_step_is_refused(lowered):
    p = next(p for p in lowered.programs if loop_slots(p)[1])
    k = loop_slots(p)[1][0]
    n = next(n for n, ins in enumerate(p.code) if isinstance(ins, ir.JumpUnless))
    bad_ins = dataclasses.replace(p.code[n], cond=ir.PrimCall("is_dead", (ir.SlotRef(k, "甲@序号"),)))
    bad_p = dataclasses.replace(p, code=[bad_ins if i == n else ins for i, ins in enumerate(p.code)])
    bad = dataclasses.replace(lowered, programs=[bad_p if q is p else q for q in lowered.programs])
    with pytest.raises(ValueError, match="index slot"):
        render_rulebook(bad)

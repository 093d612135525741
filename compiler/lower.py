"""Checked AST -> IR (compiler.ir).

Runs after a clean check: every clause carries its reading (Clause.match) and role. Ids are
given in declaration order of the sorted spec files, so identical specs give identical ids.

Lowering rules (docs/ir.md has the full table):
  * a term bound to 原语 X            -> PrimCall X (value) or Do(PrimCall X) (operation)
  * an operation term with a body     -> its own program, entered with Call
  * a value term with a body          -> inlined (its one phrase, slots substituted)
  * 时机 T                             -> Fire(T, subject)
  * ▶ / ▷                              -> JumpUnlessExecuted to the end of the sentence
  * 若 C，…                            -> JumpUnless(C, end of sentence)
  * X选择一项：1.…；2.…               -> Choose + JumpTable
  * 循环 / 当 / 标签 / 转到 / 终止      -> jumps over slots
"""
from __future__ import annotations

import hashlib
from typing import Optional

from . import ast as A
from . import ir
from .checker import SQUARE_KINDS, Checker, iter_clauses, walk_stmts
from .phrases import IMPLIED, OPERATION, Match, Slot, split_alternatives, parse_pattern

LIMIT_TAGS = {"出牌阶段限一次": ("phase", 1)}
# the timing at which a skill that uses a card declares it and chooses its targets on activation
# (001:151; 002:147 〖激将〗)
ADVANCE_TARGETS_TIMING = "其需要使用此牌时❶"
CN_NUM = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
POINTS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def spec_hash(sources: dict[str, str]) -> str:
    h = hashlib.sha256()
    for path in sorted(sources):
        # a file name that is not UTF-8 holds its bytes as lone surrogates (surrogateescape):
        # hashed as those bytes
        h.update(path.encode("utf-8", "surrogateescape") + b"\0" + sources[path].encode("utf-8") + b"\0")
    return h.hexdigest()[:16]


def where(span) -> str:
    return f"{span.path}:{span.line}:{span.column}"


def option_text(opt: A.Option) -> str:
    """An option of 选择一项 as written: its clauses and separators (1.弃置两张手牌 → 弃置两张手牌)."""
    out = []
    for el in opt.elements:
        if isinstance(el, A.Sep):
            out.append(el.symbol)
        elif isinstance(el, A.Clause):
            out.append(el.text)
        else:
            out.append("选择一项")
    return "".join(out).rstrip("。；;")


class LowerError(RuntimeError):
    """The checked specs cannot be lowered (a compiler bug, or a limit of compiler.emit):
    the callers report the message, never a traceback."""


class Lowerer:
    def __init__(self, checker: Checker, name: str, hash_: str, edition_paths: frozenset = frozenset()):
        """``edition_paths``: the spec files (as spans name them) whose flows, terms and mode go to
        the unit ``edition`` instead of ``flows`` and ``modes``: the files this rulebook reads and
        the one it shares units with does not (compiler.build.edition_paths; decision 0068)."""
        self.c = checker
        self.edition_paths = edition_paths
        self.sym = checker.sym
        self.m = ir.Module(name, hash_)
        self.timing_ids: dict[str, int] = {}
        self.card_ids: dict[str, int] = {}
        self.skill_ids: dict[str, int] = {}
        self.mark_ids: dict[str, int] = {}
        self.name_ids: dict[str, int] = {}
        self.term_programs: dict[str, int] = {}
        self.prims: set[str] = set()
        self.variant = 0  # which ／ wording of a sentence is being lowered

    # ------------------------------------------------------------ driver
    def run(self) -> ir.Module:
        for ev in self.sym.events.values():  # flow order; every ／ alias names the same id
            for st in walk_stmts(ev.body):
                if isinstance(st, A.TimingStmt) and st.name not in self.timing_ids:
                    tid = len(self.m.timings)
                    self.m.timings.append(st.name)
                    for alias in [st.name] + st.name.split("／"):
                        self.timing_ids.setdefault(alias, tid)
        # 时机对应 A 即 B: A names B's id here (the runtime also finds B by the name A)
        for name, d in self.sym.timing_maps.items():
            if d.target is not None and d.target in self.timing_ids:
                self.timing_ids[name] = self.timing_ids[d.target]
                self.m.timing_aliases.append((name, self.timing_ids[d.target]))
        for name in self.sym.cards:
            self.card_ids[name] = len(self.card_ids)
        # skills in unit order (cards, then generals); a skill's sub-skills (one per extra
        # timing sentence, 〖龙胆·2〗) take the ids right after it: registration order = ids
        card_skills = [sk for c in self.sym.cards.values() for sk in c.skills]
        free = [d for f in self.c.files for d in f.decls if isinstance(d, A.SkillDecl)]
        # a pack of generals is one unit (generals_<pack>): editing or adding a pack rewrites
        # that unit only (docs/decisions/0014)
        self.general_unit = {g.name: pack_unit(g.span.path) for g in self.sym.generals.values()}
        for g in self.sym.generals.values():
            u = self.general_unit[g.name]
            if u not in self.m.units:
                self.m.units.append(u)
                self.m.packs[u] = pack_of(g.span.path)
        # a skill declared alone in a pack's folder (山's 〖急袭〗, only gained) is that pack's,
        # after its generals' skills: adding the pack rewrites no other unit; elsewhere (a
        # map's terrain) it is the cards unit's
        pack_free = {u: [] for u in self.m.units}
        cards_free = []
        for d in free:
            u = pack_unit(d.span.path)
            (pack_free[u] if u in pack_free else cards_free).append(d.skill)
        self.skill_plan: list[tuple[str, A.SkillEntry]] = [("cards", sk) for sk in card_skills + cards_free]
        # not a skill written by its name alone (火's 庞德 〖马术〗 names 马超's): declared once
        for u in self.m.units:
            self.skill_plan += [(u, sk) for g in self.sym.generals.values() if self.general_unit[g.name] == u
                                for sk in g.skills if sk.sentences or sk.tags]
            self.skill_plan += [(u, sk) for sk in pack_free[u]]
        self.group_ids: dict[str, list[int]] = {}
        n = 0
        for _, sk in self.skill_plan:
            k = sum(variants for _, variants in skill_groups(sk))
            self.skill_ids[sk.name] = n
            self.group_ids[sk.name] = list(range(n, n + k))
            n += k
        for name in self.sym.marks:
            self.mark_ids[name] = len(self.m.marks)
            self.m.marks.append(name)
        for name in self.sym.names:
            self.name_ids[name] = len(self.m.names)
            self.m.names.append(name)
        # program ids by unit: flows (events, then operation terms with bodies), the edition's
        # own (edition: the flows, terms and mode of the files edition_paths names), cards
        # (equipment skills, card effects), modes, generals — so each unit is one module
        flows = [("event", ev.name, ev) for ev in self.sym.events.values()]
        flows += [("term", key, d) for key, d in self.sym.terms.items() if d.type is None and d.body]
        flows += [("mode", name, d) for name, d in self.sym.modes.items()]
        own = [x for x in flows if x[2].span.path in self.edition_paths]
        shared = [x for x in flows if x[2].span.path not in self.edition_paths]
        if own:
            self.m.units.insert(1, "edition")
            if not any(kind == "mode" for kind, _, _ in shared):
                self.m.units.remove("modes")   # the edition's mode is its own
        self.m.programs = []
        pending = []
        for unit, items in (("flows", shared), ("edition", own)):
            for kind, key, d in items:
                if kind == "mode" and unit == "flows":
                    continue   # the modes unit's, after the cards (below)
                pid = self.new_program_id()
                if kind == "event":
                    self.m.events[key] = pid
                    self.m.event_params[key] = [(p.name, p.type) for p in d.params]
                    if d.role is not None:
                        self.m.event_roles[key] = d.role
                elif kind == "term":
                    self.term_programs[key] = pid
                pending.append((unit, kind, d, pid))
        for unit, kind, d, pid in pending:
            self.unit = unit
            self.m.programs.append(self.lower_event(d, pid) if kind == "event" else
                                   self.lower_term(d, pid) if kind == "term" else self.lower_mode(d, pid))
        self.unit = "cards"
        for unit, sk in self.skill_plan:
            if unit == "cards":
                self.lower_skill(sk)
        for name, card in self.sym.cards.items():
            self.lower_card(card)
        self.unit = "modes"
        for kind, _, mode in shared:
            if kind == "mode":
                self.m.programs.append(self.lower_mode(mode, self.new_program_id()))
        for unit, sk in self.skill_plan:
            if unit != "cards":
                self.unit = unit
                self.lower_skill(sk)
        for deck in self.sym.decks.values():
            self.m.decks.append(self.lower_deck(deck))
        for mp in self.sym.maps.values():
            self.m.maps.append(self.lower_map(mp))
        for g in self.sym.generals.values():
            h = g.header
            self.m.generals.append(ir.General(g.name, h[0], h[1], int(h[2]), h[3:] == ["主公"],
                                              [n for s in g.skills for n in self.part_names(s)],
                                              self.general_unit[g.name]))
        self.m.programs.sort(key=lambda p: p.id)
        self.m.skills.sort(key=lambda s: s.id)
        self.m.primitives = sorted(self.prims)
        return self.m

    def lower_map(self, mp: A.MapDecl) -> tuple:
        kinds = {lg.symbol: SQUARE_KINDS.index(lg.kind) for lg in mp.legend}
        squares = tuple(kinds[sq.symbol] for row in mp.rows for sq in row)
        return (mp.name, len(mp.rows[0]), len(mp.rows), squares)

    def timing_ref(self, name: str) -> ir.Ref:
        return ir.Ref("timing", self.timing_ids[name], name)

    def mt(self, cl: A.Clause) -> Match:
        """A clause's reading in the ／ wording being lowered (a clause with one wording has
        the same reading in every variant)."""
        if cl.matches:
            return cl.matches[min(self.variant, len(cl.matches) - 1)]
        return cl.match

    def new_program_id(self) -> int:
        self._next = getattr(self, "_next", 0) + 1
        return self._next - 1

    def program_name(self, base: str) -> str:
        """A program's name, unique: the generated code and the core know a program by it (a
        second delayed effect of one skill is 延时 〖名〗·2)."""
        used = self.__dict__.setdefault("_names", set())
        name, k = base, 1
        while name in used:
            k += 1
            name = f"{base}·{k}"
        used.add(name)
        return name

    def program_ref(self, pid: int, name: str) -> ir.Ref:
        return ir.Ref("program", pid, name)

    # ------------------------------------------------------------ events and terms
    def lower_event(self, ev: A.EventDecl, pid: int) -> ir.Program:
        scope = Scope()
        for p in ev.params:
            scope.add(p.name)
        code = self.lower_body(ev.body, scope, ev.name)
        code.append(ir.Return(where(ev.span)))
        return ir.Program(pid, self.program_name(f"事件 {ev.name}"), "event",
                          [(p.name, p.type) for p in ev.params],
                          scope.size, code, where(ev.span), self.unit)

    def lower_mode(self, mode: A.ModeDecl, pid: int) -> ir.Program:
        scope = Scope()
        code = self.lower_body(mode.body, scope, mode.name)
        code.append(ir.Return(where(mode.span)))
        self.m.events["模式:" + mode.name] = pid
        return ir.Program(pid, self.program_name(f"模式 {mode.name}"), "mode", [], scope.size, code,
                          where(mode.span), self.unit)

    def lower_term(self, d: A.TermDecl, pid: int) -> ir.Program:
        scope = Scope()
        params = self.term_params(d)
        for name, _ in params:
            scope.add(name)
        code = self.lower_body(d.body, scope, None)
        code.append(ir.Return(where(d.span)))
        return ir.Program(pid, self.program_name(f"用语 {d.pattern}"), "term", params, scope.size, code,
                          where(d.span), self.unit)

    def term_params(self, d: A.TermDecl) -> list[tuple[str, str]]:
        seen: dict[str, str] = {}
        for wording, off in split_alternatives(d.pattern):
            for p in parse_pattern(wording, off):
                if isinstance(p, Slot) and p.name not in seen:
                    seen[p.name] = p.type
        return list(seen.items())

    # ------------------------------------------------------------ statements
    def lower_body(self, body: list[A.Stmt], scope: "Scope", event: Optional[str]) -> list:
        code: list = []
        labels: dict[str, int] = {}
        gotos: list[tuple[int, str]] = []
        self._stmts(body, scope, code, labels, gotos)
        for idx, name in gotos:
            code[idx].target = labels[name]
        return code

    def _stmts(self, body, scope, code, labels, gotos):
        for st in body:
            self._stmt(st, scope, code, labels, gotos)

    def _stmt(self, st, scope, code, labels, gotos):
        w = where(st.span)
        if isinstance(st, A.TimingStmt):
            subj = ir.SlotRef(scope.index(st.subject), st.subject) if st.subject else None
            code.append(ir.Fire(self.timing_ref(st.name), subj, w))
            for s in st.system:
                self.lower_sentence(s, scope, code)
        elif isinstance(st, A.SayStmt):
            for s in st.sentences:
                self.lower_sentence(s, scope, code)
        elif isinstance(st, A.IfStmt):
            jump = ir.JumpUnless(self.expr(self.mt(st.cond), scope), -1, w)
            code.append(jump)
            self._stmts(st.body, scope, code, labels, gotos)
            if st.orelse:
                skip = ir.Jump(-1, w)
                code.append(skip)
                jump.target = len(code)
                self._stmts(st.orelse, scope, code, labels, gotos)
                skip.target = len(code)
            else:
                jump.target = len(code)
        elif isinstance(st, A.WhileStmt):
            top = len(code)
            jump = ir.JumpUnless(self.expr(self.mt(st.cond), scope), -1, w)
            code.append(jump)
            self._stmts(st.body, scope, code, labels, gotos)
            code.append(ir.Jump(top, w))
            jump.target = len(code)
        elif isinstance(st, A.LoopStmt):
            items = scope.add(f"{st.var}@列表")
            idx = scope.add(f"{st.var}@序号")
            var = scope.add(st.var)
            # the items fixed when the loop starts, then one Next per item: a typed step in the
            # generated code (no primitive call per item; emit.py)
            code.append(ir.Set(items, self.prim("_items", self.expr(self.mt(st.items), scope)), w))
            code.append(ir.Set(idx, ir.Const(0), w))
            top = len(code)
            step = ir.Next(items, idx, var, -1, w)
            code.append(step)
            self._stmts(st.body, scope, code, labels, gotos)
            code.append(ir.Jump(top, w))
            step.target = len(code)
        elif isinstance(st, A.ExecStmt):
            args = tuple(self.expr(self.mt(a), scope) for a in st.args)
            code.append(ir.Call(self.m.events[st.event], f"事件 {st.event}", args, w))
        elif isinstance(st, A.LabelStmt):
            labels[st.name] = len(code)
        elif isinstance(st, A.GotoStmt):
            gotos.append((len(code), st.name))
            code.append(ir.Jump(-1, w))
        elif isinstance(st, A.EndStmt):
            code.append(ir.Terminate(st.target, w))

    # ------------------------------------------------------------ sentences
    def lower_sentence(self, s: A.Sentence, scope: "Scope", code: list):
        """Lower one sentence; jumps that end the sentence early are patched to its end."""
        guard = self.order_guard(s)
        if guard is not None:
            # the roles it chooses are chosen in order (core.prims.order_matters)
            code.append(ir.Do(self.prim("order_matters", ir.Lambda(guard)), where(s.span)))
        ends: list = []
        self._elements(s.elements, scope, code, ends)
        for j in ends:
            j.target = len(code)

    def _elements(self, elements, scope, code, ends):
        pending = [d for d in self.definitions(elements) if d[0] not in scope.bound]
        last_effect = None
        prev_op = -1   # the one instruction of the operation clause just before, after a "，"
        reach: list = []   # the jumps of the 若 conditions of this stretch (up to the next ；)
        other: list = []   # the jump over a 否则 branch, to its stretch's end
        for k, e in enumerate(elements):
            if not (isinstance(e, A.Sep) and e.symbol == "，") and not isinstance(e, A.Clause):
                prev_op = -1
            if isinstance(e, A.Sep):
                if e.symbol in ("▶", "▷") and last_effect is not None:
                    j = ir.JumpUnlessExecuted(-1, last_effect)
                    code.append(j)
                    ends.append(j)
                if e.symbol == "；":   # 若C，A；[否则B]: C's reach ends here
                    for j in other:
                        j.target = len(code)
                    other = []
                    nxt = elements[k + 1] if k + 1 < len(elements) else None
                    if isinstance(nxt, A.Clause) and nxt.orelse:
                        j = ir.Jump(-1, where(e.span))
                        code.append(j)
                        other.append(j)
                    for j in reach:
                        j.target = len(code)
                    reach = []
                if e.symbol == "→":
                    break  # the delayed part is lowered by the skill (see lower_skill)
                continue
            if isinstance(e, A.Choice):
                pending = self.define_variables(pending, [c for c in iter_clauses([e])], scope, code)
                self.lower_choice(e, scope, code)
                continue
            cl: A.Clause = e
            w = where(cl.span)
            if cl.role in ("timing", "delayed-timing"):
                continue
            if cl.role == "condition":
                pending = self.define_variables(pending, [cl], scope, code)
                j = ir.JumpUnless(self.expr(self.mt(cl), scope), -1, w)
                code.append(j)
                reach.append(j)
                last_effect = w
                continue
            now = [d for d in pending if d[2] is cl or _mentions(cl, d[0])]
            pending = [d for d in pending if d not in now]
            n0 = len(code)
            self.lower_operation(cl, scope, code, now)
            if prev_op >= 0 and len(code) == n0 + 1:
                self.property_first(code, prev_op, scope)
            prev_op = n0 if len(code) == n0 + 1 else -1
            last_effect = w
        ends.extend(reach)
        ends.extend(other)

    def property_first(self, code, i, scope):
        """`…使用无对应的实体牌的【决斗】，此【决斗】不能被【无懈可击】响应` (〖离间〗): a clause about
        此【名】 right after the clause that makes that card states a property of the card, so it
        applies before the card is used: the card is made first into a slot, then the property,
        then the clause that uses it (the book puts it in parentheses after the card)."""
        first, second = code[i], code[i + 1]
        made = _find_call(first, "card_without_physical")
        if made is None or not isinstance(second, (ir.Do, ir.Call)):
            return
        this = ir.PrimCall("this_named_card", made.args)
        if _find_call(second, "this_named_card") != this:
            return
        slot = scope.add("<此%s>" % len(scope.slots))
        ref = ir.SlotRef(slot, "此牌")
        code[i:i + 2] = [ir.Set(slot, made, second.where), _replace(second, this, ref), _replace(first, made, ref)]

    def definitions(self, elements) -> list:
        """The （X为…） definitions of a sentence's clauses up to its → (a delayed effect's own
        are bound when it is set up, lower_delayed): [(name, reading, clause, span)]."""
        out = []
        for e in elements:
            if isinstance(e, A.Sep) and e.symbol == "→":
                break
            for cl in iter_clauses([e]) if not isinstance(e, A.Sep) else ():
                for a in cl.items:
                    if isinstance(a, A.Paren):
                        for name, m in a.definitions:
                            out.append((name, m, cl, a.span))
        return out

    def define_variables(self, pending: list, clauses: list, scope, code) -> list:
        """（X为…）: X is computed right before the first clause that carries its definition or
        reads X runs (〖天香〗's X为其已损失的体力值 after the damage is transferred), in the
        order written; returns the definitions still pending."""
        now = [d for d in pending if any(d[2] is cl or _mentions(cl, d[0]) for cl in clauses)]
        for name, m, _cl, span in now:
            idx = scope.add(name)
            code.append(ir.Set(idx, self.expr(m, scope), where(span)))
        return [d for d in pending if d not in now]

    def lower_operation(self, cl: A.Clause, scope, code, defs=()):
        m: Match = self.mt(cl)
        w = where(cl.span)
        if m is None:
            raise LowerError(f"{w}: clause has no reading (check first)")
        skip = None
        if cl.optional:
            if scope.absorb_optional:
                scope.absorb_optional = False  # the trigger's "activate?" already asked this 可
            else:
                who = self.expr(m.args[first_slot(m)], scope) if first_slot(m) else scope.implied
                code.append(ir.Do(self.prim("ask_yesno", who, ir.Const(cl.text)), w))
                skip = ir.JumpUnlessExecuted(-1, w)
                code.append(skip)
        chosen = None
        chosen_as = "it"
        if defs and any(_reads_it(self.expr(d[1], scope)) for d in defs):
            # 令一名角色将手牌摸至X张（X为…其…）: the role is chosen first, then X is computed
            # with 其 = that role, then the operation runs on it (〖节命〗)
            chosen = self.choose_first(m, scope, code, w, bool(cl.strict))
        elif defs and any(_reads_chosen(self.expr(d[1], scope)) for d in defs):
            # 选择两名其他角色并弃置X张牌（X为先选择的角色与后选择的角色的手牌数之差）: the roles are
            # chosen first, in order, then X is computed from them (〖缔盟〗)
            chosen = self.choose_first(m, scope, code, w, bool(cl.strict), "choose_n_characters")
            chosen_as = "chosen_characters"
        for name, dm, _cl, span in defs:
            code.append(ir.Set(scope.add(name), self.expr(dm, scope), where(span)))
        if m.kind in ("either", "all"):
            self.lower_compound(m, scope, code, w, bool(cl.strict), cl.text)
        elif m.kind == "term" and m.term.primitive is None and m.term.key in self.term_programs:
            args = tuple(self.expr(m.args[name], scope) for name, _ in self.term_params(m.term.decl)
                         if name in m.args)
            if chosen is not None:
                args = tuple(_replace(a, chosen, self.prim(chosen_as)) for a in args)
            code.append(ir.Call(self.term_programs[m.term.key], m.term.key, args, w))
        else:
            e = self.expr(m, scope)
            if chosen is not None:
                e = _replace(e, chosen, self.prim(chosen_as))
            if _find_call(e, "within_this_turn") is not None:
                self.lower_lasting(e, code, w)   # 你于此回合内不能使用【杀】 (〖天义〗)
            else:
                code.append(ir.Do(e, w, strict=bool(cl.strict), optional=cl.optional))
        if skip is not None:
            skip.target = len(code)

    def lower_compound(self, m: Match, scope, code, w, strict, text):
        """A、B且C: each operation in order; A或B: the actor chooses one it can execute (002:259;
        an option whose cards or roles do not exist is not offered, as in 选择一项)."""
        subs = [m.args[k] for k in sorted(m.args, key=int)]
        if m.kind == "all":
            for sub in subs:
                self.lower_one(sub, scope, code, w, strict)
            return
        first = subs[0]
        slot = first_slot(first)
        chooser = self.expr(first.args[slot], scope) if slot else scope.implied
        needs = [self.match_needs(sub, chooser) for sub in subs]
        extra = [n if n is not None else ir.Const(True) for n in needs] if any(needs) else []
        labels = tuple(_split_text(text, "或"))
        code.append(ir.Do(self.prim("choose_option", chooser, ir.Const(len(subs)), ir.Const(labels), *extra), w))
        table = ir.Choose(chooser, [], w)
        code.append(table)
        exits = []
        for sub in subs:
            table.targets.append(len(code))
            self.lower_one(sub, scope, code, w, strict)
            j = ir.Jump(-1, w)
            code.append(j)
            exits.append(j)
        for j in exits:
            j.target = len(code)
        table.targets.append(len(code))

    def match_needs(self, sub: Match, chooser):
        """What an option reading ``sub`` acts on must exist (lower.option_needs for one phrase)."""
        if sub.kind != "term":
            return None
        args = [self.expr(sub.args[n], Scope()) for n, typ in self.term_params(sub.term.decl) if n in sub.args]
        types = [typ for n, typ in self.term_params(sub.term.decl) if n in sub.args]
        keep = [(a, t) for a, t in zip(args, types) if not _reads_slots(a) and not _reads_draw_pile(a) and
                not _makes_card(a) and not isinstance(a, ir.Implied) and a != ir.PrimCall("owner", ())]
        cards = [a for a, t in keep if t in ("牌组", "牌")]
        roles = [a for a, t in keep if t in ("角色", "角色组")]
        guard = self.term_guard(sub, chooser)
        if guard is None and not cards and not roles:
            return None
        return self.prim("_option_ok", guard if guard is not None else ir.Const(True),
                         ir.Const(len(cards)), *cards, *roles)

    def lower_one(self, m: Match, scope, code, w, strict):
        """One operation's instruction: a Call of a term with a body, else a Do; an operation on
        你于此回合内 (a status rule stated as an effect, 〖天义〗) is a lasting effect."""
        e = self.expr(m, scope) if not (m.kind == "term" and m.term.primitive is None and
                                        m.term.key in self.term_programs) else None
        if e is not None and _find_call(e, "within_this_turn") is not None:
            self.lower_lasting(e, code, w)
        elif e is None:
            args = tuple(self.expr(m.args[name], scope) for name, _ in self.term_params(m.term.decl)
                         if name in m.args)
            code.append(ir.Call(self.term_programs[m.term.key], m.term.key, args, w))
        else:
            code.append(ir.Do(e, w, strict=strict))

    def lower_lasting(self, e, code, w):
        """`你于此回合内使用【杀】无距离限制` as an effect: the status rule (于此回合内 read as its
        subject) becomes a program of its own, answering the status queries as the owner's
        until the turn ends (core.prims.add_lasting)."""
        call = _find_call(e, "within_this_turn")
        while call is not None:
            e = _replace(e, call, call.args[0])
            call = _find_call(e, "within_this_turn")
        pid = self.new_program_id()
        name = self.program_name(f"持续 〖{self.skill_name}〗")
        self.m.programs.append(ir.Program(pid, name, "skill", [], 0,
                                          [ir.Do(e, w, strict=False), ir.Return(w)], w, self.unit))
        code.append(ir.Do(self.prim("add_lasting", self.program_ref(pid, name)), w))

    def choose_first(self, m: Match, scope, code, w, strict, chooser="choose_one_character"):
        """The one role the clause's operation chooses (一名…), chosen by the implied subject
        now, so that 其 is that role; returns the choice's expression (replaced by 其 in the
        operation), or None when the operation chooses no role. With ``chooser``
        choose_n_characters: the roles (X名…), then 先选择的角色 / 后选择的角色 / chosen_characters."""
        pick = _find_call(self.expr(m, scope), chooser)
        if pick is None:
            return None
        code.append(ir.Do(self.prim("choose_characters", scope.implied, pick), w, strict=strict))
        return pick

    def lower_choice(self, ch: A.Choice, scope, code):
        w = where(ch.span)
        chooser = self.expr(ch.chooser_match, scope) if ch.chooser_match is not None else scope.implied
        needs = [self.option_needs(opt, chooser) for opt in ch.options]
        extra = [n if n is not None else ir.Const(True) for n in needs] if any(needs) else []
        # the options as written, for people choosing at a terminal (not part of the game)
        labels = tuple(option_text(opt) for opt in ch.options)
        code.append(ir.Do(self.prim("choose_option", chooser, ir.Const(len(ch.options)),
                                    ir.Const(labels), *extra), w))
        table = ir.Choose(chooser, [], w)
        code.append(table)
        exits = []
        for opt in ch.options:
            table.targets.append(len(code))
            ends: list = []
            saved = scope.implied
            scope.implied = chooser
            self._elements(opt.elements, scope, code, ends)
            scope.implied = saved
            for j in ends:
                j.target = len(code)
            jump = ir.Jump(-1, w)
            code.append(jump)
            exits.append(jump)
        for j in exits:
            j.target = len(code)
        # entry n, after the n options, is the exit: choose_option's answer when nobody can choose
        table.targets.append(len(code))

    def option_needs(self, opt: A.Option, chooser):
        """002:259: an option whose first, unconditional effect cannot be executed cannot be
        chosen: one that acts on cards or roles that do not exist (〖刚烈〗's 弃置两张手牌 by a
        source with fewer) — checked for the chooser when the choice is asked (_option_ok) —
        or one whose term is guarded (term_guard: a chained role cannot 横置). None when the
        option has nothing to check."""
        first = next((e for e in opt.elements if isinstance(e, A.Clause)), None)
        if first is None or first.role != "effect" or first.optional:
            return None
        cards = self.typed_args(first, ("牌组", "牌"))
        roles = self.typed_args(first, ("角色", "角色组"))
        guard = self.term_guard(self.mt(first), chooser)
        if guard is None and not cards and not roles:
            return None
        return self.prim("_option_ok", guard if guard is not None else ir.Const(True),
                         ir.Const(len(cards)), *cards, *roles)

    def term_guard(self, m: Match, implied):
        """When a term's operation can be executed, read from its body: a body that starts
        with `若C：终止` cannot be executed when C holds (〔甲〕横置 of a chained role, 002:481),
        a body that is one `若C：…` only when C holds (〔甲〕重置, 002:482); None otherwise.
        The term's arguments are read with ``implied`` as the implied subject."""
        if m is None or m.kind != "term" or m.term.primitive is not None or m.term.decl is None:
            return None
        body = m.term.decl.body
        if not body or not isinstance(body[0], A.IfStmt) or body[0].orelse:
            return None
        sc = Scope()
        sc.implied = implied
        env = {name: self.expr(a, sc) for name, a in m.args.items()}
        if any(_reads_slots(v) for v in env.values() if v is not implied):
            return None
        cond = self.expr(self.mt(body[0].cond), Scope(), env)
        if len(body[0].body) == 1 and isinstance(body[0].body[0], A.EndStmt):
            return self.prim("not", cond)
        if len(body) == 1:
            return cond
        return None

    # ------------------------------------------------------------ skills and cards
    def part_names(self, sk: A.SkillEntry) -> list[str]:
        """The names of a skill's IR skills (〖龙胆〗, 〖龙胆·2〗 …): a general or a card has them all."""
        return [sk.name if k == 0 else f"{sk.name}·{k + 1}" for k in range(len(self.group_ids[sk.name]))]

    def lower_skill(self, sk: A.SkillEntry):
        """One IR skill per group of sentences that starts with a timing (〖龙胆〗 has two),
        and per ／ wording of the group (`你需要使用／打出【杀】时❸…当【杀】使用／打出` is two
        skills of one shape: the k-th wording of every ／ goes together)."""
        ids = iter(self.group_ids[sk.name])
        k = 0
        for i, (group, variants) in enumerate(skill_groups(sk)):
            status = i > 0 and not _starts_with_timing(group)   # is_status_part (〖断粮·2〗)
            for v in range(variants):
                self.variant = v
                self.lower_skill_group(sk, next(ids), self.part_names(sk)[k], group, status)
                k += 1
        self.variant = 0

    def lower_skill_group(self, sk: A.SkillEntry, sid: int, name: str, sentences: list[A.Sentence],
                          status: bool = False):
        self.skill_name = name
        scope = Scope()
        scope.absorb_optional = True
        code: list = []
        timings, subject, condition, optional = [], None, None, False
        first = sentences[0].clauses()[0] if sentences[0].clauses() else None
        if first is not None and first.role == "timing" and self.mt(first) is not None:
            tref, subject, condition = self.timing_of(self.mt(first), scope)
            timings.append(tref)
        # 时机，条件，你可…: the conditions written before the cost decide whether the skill is
        # offered at all (〖克己〗 after a 【杀】, 〖急救〗 in its own turn)
        checks = []
        for cl in sentences[0].clauses()[1 if timings else 0:]:
            if cl.role != "condition" or self.mt(cl) is None:
                break
            c = self.expr(self.mt(cl), Scope())
            if _reads_slots(c):
                break
            checks.append(c)
        if any(tr.name == ADVANCE_TARGETS_TIMING for tr in timings):
            # 001:151, 002:147: activated at 其需要使用此牌时❶, the skill declares the card's name
            # and chooses its targets first (core.prims.preselect_targets: 〖激将〗's 【杀】)
            code.append(ir.Do(self.prim("preselect_targets"), where(sentences[0].span)))
        for sent in sentences:
            optional = optional or any(c.optional for c in sent.clauses() if c.role in ("cost", "effect")) \
                or any(isinstance(e, A.Choice) and e.optional for e in sent.elements)  # 你可令其选择一项
            # a delayed effect (→) is registered before the sentence's operations run: its
            # timing may occur during them (〖洛神〗's own judgement, 000:387)
            code.extend(self.lower_delayed(sent.elements, sk, scope))
            self.lower_sentence(sent, scope, code)
        tags = [t.text for t in sk.tags]
        if status and "锁定技" not in tags:
            tags.append("锁定技")   # a status part of a skill with a timing (is_status_part)
        if timings or "锁定技" not in tags:
            # 000:251 the default move that ends a skill's use event
            # (core.prims.skill_default_move); a status rule (锁定技 without a timing) has none
            code.append(ir.Do(self.prim("skill_default_move"), where(sk.span)))
        code.append(ir.Return(where(sk.span)))
        pid = self.new_program_id()
        self.m.programs.append(ir.Program(pid, self.program_name(f"技能 〖{name}〗"), "skill", [], scope.size,
                                          code, where(sk.span),
                                          self.unit))
        limit = next((LIMIT_TAGS[t] for t in tags if t in LIMIT_TAGS), first.limit if first is not None else None)
        for t in tags:  # 每回合限N次 … (checker.READ_TAGS: N is one digit, 一 … 九 or 1 … 9)
            if t.startswith("每回合限"):
                limit = ("turn", CN_NUM.get(t[4]) or int(t[4]))
            elif t.startswith("每轮限"):
                limit = ("round", CN_NUM.get(t[3]) or int(t[3]))
            elif t.startswith("每局限") or t in ("限定技", "觉醒技"):
                limit = ("game", (CN_NUM.get(t[3]) or int(t[3])) if t.startswith("每局限") else 1)
        grant = self.grants(sentences[0], subject)
        self.m.skills.append(ir.Skill(sid, name, sk.owner or "", tags, timings, subject, condition,
                                      optional, pid, limit, where(sk.span), self.unit,
                                      tuple(checks + (self.skill_needs(sentences[0], grant) if optional else [])),
                                      grant))

    def grants(self, sent: A.Sentence, subject) -> bool:
        """Does the skill grant another character an action (〖黄天〗: 其他群势力角色的出牌阶段…，
        其可…)? Its timing belongs to others and its first 可 is 其's, the timing's character."""
        if subject is None or isinstance(subject, ir.Implied) or subject == ir.PrimCall("owner", ()):
            return False
        cl = next((c for c in sent.clauses() if c.role in ("cost", "effect") and c.optional), None)
        m = self.mt(cl) if cl is not None else None
        slot = first_slot(m) if m is not None else None
        return slot is not None and self.expr(m.args[slot], Scope()) == ir.PrimCall("it", ())

    def order_guard(self, sent: A.Sentence):
        """When a sentence's first effect after ▶ reads the order of the roles chosen before it
        (先选择的角色 / 后选择的角色: 〖离间〗), the choice is ordered and the effect's guard
        (term_guard) says which orders can be executed (000:79: the 【决斗】 is used only on a
        legal target); None otherwise. A card the effect makes (无对应的实体牌的【决斗】) is read
        by its name (card_named): it is not made before the effect runs."""
        els = sent.elements
        for i, e in enumerate(els):
            if not (isinstance(e, A.Sep) and e.symbol == "▶"):
                continue
            nxt = els[i + 1] if i + 1 < len(els) else None
            if not (isinstance(nxt, A.Clause) and nxt.role == "effect"):
                return None
            m = self.mt(nxt)
            if m is None or m.kind != "term":
                return None
            args = [self.expr(a, Scope()) for a in m.args.values()]
            if not any(_calls(a, ORDER_READS) for a in args):
                return None
            guard = self.term_guard(m, ir.Implied())
            if guard is None:
                return None
            named = _made_cards_named(guard)
            if named != guard:
                self.prims.add("card_named")
            return named
        return None

    def skill_needs(self, sent: A.Sentence, grant: bool = False) -> list:
        """An optional skill whose 可 clause acts on cards that do not exist, or whose roles to
        choose (there or in the effect right after ▶) do not exist, cannot be activated
        (000:279 〖奸雄〗 without a physical card, 002:181 〖反馈〗 on a source without cards,
        〖流离〗 with nobody else in range): checked when it is offered. Arguments that read
        the skill's own variables are left to the effect."""
        els = sent.elements
        k = next((i for i, e in enumerate(els) if isinstance(e, A.Clause) and e.role in ("cost", "effect")
                  and e.optional), None)
        if k is None:
            return []
        cards, roles = self.typed_args(els[k], ("牌组", "牌")), self.typed_args(els[k], ("角色", "角色组"))
        if grant:   # the cards of the one granted the action (其), not the owner's
            cards = [self.prim("owned_by", self.prim("it"), c) for c in cards]
        choices = []   # of the effect: only what is still to be chosen (其余 reads the cost's result)
        if k + 2 < len(els) and isinstance(els[k + 1], A.Sep) and els[k + 1].symbol == "▶" and \
                isinstance(els[k + 2], A.Clause) and els[k + 2].role == "effect":
            choices = self.typed_args(els[k + 2], ("牌组", "牌", "角色", "角色组"))
        actors = self.choice_actor(els, k)
        guard = self.term_guard(self.mt(els[k]), ir.Implied())   # 〖青龙偃月刀〗 on no legal target
        order = self.order_guard(sent)   # 〖离间〗: an order of the roles its effect can use
        # roles chosen in order are checked by _orders_exist alone, their value made once (step
        # 273i: _roles_exist made the same choice again)
        roles_need = ("_roles_exist", roles) if order is None or not roles else \
            ("_orders_exist", [ir.Lambda(order), *roles])
        return [self.prim(name, *args) for name, args in
                (("_objects_exist", cards), roles_need, ("_choices_exist", choices),
                 ("_actors_alive", actors)) if args] + \
            ([guard] if guard is not None else [])

    def choice_actor(self, els: list, k: int) -> list:
        """The role who chooses in a 选择一项 that is the effect right after the cost ▶ (past
        its ▷ conditions), when it may be missing: 〖刚烈〗's 来源 on damage without a source
        (【闪电】, 002:238) — the skill is activated on the source (002:208: 对小乔发动〖刚烈〗),
        so without one it cannot be activated."""
        if not (k + 1 < len(els) and isinstance(els[k + 1], A.Sep) and els[k + 1].symbol == "▶"):
            return []
        j = k + 2
        while j + 1 < len(els) and isinstance(els[j], A.Clause) and els[j].role == "condition" and \
                isinstance(els[j + 1], A.Sep) and els[j + 1].symbol == "▷":
            j += 2
        if j >= len(els) or not isinstance(els[j], A.Choice) or els[j].chooser_match is None:
            return []
        who = self.expr(els[j].chooser_match, Scope())
        if _reads_slots(who) or isinstance(who, ir.Implied) or who == ir.PrimCall("owner", ()):
            return []
        return [who]

    def typed_args(self, cl: A.Clause, types) -> list:
        m = self.mt(cl)
        if m is None or m.kind != "term":
            return []
        args = [self.expr(m.args[n], Scope()) for n, typ in self.term_params(m.term.decl)
                if typ in types and n in m.args]
        # 你 always exists: only what may be missing is checked
        return [a for a in args if not _reads_slots(a) and not _reads_draw_pile(a) and not _makes_card(a)
                and not _all_cards(a) and not isinstance(a, ir.Implied) and a != ir.PrimCall("owner", ())]

    def timing_of(self, m: Match, scope: "Scope"):
        """A timing clause's reading -> (timing, subject expr or None, condition expr or None)."""
        if m.kind == "timing":
            subj = self.expr(m.args["主体"], scope) if "主体" in m.args else None
            return self.timing_ref(m.text), subj, None
        # a 时机 term: its body is one 时机 line with subject slot and conditions
        d: A.TermDecl = m.term.decl
        if d.primitive:
            raise LowerError(f"{where(d.span)}: a timing value ({d.pattern}) cannot start a skill")
        st: A.TimingStmt = d.body[0]
        env = {name: self.expr(a, scope) for name, a in m.args.items()}
        subj = env.get(st.subject) if st.subject else None
        if st.subject_match is not None:   # 主体 in words (一名角色: anybody's timing)
            subj = self.expr(st.subject_match, scope, env)
        cond = None
        for sent in st.system:
            for cl in sent.clauses():
                c = self.expr(self.mt(cl), scope, env)
                cond = c if cond is None else self.prim("and", cond, c)
        return self.timing_ref(st.name), subj, cond

    def lower_delayed(self, els: list, sk: A.SkillEntry, outer: "Scope") -> list:
        """→ T，effects: a delayed effect, registered when the elements start running (their
        program's scope is ``outer``). Its own （X为…） are computed then and passed to it (〖双雄〗's
        X为你的判定牌的颜色, read at 判定结果确定后❶, used for the rest of the turn); a → in its
        effects is a delayed effect it sets up in turn."""
        k = next((i for i, e in enumerate(els) if isinstance(e, A.Sep) and e.symbol == "→"), None)
        if k is None:
            return []
        rest = els[k + 1 :]
        timing = next((e for e in rest if isinstance(e, A.Clause) and e.role == "delayed-timing"), None)
        assert timing is None or self.mt(timing) is not None, "checked: → is followed by a read timing"
        if timing is None or self.mt(timing) is None:
            return []
        body = [e for e in rest if e is not timing]
        scope = Scope()
        # …，你可…: offered as a skill whose question is that 可 (〖双雄〗's conversion)
        first_op = next((e for e in body if isinstance(e, A.Clause) and e.role in ("cost", "effect")), None)
        offered = first_op is not None and first_op.optional
        scope.absorb_optional = offered
        values = []
        for name, m, _cl, _span in self.definitions(body):
            scope.add(name)
            scope.bound.add(name)
            values.append(self.expr(m, outer))
        code: list = self.lower_delayed(body, sk, scope)
        ends: list = []
        self._elements(body, scope, code, ends)
        for j in ends:
            j.target = len(code)
        code.append(ir.Return(where(timing.span)))
        pid = self.new_program_id()
        tm = self.mt(timing)
        condition = None
        if tm.kind == "term":   # a 时机 term: its timing, subject and condition
            tref, subj, condition = self.timing_of(tm, outer)
            # …时，你可将一张颜色不为X的手牌当【决斗】使用: offered only when those cards exist (its
            # own X are in its slots, Flow._delayed_find)
            needs = self.delayed_needs(body, scope)
            if needs is not None:
                condition = needs if condition is None else self.prim("and", condition, needs)
        else:
            subj = self.expr(tm.args["主体"], outer) if "主体" in tm.args else None
            tref = self.timing_ref(tm.text)
        name = self.program_name(f"延时 〖{sk.name}〗")
        self.m.programs.append(ir.Program(pid, name, "skill", [], scope.size,
                                          code, where(timing.span), self.unit, condition,
                                          (tref, sk.name) if offered else None))
        return [ir.Do(self.prim("add_delayed", tref, self.program_ref(pid, name), subj or ir.Implied(), *values),
                      where(timing.span))]

    def delayed_needs(self, body: list, scope: "Scope"):
        """The cards a delayed effect's 可 clause acts on must exist (as skill_needs), its own
        variables read from its slots."""
        cl = next((e for e in body if isinstance(e, A.Clause) and e.role in ("cost", "effect") and e.optional),
                  None)
        m = self.mt(cl) if cl is not None else None
        if m is None or m.kind != "term":
            return None
        cards = [self.expr(m.args[n], scope) for n, typ in self.term_params(m.term.decl)
                 if typ in ("牌组", "牌") and n in m.args]
        cards = [a for a in cards if not _reads_draw_pile(a) and not _makes_card(a) and not _all_cards(a)]
        return self.prim("_objects_exist", *cards) if cards else None

    def lower_card(self, card: A.CardDecl):
        h = card.header
        groups: list[list[A.CardField]] = [[]]
        for f in card.fields:
            if f.key.startswith("使用方法") and groups[-1]:
                groups.append([])
            groups[-1].append(f)
        groups = [g for g in groups if g]
        methods = [self.lower_card_method(card, g, k + 1 if len(groups) > 1 else 0) for k, g in enumerate(groups)]
        rng = next((int(x) for x in h[2:] if x.isdigit()), None)
        self.m.cards.append(ir.Card(self.card_ids[card.name], card.name, h[0] if h else "",
                                    h[1] if len(h) > 1 else "", rng, methods, [n for s in card.skills for n in self.part_names(s)],
                                    where(card.span)))

    def lower_card_method(self, card: A.CardDecl, fields: list[A.CardField], number: int) -> ir.CardMethod:
        timing = subject = condition = targets = effect = None
        rules: list[ir.CardRule] = []
        label = f"使用方法{number} " if number else ""
        for f in fields:
            if f.key == "使用时机":
                for sent in f.sentences:
                    for cl in sent.clauses():
                        if cl.role == "timing" and self.mt(cl) is not None:
                            timing, subject, condition = self.timing_of(self.mt(cl), Scope())
                        elif cl.role == "condition" and self.mt(cl) is not None:
                            c = self.expr(self.mt(cl), Scope())
                            condition = c if condition is None else self.prim("and", condition, c)
            elif f.key == "使用目标":
                for sent in f.sentences:
                    for cl in sent.clauses():
                        if self.mt(cl) is not None:
                            targets = self.expr(self.mt(cl), Scope())
            elif f.key == "作用效果":
                scope = Scope()
                code: list = []
                for sent in f.sentences:
                    self.lower_sentence(sent, scope, code)
                code.append(ir.Return(where(f.span)))
                effect = self.new_program_id()
                self.m.programs.append(ir.Program(effect, self.program_name(f"卡牌 【{card.name}】{label}作用效果"),
                                                  "card", [],
                                                  scope.size, code, where(f.span), self.unit))
            elif f.key in ("执行动作", "额外说明", "目标限制"):
                for k, sent in enumerate(f.sentences):
                    rules.append(self.lower_card_rule(card, f"{label}{f.key}{k + 1}", sent, f.key == "目标限制"))
        return ir.CardMethod(timing, condition, targets, effect, rules, subject)

    def lower_card_rule(self, card: A.CardDecl, label: str, sent: A.Sentence, targets: bool) -> ir.CardRule:
        """A sentence of 执行动作 / 额外说明 / 目标限制 (ir.CardRule): a status rule without a
        timing; with one, a rule of the card's own flows (a timing of an event with a 此牌
        parameter) or of a character holding the card; 目标限制: run per chosen target."""
        scope = Scope()
        scope.absorb_optional = True  # 你可…: the offer of a held rule asks it
        tref = subject = cond = None
        kind = "targets" if targets else "status"
        first = sent.clauses()[0] if sent.clauses() else None
        if not targets and first is not None and first.role == "timing" and self.mt(first) is not None:
            tref, subject, cond = self.timing_of(self.mt(first), scope)
            kind = "flow" if self.card_flow_timing(tref.name) else "held"
        code: list = []
        self.lower_sentence(sent, scope, code)
        code.append(ir.Return(where(sent.span)))
        pid = self.new_program_id()
        self.m.programs.append(ir.Program(pid, self.program_name(f"卡牌 【{card.name}】{label}"), "card", [],
                                          scope.size, code,
                                          where(sent.span), self.unit))
        return ir.CardRule(tref, subject, cond, pid, kind)

    def card_flow_timing(self, timing: str) -> bool:
        """Is the timing one of a flow about a card (an event with a 此牌 parameter)?"""
        for ev in self.sym.events.values():
            if any(p.name == "此牌" for p in ev.params) and any(
                    isinstance(st, A.TimingStmt) and timing in [st.name] + st.name.split("／")
                    for st in walk_stmts(ev.body)):
                return True
        return False

    def lower_deck(self, deck: A.DeckDecl) -> ir.Deck:
        cards = []
        for name, _ in deck.includes:
            cards.extend(self.lower_deck(self.sym.decks[name]).cards)
        for e in deck.entries:
            for c in e.copies:
                point = POINTS.get(c.point) or int(c.point)
                cards.append(ir.PhysicalCard(self.card_ids[e.card], c.suit, point))
        return ir.Deck(deck.name, cards)

    # ------------------------------------------------------------ expressions
    def prim(self, name: str, *args) -> ir.PrimCall:
        if not name.startswith("_"):
            self.prims.add(name)
        return ir.PrimCall(name, tuple(args))

    def expr(self, m: Match, scope: "Scope", env: Optional[dict] = None) -> ir.Expr:
        if m is None:
            raise LowerError("expression without a reading")
        if m.kind == "implied":
            return scope.implied
        if m.kind == "number":
            from .phrases import numeral_value
            return ir.Const(numeral_value(m.text))
        if m.kind == "var":
            if env is not None and m.text in env:
                return env[m.text]
            return ir.SlotRef(scope.index(m.text), m.text)
        if m.kind == "timing":
            return self.timing_ref(m.text)
        if m.kind == "product":   # 2X
            return self.prim("mul", self.expr(m.args["k"], scope, env), self.expr(m.args["x"], scope, env))
        if m.kind == "ref":
            if m.type == "牌名":
                return ir.Ref("card", self.card_ids.get(m.text, -1), m.text)
            if m.type == "技能":
                return ir.Ref("skill", self.skill_ids.get(m.text, -1), m.text)
            if m.type == "名称":
                return ir.Ref("name", self.name_ids.get(m.text, -1), m.text)
            return ir.Ref("mark", self.mark_ids.get(m.text, -1), m.text)
        term = m.term
        d: A.TermDecl = term.decl
        args = {name: self.expr(a, scope, env) for name, a in m.args.items()}
        if term.primitive:
            order = [name for name, _ in self.term_params(d)]
            return self.prim(term.primitive, *[args[n] for n in order if n in args])
        if term.type != OPERATION and d.body:
            body_clause = next(c for st in d.body if isinstance(st, A.SayStmt) for s in st.sentences
                               for c in s.elements if isinstance(c, A.Clause))
            if body_clause.match is None:
                raise LowerError(f"{where(d.span)}: value term body has no reading")
            return self.expr(body_clause.match, scope, args)
        # an operation term used where a value is wanted: run it and take its result
        order = [name for name, _ in self.term_params(d)]
        return self.prim("_run_term", self.program_ref(self.term_programs[term.key], f"用语 {term.key}"),
                         *[args[n] for n in order if n in args])


def pack_of(path: str) -> str:
    """The pack of the generals declared in file ``path``: the folder under generals/
    (specs/generals/风/蜀.sgs -> 风), else the file's folder."""
    parts = path.replace("\\", "/").split("/")
    if "generals" in parts[:-2]:
        return parts[parts.index("generals") + 1]
    return parts[-2] if len(parts) > 1 else "pack"


def pack_unit(path: str) -> str:
    """The unit of the generals declared in file ``path``: generals_<pack>
    (specs/generals/风/… -> generals_u98ce). A character that is not an ASCII letter, digit or
    _ is written u<hex> (a module name)."""
    slug = "".join(c if (c.isascii() and (c.isalnum() or c == "_")) else f"u{ord(c):x}" for c in pack_of(path))
    return "generals_" + (slug or "pack")


def skill_groups(sk: A.SkillEntry) -> list[tuple[list[A.Sentence], int]]:
    """A skill's sentences, grouped (each sentence that starts with a timing starts a group,
    and so does a status sentence after a group with a timing: is_status_part), with the
    number of ／ wordings of each group."""
    groups: list[list[A.Sentence]] = []
    for sent in sk.sentences:
        first = next(iter(sent.clauses()), None)
        if not groups or (first is not None and first.role == "timing") or \
                (is_status_part(sent) and _starts_with_timing(groups[-1])):
            groups.append([])
        groups[-1].append(sent)
    out = []
    for g in groups or [[]]:
        variants = max([len(c.matches) for s in g for c in iter_clauses(s.elements)] + [1])
        out.append((g, variants))
    return out


def _starts_with_timing(group: list[A.Sentence]) -> bool:
    first = next(iter(group[0].clauses()), None) if group else None
    return first is not None and first.role == "timing"


def is_status_part(sent: A.Sentence) -> bool:
    """A sentence with no timing, no 可, no ▶/▷/→ and no choice, only conditions and effects
    (〖断粮〗's 你使用【兵粮寸断】的距离上限+1 after its conversion): after a sentence with a timing
    it is a part of its own, a status rule (〖断粮·2〗, a 锁定技: nobody is asked), not a step of
    the part before it."""
    if any(isinstance(e, A.Choice) or (isinstance(e, A.Sep) and e.symbol in ("▶", "▷", "→"))
           for e in sent.elements):
        return False
    cls = list(sent.clauses())
    return bool(cls) and all(c.role in ("condition", "effect") and not c.optional for c in cls)


def first_slot(m: Match) -> Optional[str]:
    """The slot a term's pattern starts with (its subject, for 〔甲：角色〕摸… terms)."""
    if m.term is None:
        return None
    first = m.term.parts[0]
    return first.name if isinstance(first, Slot) and first.name in m.args else None


class Scope:
    """Variables of one program: names -> slot indexes, plus who the implied subject is."""

    def __init__(self):
        self.slots: dict[str, int] = {}
        self.implied: ir.Expr = ir.Implied()
        self.absorb_optional = False  # a skill's first 可 is its activation question
        self.bound: set = set()  # variables a delayed effect got when it was set up

    def add(self, name: str) -> int:
        if name not in self.slots:
            self.slots[name] = len(self.slots)
        return self.slots[name]

    def index(self, name: str) -> int:
        if name not in self.slots:
            return self.add(name)
        return self.slots[name]

    @property
    def size(self) -> int:
        return len(self.slots)


def _split_text(text: str, sep: str) -> list[str]:
    """The texts of a compound's parts, for people (the options of A或B)."""
    return [p for p in text.replace("可", "", 1).split(sep) if p]


def _mentions(cl: A.Clause, name: str) -> bool:
    """Does the clause's reading use the variable ``name`` (X)?"""
    def walk(m):
        if m is None:
            return False
        if m.kind == "var" and m.text == name:
            return True
        return any(walk(a) for a in m.args.values())
    return any(walk(m) for m in (cl.matches or [cl.match]))


def _reads_it(e) -> bool:
    """Does the expression read 其 (the role chosen last)?"""
    if isinstance(e, ir.PrimCall):
        return e.name == "it" or any(_reads_it(a) for a in e.args)
    return False


def _reads_chosen(e) -> bool:
    """Does the expression read the roles chosen last (先选择的角色, 后选择的角色)?"""
    if isinstance(e, ir.PrimCall):
        return e.name in ("first_chosen", "last_chosen") or any(_reads_chosen(a) for a in e.args)
    return False


def _reads_slots(e) -> bool:
    if isinstance(e, ir.SlotRef):
        return True
    return isinstance(e, ir.PrimCall) and any(_reads_slots(a) for a in e.args)


def _reads_draw_pile(e) -> bool:
    """牌堆顶的X张牌 always exist (the pile is refilled when short, 000 洗牌); reading them
    to offer a skill would refill it early."""
    return isinstance(e, ir.PrimCall) and (e.name in ("deck_top", "top_of_deck") or
                                           any(_reads_draw_pile(a) for a in e.args))


def _all_cards(e) -> bool:
    """所有牌 of a zone: an operation on them is executable when there are none (it does
    nothing): 〖涅槃〗's 弃置你区域里的所有牌 with no cards."""
    return isinstance(e, ir.PrimCall) and e.name in ALL_CARDS


# the primitives that are all the cards of a zone or zones
ALL_CARDS = ("areas_cards", "own_cards", "cards_in_zone", "cards_on_general", "judge_zone_cards_lifo")


# the primitives that read the order of the roles chosen (an ordered choice: order_guard)
ORDER_READS = ("first_chosen", "last_chosen")


def _calls(e, names) -> bool:
    """Whether expression e calls a primitive of ``names``."""
    if isinstance(e, ir.PrimCall):
        return e.name in names or any(_calls(a, names) for a in e.args)
    return False


def _made_cards_named(e):
    """e with every card it would make (card_without_physical) read as a card of that name."""
    if isinstance(e, ir.PrimCall):
        name = "card_named" if e.name == "card_without_physical" else e.name
        return ir.PrimCall(name, tuple(_made_cards_named(a) for a in e.args))
    return e


def _makes_card(e) -> bool:
    """无对应的实体牌的【决斗】 is a card made when the effect runs, not when it is offered."""
    return isinstance(e, ir.PrimCall) and (e.name in MADE_CARDS or any(_makes_card(a) for a in e.args))


# the primitives that make a card when the effect runs (无对应的实体牌的【决斗】, 无距离限制的【杀】)
MADE_CARDS = ("card_without_physical", "card_without_distance_limit")


def _find_call(x, name):
    """The first primitive call named ``name`` in an instruction or expression."""
    if isinstance(x, ir.PrimCall):
        if x.name == name:
            return x
        args = x.args
    elif isinstance(x, ir.Do):
        args = (x.call,)
    elif isinstance(x, ir.Call):
        args = x.args
    else:
        return None
    for a in args:
        r = _find_call(a, name)
        if r is not None:
            return r
    return None


def _replace(x, old, new):
    """x with every occurrence of expression ``old`` replaced by ``new``."""
    if x == old:
        return new
    if isinstance(x, ir.PrimCall):
        return ir.PrimCall(x.name, tuple(_replace(a, old, new) for a in x.args))
    if isinstance(x, ir.Do):
        return ir.Do(_replace(x.call, old, new), x.where, x.strict, x.optional)
    if isinstance(x, ir.Call):
        return ir.Call(x.program, x.name, tuple(_replace(a, old, new) for a in x.args), x.where)
    return x

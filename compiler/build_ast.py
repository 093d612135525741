"""Lark parse tree -> AST (compiler.ast), keeping a span on every node."""
from __future__ import annotations

from lark import Token, Tree

from . import ast as A
from .source import Span


class AstBuilder:
    def __init__(self, path: str):
        self.path = path

    # ------------------------------------------------------------ spans
    def tok_span(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def tree_span(self, tree: Tree) -> Span:
        # a compiler.parser.Node: from its first token's start to its last token's end
        first, last = tree.first, tree.last
        if first is None:
            return Span(self.path, 1, 1, 1, 1)
        return Span(self.path, first.line, first.column, last.end_line, last.end_column)

    def span(self, node) -> Span:
        return self.tok_span(node) if isinstance(node, Token) else self.tree_span(node)

    # ------------------------------------------------------------ file
    def file(self, tree: Tree) -> A.SpecFile:
        out = A.SpecFile(self.path)
        for child in tree.children:
            if isinstance(child, Tree):
                out.decls.append(getattr(self, "d_" + child.data)(child))
        return out

    # ------------------------------------------------------------ declarations
    def d_event(self, t: Tree) -> A.EventDecl:
        name = t.children[0]
        params, body, role = [], [], None
        for c in t.children[1:]:
            if isinstance(c, Tree) and c.data == "term_prim":
                role = str(c.children[0])
            elif isinstance(c, Tree) and c.data == "params":
                for p in c.children:
                    if isinstance(p, Tree):
                        pn, _colon, pt = p.children
                        params.append(A.Param(str(pn), str(pt), self.span(p)))
            elif isinstance(c, Tree) and c.data == "body":
                body = self.body(c)
        return A.EventDecl(str(name), params, body, self.span(t), self.tok_span(name), role)

    def d_term(self, t: Tree) -> A.TermDecl:
        pattern = t.children[0]
        ttype = prim = prim_span = None
        body = []
        for c in t.children[1:]:
            if isinstance(c, Tree):
                if c.data == "term_type":
                    ttype = str(c.children[0])
                elif c.data == "term_prim":
                    prim = str(c.children[0])
                    prim_span = self.tok_span(c.children[0])
                elif c.data == "body":
                    body = self.body(c)
        return A.TermDecl(str(pattern), ttype, prim, body, self.span(t), self.tok_span(pattern), prim_span)

    def d_type_decl(self, t: Tree) -> A.TypeDecl:
        names = [str(c) for c in t.children if isinstance(c, Token) and c.type == "NAME"]
        return A.TypeDecl(names[0], names[1:], self.span(t))

    def d_mark_decl(self, t: Tree) -> A.MarkDecl:
        tok = t.children[0]
        header = [str(c) for c in t.children[1:] if isinstance(c, Token)]
        return A.MarkDecl(str(tok)[1:-1], header, self.span(t))

    def d_name_decl(self, t: Tree) -> A.NameDecl:
        tok = t.children[0]
        header = [str(c) for c in t.children[1:] if isinstance(c, Token)]
        return A.NameDecl(str(tok)[1:-1], header, self.span(t))

    def d_card(self, t: Tree) -> A.CardDecl:
        name_tok = t.children[0]
        header = [str(c) for c in t.children[1:] if isinstance(c, Token) and c.type == "NAME"]
        fields, skills = [], []
        for c in t.children:
            if isinstance(c, Tree) and c.data == "card_body":
                for line in c.children:
                    if not isinstance(line, Tree):
                        continue
                    for part in line.children:
                        if isinstance(part, Tree) and part.data == "card_field":
                            key = str(part.children[0]).rstrip("：")
                            sents = self.sentences(part.children[1]) if len(part.children) > 1 else []
                            fields.append(A.CardField(key, sents, self.span(part)))
                        elif isinstance(part, Tree) and part.data == "skill_entry":
                            skills.append(self.skill_entry(part, owner=str(name_tok)[1:-1]))
                        elif isinstance(part, Tree) and part.data == "skill_more":
                            self.more(skills[-1], part)
        return A.CardDecl(str(name_tok)[1:-1], header, fields, skills, self.span(t), self.tok_span(name_tok))

    def d_deck(self, t: Tree) -> A.DeckDecl:
        name = str(t.children[0])
        entries, includes = [], []
        for line in t.children[1:]:
            if not isinstance(line, Tree):
                continue
            toks = [c for c in line.children if isinstance(c, Token)]
            if toks and toks[0].type == "CARD":
                copies = []
                for sp in toks[1:]:
                    s = str(sp)
                    copies.append(A.PhysicalCard(s[:2], s[2:], self.tok_span(sp)))
                entries.append(A.DeckEntry(str(toks[0])[1:-1], copies, self.span(line)))
            elif toks:
                includes.append((str(toks[-1]), self.tok_span(toks[-1])))
        return A.DeckDecl(name, entries, includes, self.span(t))

    def d_general(self, t: Tree) -> A.GeneralDecl:
        name = t.children[0]
        header = [str(c) for c in t.children[1:] if isinstance(c, Token) and c.type == "NAME"]
        skills = []
        for c in t.children:
            if isinstance(c, Tree) and c.data == "skill_entry":
                skills.append(self.skill_entry(c, owner=str(name)))
            elif isinstance(c, Tree) and c.data == "skill_more":
                self.more(skills[-1], c)
        return A.GeneralDecl(str(name), header, skills, self.span(t), self.tok_span(name))

    def d_skill_decl(self, t: Tree) -> A.SkillDecl:
        skill = self.skill_entry(t.children[0])
        for c in t.children[1:]:
            if isinstance(c, Tree) and c.data == "skill_more":
                self.more(skill, c)
        return A.SkillDecl(skill, self.span(t))

    def more(self, skill: A.SkillEntry, t: Tree):
        """Continuation lines of a skill: more sentences of the same skill."""
        for c in t.children:
            if isinstance(c, Tree) and c.data == "sentences":
                skill.sentences.extend(self.sentences(c))

    def d_mode(self, t: Tree) -> A.ModeDecl:
        body = [c for c in t.children if isinstance(c, Tree) and c.data == "body"]
        return A.ModeDecl(str(t.children[0]), self.body(body[0]) if body else [], self.span(t))

    def d_map(self, t: Tree) -> A.MapDecl:
        name = t.children[0]
        legend, rows, spans = [], [], []
        for c in t.children[1:]:
            if not isinstance(c, Tree):
                continue
            toks = [x for x in c.children if isinstance(x, Token) and x.type == "NAME"]
            if c.data == "map_legend":
                legend.append(A.MapLegend(str(toks[0]), str(toks[1]), self.span(c), self.tok_span(toks[1])))
            elif c.data == "map_row":
                rows.append([A.MapSquare(str(x), self.tok_span(x)) for x in toks])
                spans.append(self.span(c))
        return A.MapDecl(str(name), legend, rows, spans, self.span(t), self.tok_span(name))

    def d_timing_map(self, t: Tree) -> A.TimingMapDecl:
        name, other = t.children[0], t.children[-1]
        target = None if other.type == "NONE" else str(other)
        return A.TimingMapDecl(str(name), target, self.span(t), self.tok_span(name), self.tok_span(other))

    def d_ruling(self, t: Tree) -> A.RulingDecl:
        title = str(t.children[0]).strip()
        lines = []
        for c in t.children[1:]:
            if isinstance(c, Tree) and c.data == "ruling_line":
                key = None
                sents = []
                for part in c.children:
                    if isinstance(part, Token) and part.type == "RKEY":
                        key = str(part)
                    elif isinstance(part, Tree) and part.data == "sentences":
                        sents = self.sentences(part)
                lines.append(A.RulingLine(key, sents, self.span(c)))
        return A.RulingDecl(title, lines, self.span(t))

    def skill_entry(self, t: Tree, owner: str | None = None) -> A.SkillEntry:
        name_tok = t.children[0]
        tags, sents = [], []
        for c in t.children[1:]:
            if isinstance(c, Tree) and c.data == "tag":
                tags.append(A.Tag(str(c.children[0]), self.span(c.children[0])))
            elif isinstance(c, Tree) and c.data == "sentences":
                sents = self.sentences(c)
        return A.SkillEntry(str(name_tok)[1:-1], tags, sents, self.span(t), self.tok_span(name_tok), owner)

    # ------------------------------------------------------------ statements
    def body(self, t: Tree) -> list[A.Stmt]:
        return [self.stmt(c) for c in t.children if isinstance(c, Tree)]

    def stmt(self, t: Tree) -> A.Stmt:
        kind = t.data
        sp = self.span(t)
        ch = t.children
        if kind == "timing_stmt":
            name = ch[0]
            subject = None
            system = []
            for c in ch[1:]:
                if isinstance(c, Tree) and c.data == "subject":
                    subject = str(c.children[0])
                elif isinstance(c, Tree) and c.data == "sentences":
                    system = self.sentences(c)
            return A.TimingStmt(str(name), subject, system, sp, self.tok_span(name))
        if kind == "say_stmt":
            return A.SayStmt(self.sentences(ch[0]), sp)
        if kind == "if_stmt":
            items = next(c for c in ch if isinstance(c, Tree) and c.data == "items")
            body = next(c for c in ch if isinstance(c, Tree) and c.data == "body")
            orelse = [c for c in ch if isinstance(c, Tree) and c.data == "else_stmt"]
            else_body = []
            if orelse:
                else_body = self.body(next(c for c in orelse[0].children if isinstance(c, Tree)))
            cond = A.Clause(True, self.items(items), self.span(items))
            return A.IfStmt(cond, self.body(body), else_body, sp)
        if kind == "loop_stmt":
            var = ch[0]
            items = next(c for c in ch if isinstance(c, Tree) and c.data == "items")
            body = next(c for c in ch if isinstance(c, Tree) and c.data == "body")
            return A.LoopStmt(str(var), A.Clause(False, self.items(items), self.span(items)), self.body(body), sp)
        if kind == "while_stmt":
            items = next(c for c in ch if isinstance(c, Tree) and c.data == "items")
            body = next(c for c in ch if isinstance(c, Tree) and c.data == "body")
            return A.WhileStmt(A.Clause(True, self.items(items), self.span(items)), self.body(body), sp)
        if kind == "exec_stmt":
            args = [A.Clause(False, self.items(c), self.span(c)) for c in ch
                    if isinstance(c, Tree) and c.data == "items"]
            return A.ExecStmt(str(ch[0]), args, sp)
        if kind == "label_stmt":
            return A.LabelStmt(str(ch[0]), sp)
        if kind == "goto_stmt":
            return A.GotoStmt(str(ch[0]), sp)
        if kind == "end_stmt":
            names = [str(c) for c in ch if isinstance(c, Token) and c.type == "NAME"]
            return A.EndStmt(names[0] if names else None, sp)
        raise AssertionError(f"unknown statement {kind}")

    # ------------------------------------------------------------ sentences
    def sentences(self, t: Tree) -> list[A.Sentence]:
        return [self.sentence(c) for c in t.children if isinstance(c, Tree) and c.data == "sentence"]

    def sentence(self, t: Tree) -> A.Sentence:
        return A.Sentence(self.elements(t.children), self.span(t))

    def elements(self, children) -> list[A.Element]:
        out: list[A.Element] = []
        for c in children:
            if isinstance(c, Token):
                if c.type in ("SEP", "OPTSEP"):
                    out.append(A.Sep(str(c), self.tok_span(c)))
                continue
            if c.data in ("lead_comma", "lead_sep"):
                for part in c.children:
                    if isinstance(part, Tree) and part.data == "clause":
                        out.append(self.clause(part))
                    elif isinstance(part, Token) and part.type == "SEP":
                        out.append(A.Sep(str(part), self.tok_span(part)))
                if c.data == "lead_comma":   # the ， right after the clause's last token
                    end = c.children[-1].last
                    out.append(A.Sep("，", Span(self.path, end.end_line, end.end_column,
                                               end.end_line, end.end_column + 1)))
            elif c.data == "clause":
                out.append(self.clause(c))
            elif c.data == "choice":
                out.append(self.choice(c))
        return out

    def clause(self, t: Tree) -> A.Clause:
        # clause: IF? items
        first, items = t.children[0], t.children[-1]
        cond = isinstance(first, Token) and first.type == "IF"
        return A.Clause(cond, self.items(items), self.tree_span(t))

    def choice(self, t: Tree) -> A.Choice:
        head = t.children[0]
        options = []
        for c in t.children[1:]:
            if isinstance(c, Tree) and c.data == "option":
                num = c.children[0]
                options.append(A.Option(int(str(num)[0]), self.elements(c.children[1:]), self.span(c)))
        return A.Choice(str(head)[: -len("选择一项：")], options, self.span(t))

    def items(self, t: Tree) -> list[A.Atom]:
        out: list[A.Atom] = []
        for c in t.children:
            if isinstance(c, Token):
                kind = c.type
                if kind == "TEXT":
                    out.append(A.Text(str(c), self.tok_span(c)))
                elif kind == "SLASH":
                    out.append(A.Alt(self.tok_span(c)))
                else:   # 【card】 〖skill〗 「mark」 “pile”: the name inside the brackets
                    out.append(_REFS[kind](str(c)[1:-1], self.tok_span(c)))
            elif c.data == "paren":
                out.append(A.Paren([self.items(p) for p in c.children if isinstance(p, Tree)], self.span(c)))
            elif c.data == "brace":
                out.append(A.Brace([self.items(p) for p in c.children if isinstance(p, Tree)], self.span(c)))
        return out


# an item token of a name in brackets -> its atom
_REFS = {"CARD": A.CardRef, "SKILL": A.SkillRef, "MARK": A.MarkRef, "PILE": A.PileRef}

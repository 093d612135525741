"""`sgs play`: a person plays one seat at the terminal against agents.

Before each of the person's decisions the table is shown (their hand; everyone's general,
HP, equipment, judge zone and known role), then the legal answers, numbered. Bad input is
re-asked, never a crash; end of input abandons the game cleanly. `--log` saves the game's
JSON-lines log (`sgs replay FILE` re-plays it: same seed, same answers).
"""
from __future__ import annotations

SUIT_SIGNS = {0: "♠", 1: "♣", 2: "♥", 3: "♦"}
POINTS = {1: "A", 11: "J", 12: "Q", 13: "K"}


# the other seats' players (docs/decisions/0004-random-player.md)
AGENTS = ("random", "first")
# events that only frame the others: left out of the "in progress" line
FRAME_EVENTS = ("模式:",)


def hidden_from(g, c: int, viewer) -> bool:
    """A physical card ``viewer`` may not see where it is: in the draw pile or in another role's
    hand (everyone's equipment, judge zones, the 处理区 and the discard pile are open)."""
    from core import engine as E

    if viewer is None:
        return False
    kind, owner = g.where(c)
    return kind == E.Z_DRAW or (kind == E.Z_HAND and owner != viewer)


def card_text(g, c, viewer=None) -> str:
    """A physical card as ♠A【决斗】; a virtual card as the card it stands for when used in the
    default way, else as its name and its physical cards: 【杀】(♥K【无中生有】). With a
    ``viewer`` (a seat), a card hidden from that seat is only 一张手牌 / 一张牌."""
    from core import engine as E
    from core import prims as P

    if P._is_v(c):
        rec = P._rec(g, c)
        cards = rec[P.V_CARDS]
        if len(cards) == 1 and g.cards[cards[0]].name == rec[P.V_NAME]:
            return card_text(g, cards[0], viewer)   # used in the default way: the card itself
        phys = " ".join(card_text(g, x, viewer) for x in cards)
        return f"【{g.rs.card_names[rec[P.V_NAME]]}】" + (f"({phys})" if phys else "(无实体牌)")
    if not (isinstance(c, int) and 0 <= c < len(g.cards)):
        return str(c)
    if hidden_from(g, c, viewer):
        kind, owner = g.where(c)
        return f"{seat_text(g, owner)}的一张手牌" if kind == E.Z_HAND else "一张牌"
    card = g.cards[c]
    point = POINTS.get(card.point, str(card.point))
    return f"{SUIT_SIGNS.get(card.suit, '')}{point}【{g.rs.card_names[card.name]}】"


def seat_text(g, p) -> str:
    from core import prims as P

    if not (isinstance(p, int) and 0 <= p < g.n):
        return "无"
    return f"{p}号{(P.general_of(g, p) or ('白板',))[0]}"


def value_text(g, ty: str, v, viewer=None) -> str:
    """An event's argument as people (``viewer``: that seat) read it, by the parameter's type
    in the spec."""
    from core import engine as E
    from core import prims as P

    if v is None:
        return "—"
    if isinstance(v, P.Pick):
        return "（待选）"
    if ty == "角色":
        return seat_text(g, v)
    if ty == "牌":
        return card_text(g, v, viewer)
    if ty == "牌组":
        cards = v if isinstance(v, (list, tuple)) else (v,)
        return " ".join(card_text(g, c, viewer) for c in cards) or "（无）"
    if ty == "牌名" and isinstance(v, int) and 0 <= v < len(g.rs.card_names):
        return f"【{g.rs.card_names[v]}】"
    if ty == "真假":
        return "是" if v else "否"
    if ty == "属性" and isinstance(v, int) and 0 <= v < len(P.NATURE_NAMES):
        return P.NATURE_NAMES[v]
    zones = g.rs.zone_names
    if ty == "区域" and isinstance(v, tuple) and len(v) == 2 and 0 <= v[0] < len(zones):
        return (seat_text(g, v[1]) + "的" if v[1] >= 0 else "") + zones[v[0]]
    if ty == "技能" and isinstance(v, int) and 0 <= v < len(g.rs.skills):
        return f"〖{g.rs.skills[v].name}〗"
    if ty == "阵营" and v in (0, 1):
        return ("暖方", "冷方")[v]
    if ty == "方格" and isinstance(v, int):
        return P.square_text(g, v)
    if ty == "事件" and isinstance(v, E.Frame):
        return P._T(g).event_of.get(v.prog, "事件")
    if ty == "渠道" and P._is_v(v):
        return card_text(g, v, viewer)
    return str(v)


def answer_text(g, d, o) -> str:
    """One answer of a cards, players or respond decision as the one deciding reads it (a card
    in another role's hand stays face down: 过河拆桥 picks one of them blind)."""
    from core import engine as E
    from core import prims as P

    if str(d.prompt).startswith(P.PROMPT_GENERAL) and isinstance(o, int):
        name, faction, sex, hp, lord, skills = P.general_card(g, o)
        return f"{name}（{faction}，体力{hp}）" + "".join(f"〖{s}〗" for s in skills if "·" not in s)
    if d.kind == E.D_PLAYERS:
        return seat_text(g, o)
    if isinstance(o, int) and (0 <= o < len(g.cards) or P._is_v(o)):
        return card_text(g, o, d.who)
    return str(o)


def situation_text(g, viewer=None, depth: int = 3) -> str:
    """The events in progress, innermost last (at most ``depth``), with their arguments as
    ``viewer`` sees them: what a decision is about (使用（使用者：2号吕布，此牌：♠A【决斗】）› …)."""
    from core import prims as P

    t = P._T(g)
    shown = []
    for f in g.stack:
        name = t.event_of.get(f.prog)
        if name is None or name.startswith(FRAME_EVENTS):
            continue
        params = t.event_params.get(name, ())
        args = "，".join(f"{pn}：{value_text(g, ty, f.slots[i], viewer)}"
                        for i, (pn, ty) in enumerate(params) if i < len(f.slots))
        shown.append(f"{name}（{args}）" if args else name)
    if not shown:
        return ""
    return "进行中：" + " › ".join(shown[-depth:])


def table_text(g, me: int) -> str:
    from core import engine as E
    from core import prims as P

    from .board_view import board_text, seat_place

    lines = [f"—— 第{g.round}轮，当前回合：{g.current} 号位 ——" if g.current >= 0 else "—— 游戏开始前：选将 ——"]
    board = board_text(g)
    if board:
        lines.append(board)
    # the zone's name in the rulebook: 战棋 calls the 判定区 延时区 (001:209)
    judge_zone = "延时区" if board else "判定区"
    for p in range(g.n):
        pl = g.players[p]
        general = (P.general_of(g, p) or ("白板",))[0]
        # a camp (战棋, 001:31) is known to everyone; an identity role to its seat, or once dead
        known = pl.role >= 0 and (p == me or pl.role == P.ROLE_LORD or not pl.alive or pl.role >= P.ROLE_WARM)
        role = P.ROLE_NAMES[pl.role] if known else "？"
        equip = " ".join(card_text(g, c) for z in E.EQUIP_ZONES for c in g.zone_cards(z, p))
        judge = " ".join(card_text(g, c) for c in g.zone_cards(E.Z_JUDGE, p))
        state = "" if pl.alive else "（阵亡）"
        marker = "你 " if p == me else "   "
        place = seat_place(g, p)
        lines.append(f"{marker}{p}号 {general} {role} 体力{pl.hp}/{pl.maxhp} 手牌{len(g.zone_cards(E.Z_HAND, p))}"
                     f"{' 装备:' + equip if equip else ''}{f' {judge_zone}:' + judge if judge else ''}{state}"
                     f"{' ' + place if place else ''}")
    hand = " ".join(card_text(g, c) for c in g.zone_cards(E.Z_HAND, me))
    lines.append(f"你的手牌：{hand or '（无）'}")
    return "\n".join(lines)


# an answer is a few numbers: a longer line (a file of junk on the standard input, /dev/zero)
# ends the game rather than being read whole
MAX_ANSWER = 4096


class AnswerTooLong(EOFError):
    pass


def bounded_input(prompt: str, stream=None) -> str:
    """input() for a standard input that is not a terminal: a line of at most MAX_ANSWER
    characters (a longer one is AnswerTooLong, read no further)."""
    import sys

    stream = stream or sys.stdin
    print(prompt, end="", flush=True)
    line = stream.readline(MAX_ANSWER + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_ANSWER:
        raise AnswerTooLong
    return line.rstrip("\n")


def run(args, input_fn=None, print_fn=print) -> int:
    from core import engine as E
    from core.decision import Decision
    from core.agents import FirstPlayer, HumanAgent, RandomPlayer

    from . import rulebooks

    try:
        rb = rulebooks.from_args(args)
    except rulebooks.RulebookError as exc:
        print_fn(f"sgs play: {exc}")
        return 2
    try:
        from core import prims as P
        M = rb.module()
    except ImportError as exc:
        print_fn(f"sgs play: the engine is not generated yet ({exc}); run `sgs build`")
        return 2
    from .simulate import say_if_uncompiled

    say_if_uncompiled("sgs play")
    from . import files
    from .gameopts import check_players, check_seeds, resolve_deck, resolve_generals
    from .logfile import file_header, game_marker

    if args.players is None:
        args.players = rb.players
    if args.deck is None:
        args.deck = rb.deck
    problem = check_seeds(args.seed)
    deck = pack = None
    if not problem:
        pack, problem = resolve_generals(M, getattr(args, "generals", "standard"))
    if not problem:
        deck, problem = resolve_deck(M, args.deck)
    if not problem:
        problem = check_players(M, P, args.players, deck, rb.mode)
    if not problem and not 0 <= args.seat < args.players:
        problem = f"--seat must be between 0 and {args.players - 1}"
    if not problem and args.agents not in AGENTS:
        problem = f"unknown agents {args.agents!r}; choose from {', '.join(AGENTS)}"
    log = None
    if not problem and args.log:   # opened before the game: a path that cannot be written is said now
        try:
            log = files.open_output(args.log, "log")
        except files.FileProblem as exc:
            problem = str(exc)
    if problem:
        print_fn(f"sgs play: {problem}")
        return 2
    g = P.new_game(M, args.players, seed=args.seed, mode=rb.mode, deck=deck, pack=pack)
    me = args.seat

    if input_fn is None:
        import sys

        input_fn = input if sys.stdin.isatty() else bounded_input
    human = HumanAgent(input_fn=input_fn, print_fn=print_fn, names=answer_text)
    # the same players as `sgs simulate` (docs/decisions/0004-random-player.md)
    bots = RandomPlayer(args.seed) if args.agents == "random" else FirstPlayer()
    result = None
    try:
        while True:
            r = g.step()
            if r is None:
                print_fn("sgs play: the engine's step budget was spent; game abandoned")
                return 1
            if not isinstance(r, Decision):
                result = r
                break
            if r.who == me:
                print_fn(table_text(g, me))
                situation = situation_text(g, me)
                if situation:
                    print_fn(situation)
                g.answer(human.choose(g, r))
            else:
                g.answer(bots.choose(g, r))
    except AnswerTooLong:
        print_fn(f"\nsgs play: an answer longer than {MAX_ANSWER:,} characters; game abandoned")
        return 1
    except (EOFError, KeyboardInterrupt):
        print_fn("\nsgs play: input ended; game abandoned")
        return 1
    finally:
        if log is not None:   # the file's format: compiler.logfile (one game)
            with log:
                log.write(file_header(1) + game_marker(1, args.seed) + g.log_text())
            print_fn(f"log saved to {args.log}")
    winners = sorted(result.winners or ())
    print_fn(table_text(g, me))
    print_fn(f"游戏结束：{'、'.join(f'{p}号' for p in winners) or '无人'}获胜（{result.reason}）。"
             + ("你赢了！" if me in winners else "你输了。"))
    return 0


def main_args(sub):
    p = sub.add_parser("play", help="play one seat at the terminal against agents")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = the lord's seat)")
    p.add_argument("--players", type=int, default=None, help="default: the rulebook's (5; 6 for 战棋)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agents", default="random", help="the other seats: random | first")
    p.add_argument("--deck", default=None, help="default: the rulebook's (标准版加军争; 战棋 for 战棋)")
    p.add_argument("--generals", default="standard",
                   help="the packs dealt from, the folders of specs/generals/ separated by commas "
                        "(standard | standard,风,火 …) | blank")
    p.add_argument("--log", help="save the game's log (JSON lines) to this file")
    from .rulebooks import add_arguments

    add_arguments(p)
    return p


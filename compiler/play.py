"""`sgs play`: a person plays one seat at the terminal against agents.

Before each of the person's decisions the table is shown (their hand; everyone's general,
HP, equipment, judge zone and known role), then the legal answers, numbered. Bad input is
re-asked, never a crash; end of input abandons the game cleanly. `--log` saves the game's
JSON-lines log (`sgs replay FILE` re-plays it: same seed, same answers).
"""
from __future__ import annotations

SUIT_SIGNS = {0: "♠", 1: "♣", 2: "♥", 3: "♦"}
POINTS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_text(g, c) -> str:
    from core import engine as E

    if isinstance(c, E.VCard):
        return f"【{g.rs.card_names[c.name]}】(虚拟)"
    card = g.cards[c]
    point = POINTS.get(card.point, str(card.point))
    return f"{SUIT_SIGNS.get(card.suit, '')}{point}【{g.rs.card_names[card.name]}】"


def table_text(g, me: int) -> str:
    from core import engine as E
    from core import prims as P

    lines = [f"—— 第{g.round}轮，当前回合：{g.current} 号位 ——" if g.current >= 0 else "—— 游戏开始前：选将 ——"]
    for p in range(g.n):
        pl = g.players[p]
        general = (P.general_of(g, p) or ("白板",))[0]
        known = pl.role >= 0 and (p == me or pl.role == P.ROLE_LORD or not pl.alive)
        role = P.ROLE_NAMES[pl.role] if known else "？"
        equip = " ".join(card_text(g, c) for z in E.EQUIP_ZONES for c in g.zone_cards(z, p))
        judge = " ".join(card_text(g, c) for c in g.zone_cards(E.Z_JUDGE, p))
        state = "" if pl.alive else "（阵亡）"
        marker = "你 " if p == me else "   "
        lines.append(f"{marker}{p}号 {general} {role} 体力{pl.hp}/{pl.maxhp} 手牌{len(g.zone_cards(E.Z_HAND, p))}"
                     f"{' 装备:' + equip if equip else ''}{' 判定区:' + judge if judge else ''}{state}")
    hand = " ".join(card_text(g, c) for c in g.zone_cards(E.Z_HAND, me))
    lines.append(f"你的手牌：{hand or '（无）'}")
    return "\n".join(lines)


def run(args, input_fn=input, print_fn=print) -> int:
    from core import engine as E
    from core.agents import FirstPlayer, HumanAgent, RandomPlayer

    try:
        from core import prims as P
        import generated.identity as M
    except ImportError as exc:
        print_fn(f"sgs play: the engine is not generated yet ({exc}); run `sgs build`")
        return 2
    if not 0 <= args.seat < args.players:
        print_fn(f"sgs play: --seat must be between 0 and {args.players - 1}")
        return 2
    g = P.new_game(M, args.players, seed=args.seed, deck=args.deck)
    me = args.seat

    def names(game, d, o):
        if d.prompt == P.PROMPT_GENERAL and isinstance(o, int):
            name, faction, sex, hp, lord, skills = P.general_card(game, o)
            return f"{name}（{faction}，体力{hp}）" + "".join(f"〖{s}〗" for s in skills if "·" not in s)
        if isinstance(o, int) and 0 <= o < len(game.cards):
            return card_text(game, o)
        return str(o)

    human = HumanAgent(input_fn=input_fn, print_fn=print_fn, names=names)
    # the same players as `sgs simulate` (docs/decisions/0004-random-player.md)
    bots = RandomPlayer(args.seed) if args.agents == "random" else FirstPlayer()
    result = None
    try:
        while True:
            r = g.step()
            if r is None:
                print_fn("sgs play: the engine's step budget was spent; game abandoned")
                return 1
            if not isinstance(r, E.Decision):
                result = r
                break
            if r.who == me:
                print_fn(table_text(g, me))
                g.answer(human.choose(g, r))
            else:
                g.answer(bots.choose(g, r))
    except (EOFError, KeyboardInterrupt):
        print_fn("\nsgs play: input ended; game abandoned")
        return 1
    finally:
        if args.log:
            with open(args.log, "w", encoding="utf-8") as fh:
                fh.write("\n".join(g.log) + "\n")
            print_fn(f"log saved to {args.log}")
    winners = sorted(result.winners or ())
    print_fn(table_text(g, me))
    print_fn(f"游戏结束：{'、'.join(f'{p}号' for p in winners) or '无人'}获胜（{result.reason}）。"
             + ("你赢了！" if me in winners else "你输了。"))
    return 0


def main_args(sub):
    p = sub.add_parser("play", help="play one seat at the terminal against agents")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = the lord's seat)")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agents", default="random", help="the other seats: random | first")
    p.add_argument("--deck", default="标准版加军争")
    p.add_argument("--log", help="save the game's log (JSON lines) to this file")
    return p


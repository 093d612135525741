"""The numbers the scheduling core, the runtime's rooms, generated code and the tests share:
a frame's status codes and flags, counter scopes, zone kinds, suits and colours, decision kinds,
modifier modes and kinds.

Plain Python, never compiled: they are module constants wherever they are read (the hot paths
use the literal values, with a comment naming the constant). core.engine imports every one of
them, and most code reads them there (``E.Z_HAND``): they are the engine's vocabulary
(docs/core-api.md); this module only keeps them out of the engine's code.
"""
# program status codes
CONTINUE = 0   # run me again (pc was updated)
PUSH = 1       # I pushed a child frame; resume me when it is done
WAIT = 2       # I asked a decision (g.ask); resume me after g.answer()
DONE = 3       # I am finished; pop me
GAMEOVER = 4   # g.end_game() was called

# frame flags
F_TERMINATED = 1   # 终止: the flow stops at its next resumption (or jumps to term_pc)
F_PREVENTED = 2    # 防止: the flow program checks it and skips the effect
F_NULLIFIED = 4    # 无效: the skill/card resolution checks it
F_TURN = 8         # a turn frame (set by push_turn)
F_PHASE = 16       # a phase frame (set by push_phase)
F_EXTRA = 32       # an extra phase / extra turn
F_ASKING = 64      # its scratch holds the dying flow's flag list (health._dying_flag, which alone
                   # makes it, sets it): the timings of this flow may ask in an order (flow.fire)
F_USER = 256       # first bit free for generated code

# counter scopes
SC_PHASE = 0
SC_TURN = 1
SC_ROUND = 2
SC_GAME = 3

# built-in zone kinds (more can be registered with Ruleset.zone)
Z_DRAW = 0       # 牌堆
Z_DISCARD = 1    # 弃牌堆
Z_PROCESS = 2    # 处理区
Z_HAND = 3       # 手牌区
Z_WEAPON = 4     # 装备区: 武器栏
Z_ARMOR = 5      # 防具栏
Z_HORSE_ATK = 6  # 进攻坐骑栏 (-1)
Z_HORSE_DEF = 7  # 防御坐骑栏 (+1)
Z_TREASURE = 8   # 宝物栏
Z_JUDGE = 9      # 判定区
Z_GENERAL = 10   # 武将牌上/旁
EQUIP_ZONES = (Z_WEAPON, Z_ARMOR, Z_HORSE_ATK, Z_HORSE_DEF, Z_TREASURE)

# suits / colours
S_NONE = -1
SPADE = 0
CLUB = 1
HEART = 2
DIAMOND = 3
C_NONE = -1
BLACK = 0
RED = 1

# decision kinds
D_YESNO = 0     # answer: 0/1 (or bool)
D_OPTION = 1    # answer: index into options
D_CARDS = 2     # answer: sequence of distinct elements of options, lo <= len <= hi
                # (ordered decisions: the sequence's order is part of the answer)
D_PLAYERS = 3   # same, options are seats
D_TRIGGER = 4   # answer: a skill id from options, or -1 (pass) when can_pass
D_RESPOND = 5   # answer: a card id from options, or -1 (pass) when can_pass
KIND_NAMES = ("yesno", "option", "cards", "players", "trigger", "respond")

# modifier modes and built-in kinds
M_BASE = 0    # "A的X为N": replaces the initial value
M_DELTA = 1   # "+N/-N"
M_SET = 2     # "视为N" / 无限: replaces the final value
MK_DISTANCE = 0
MK_RANGE = 1
MK_HANDLIMIT = 2
MK_DRAW = 3
MK_POINT = 4

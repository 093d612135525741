# Declarations augmenting core/prims/roles.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in roles.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.prims.base cimport (
    Tables, Pick, X_CHOSEN, _AWAY, _PROBE, _TG, _Targeting, _done, new_pick,
    _event_ctx, _is_event, _player, timing_subject)
@cython.locals(pk=Pick)
cpdef object _group(Game g, object f, object v)
@cython.locals(tg=_Targeting)
cpdef object _tc_free(Game g, object who)
cpdef object owner(Game g, Frame f)
cpdef object all_players(Game g, Frame f)
cpdef object choose_one_character(Game g, Frame f, object group)
@cython.locals(out=list)
cpdef object in_attack_range(Game g, Frame f, object who, object group)
# in_attack_range under a pick of one in a card's 使用目标 (compiler.emit.FIRST_OF): up to the
# first legal target when the usability scan asks (_TG.first)
@cython.locals(tg=_Targeting)
cpdef object in_attack_range_one(Game g, Frame f, object who, object group)
cpdef object alive_characters(Game g, Frame f)
# a 使用目标's outermost filter of a pick of one (compiler.emit.FIRST_OF_FILTER): up to the first
# legal role when the usability scan asks (_TG.first; decision 0109)
@cython.locals(tg=_Targeting)
cpdef object at_distance_one(Game g, Frame f, object who, object x, object group)
@cython.locals(tg=_Targeting)
cpdef object characters_with_cards_in_areas_one(Game g, Frame f, object group)
@cython.locals(tg=_Targeting)
cpdef object characters_with_equipment_of_category_one(Game g, Frame f, object cat, object group)
@cython.locals(tg=_Targeting)
cpdef object characters_with_hand_one(Game g, Frame f, object group)
cpdef object seat_number(Game g, Frame f, object who)
cpdef object hand_limit(Game g, Frame f, object who)
cpdef object _regroup(object orig, object roles)
@cython.locals(pk=Pick)
cpdef object _group_keep(Game g, object f, object v)
# primitives generated code calls at every use, need, move or turn (decision 0028)
@cython.locals(pl=Player)
cpdef bint is_dead(Game g, Frame f, object who) except -1
cpdef object system_actor(Game g, Frame f)
cpdef object hp(Game g, Frame f, object who)
cpdef object armor(Game g, Frame f, object who)
cpdef bint is_face_down(Game g, Frame f, object who) except -1
cpdef object draw_count(Game g, Frame f, object who)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef object it(Game g, Frame f)
cpdef object choose_up_to_n_characters(Game g, Frame f, object n, object group)
cpdef object choose_between_n_characters(Game g, Frame f, object lo, object hi, object group)
@cython.locals(pl=Player, out=list)
cpdef object wounded_characters(Game g, Frame f, object group)
cpdef object characters_with_hand(Game g, Frame f, object group)
cpdef object other_faction_characters(Game g, Frame f, object faction)
# a role's declared general, its sex and faction (the conditions of 〖激将〗/〖护驾〗 …, asked for
# every living role at a conversion's test: step 86b): C calls, where each was a Python call
cpdef object _declared(Game g, object p)
cpdef object _sex(Game g, object p)
cpdef object _faction(Game g, object p)
cpdef object player_count(Game g, Frame f)
cpdef object max_hp(Game g, Frame f, object who)
cpdef bint is_chained(Game g, Frame f, object who) except -1
cpdef object identity(Game g, Frame f, object who)
cpdef object set_hp(Game g, Frame f, object strict, object who, object x)
cpdef object characters_with_cards_in_areas(Game g, Frame f, object group)
@cython.locals(tg=_Targeting)
cpdef object at_distance(Game g, Frame f, object who, object x, object group)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_ARMOR, S_AVATAR, S_CHOSEN, S_SUIT, V_WITH
# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_DAMAGE, EVI_TARGET_USE, EVI_USE
cpdef object _mod_draw(Game g, object owner, int a, int b)
cpdef object _mod_draw_set(Game g, object owner, int a, int b)
# the living roles' reads (one_alive, all_dead, sole_survivor, and the role filters generated code
# calls): Player and Frame fields as C reads, not attribute lookups by name
@cython.locals(pl=Player, fr=Frame)
cpdef bint _survives(Game g, Py_ssize_t p) except -1
@cython.locals(pl=Player, out=list, p=Py_ssize_t)
cpdef object characters_with_roles(Game g, Frame f, object r1, object r2)
@cython.locals(pl=Player, out=list)
cpdef object dying_characters(Game g, Frame f, object group)
# … and the primitives generated code called by name (P.<name>: a module attribute lookup and a
# Python call each) ten times or more in `sgs bench --what instructions`' six games (step 82)
cpdef object characters_with_equipment_of_category(Game g, Frame f, object cat, object group)
cpdef object male_characters(Game g, Frame f, object group)
cpdef object draw_count_set(Game g, Frame f, object strict, object who, object x)
cpdef object set_chained(Game g, Frame f, object strict, object who, object v)
cpdef bint all_dead(Game g, Frame f, object group) except -1
cpdef object current_player(Game g, Frame f)
cpdef object remove_every_mark(Game g, Frame f, object strict, object who, object tgt)
cpdef object generals_of(Game g, Frame f, object who)
cpdef object choose_n_characters(Game g, Frame f, object n, object group)
cpdef object other_players(Game g, Frame f)
cpdef object characters_with_role(Game g, Frame f, object role)
cpdef object last_chosen(Game g, Frame f)
cpdef object first_chosen(Game g, Frame f)

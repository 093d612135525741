# Declarations augmenting core/prims/cards.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in cards.py.

cimport cython
from core.engine cimport Card, Game, Frame, VCard
from core.prims.base cimport Pick, Tables, X_CARDS, X_JCARD, _VBASE
@cython.locals(out=list)
cpdef tuple _cards_phys(Game g, object v)
@cython.locals(out=list, t=object, n=Py_ssize_t, i=Py_ssize_t)
cpdef object _frozen(list r)
# a new virtual card: a C call from every room that makes one (use.create_virtual_card …)
cpdef object _new_vcard(Game g, object name, object cards=*, object user=*)
@cython.locals(w=long)
cdef tuple _one_card(object c)
@cython.locals(pk=Pick)
cpdef object _cards(Game g, object f, object v)
@cython.locals(kl=list, h=Py_ssize_t)
cpdef object _kind_ok(Game g, object have, object want)
@cython.locals(t=Tables, kl=list, kd=dict, i=Py_ssize_t)
cpdef list _kinds_by_id(Game g)
cpdef object _name_cat(Game g, object name, object v)
cpdef object phys_suit(Game g, object c)
@cython.locals(sid=Py_ssize_t)
cpdef bint _suit_rules_held(Game g) except -1
cpdef object phys_color(Game g, object c)
# a physical card's suit and colour as the rules read them (phys_suit, phys_color) as C ints, the
# suit rules' test (_suit_rules_held) made once by the caller for all the cards it reads (step 239)
cdef int _phys_suit_c(Game g, object c, bint held) except? -9
cdef int _phys_color_c(Game g, object c, bint held) except? -9
# a card's and cards' colour: C calls from card_is and color (step 273h: Python calls, ~250 in the
# bench's 30 games); color and same_color C calls from the units (they called P.<name>)
cdef object _color1(Game g, object c)
cdef object _cards_color(Game g, object cards)
cpdef object color(Game g, Frame f, object cs)
cpdef bint same_color(Game g, Frame f, object cs) except -1
cpdef object _card_name_any(Game g, object c)
cpdef object _card_name(Game g, object c)
@cython.locals(t=Tables, infos=list, i=Py_ssize_t, nm=int)
cpdef object _card_info(Game g, object c)
@cython.locals(pk=Pick)
cpdef object count_cards(Game g, Frame f, object cs)
cpdef bint is_delayed_trick(Game g, Frame f, object c) except -1
cpdef bint is_faction_trick(Game g, Frame f, object c) except -1
cpdef bint card_name_is(Game g, Frame f, object c, object name) except -1
cpdef bint card_is(Game g, Frame f, object c, object v) except -1
cpdef object physical_cards(Game g, Frame f, object c)
cpdef bint is_equipment(Game g, Frame f, object c) except -1
cpdef int card_kinds(Game g, Frame f, object c) except -1
# the existence checks of an optional skill (compiler lower.skill_needs), their values one tuple,
# and the candidates of a choice they count
cpdef object _candidates(Game g, Frame f, Pick v)
cpdef bint _enough(Game g, Frame f, Pick v, Py_ssize_t need) except -1
@cython.locals(pk=Pick)
cpdef bint _objects_exist(Game g, Frame f, tuple vals) except -1
cpdef bint _roles_exist(Game g, Frame f, tuple vals) except -1
cpdef bint _choices_exist(Game g, Frame f, tuple vals) except -1
cpdef bint _actors_alive(Game g, Frame f, tuple vals) except -1
# 〖离间〗's condition: an order of the roles its effect can use (step 273b: a Python call of a
# def with *args, the rooms' names looked up and itertools imported at each of ~100 asks)
@cython.locals(pk=Pick, k=Py_ssize_t)
cpdef bint _orders_exist(Game g, Frame f, object guard, tuple vals) except -1

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_VC, V_ALIVE, V_ALLHAND, V_CARDS, V_COLOR, V_COUNTERED, V_DMG, V_EXTRA, V_HITS
cdef Py_ssize_t V_IGNORE, V_INEFF, V_METHOD, V_NAME, V_NODIST, V_NORESP, V_POINT, V_SRC, V_SUIT
cdef Py_ssize_t V_TARGETS, V_TPLUS, V_USER, V_WITH
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object point_of(Game g, Frame f, object c)
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef bint differ(Game g, Frame f, object a, object b) except -1
cpdef object suit(Game g, Frame f, object c)
cpdef object card_named(Game g, Frame f, object name)

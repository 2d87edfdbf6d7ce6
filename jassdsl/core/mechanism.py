"""What a mechanism of a hand is, as one record: the shape every layer reads.

A mechanism (robbing, taking part, bettering, ...) carries everything about it in one
module of `jassdsl/mechanisms/`: its statements (grammar lines, how they are built,
their nodes), its check, its compiled settings, its phase and events, how the terminal
asks for its actions, how the browser table labels them, how the terminal tells its
events, how the heuristic bot decides, and how the rulebook describes it, in its own
words. `jassdsl.mechanisms.MECHANISMS` lists them in hand order.

The layers never import `jassdsl.mechanisms`: they take the list by injection. The top
of the package (`jassdsl/__init__.py`) installs it here once, the parser, the checker
and the compiler take it as a parameter (the installed list by default), and the
compiled rules carry it to everything that plays a game (the chain, the bots, the
terminal, the browser table, the rulebook, the action space). This module holds only
the record and the slot; it imports no layer.

Writing a mechanism (`jassdsl/mechanisms/rob.py` is the model to copy):

1. Make `jassdsl/mechanisms/NAME.py` and list its record in `MECHANISMS`
   (`jassdsl/mechanisms/__init__.py`) at its place in the hand. Nothing else in the
   package names it.
2. `grammar`: its statements in Lark, appended to `jassdsl/language/grammar.lark` when the
   parser is built. Add each statement to the statement list with
   `%extend _statement: NAME_rule`, then define the rules; they may use everything the
   base grammar defines (`value`, `rank`, `expr`, `target`, `ID`, `INT`, `STRING`).
   Begin every rule and alias name with the mechanism's name, so no two fragments (and
   no base rule) share one. Every statement begins with its own keyword.
3. `build`: per rule or alias name of the fragment, `(meta, children) -> object`: the
   node the statement becomes (`jassdsl.language.syntax.pos_of(meta)` is its position,
   `syntax.word(token)` a word), or the piece a bigger rule of the fragment takes.
4. Its statement nodes are classes of its module, subclasses of `jassdsl.core.model.Node`
   (each has a `pos`; a property `reported_at` says where a second one is reported).
   `statements` maps each to how an error names it when it comes twice (it may come
   once); `repeated` lists those that may come more than once. The checker puts them
   on the rule file in file order, under the mechanism's name: `rf.part(NAME, Node)`
   reads the first, `rf.parts_of(NAME, Node)` all. The one walk over the model enters
   them (options they name shape the compiled rules as everywhere else).
5. `words`: its sentences, `key: (English, German)`, as in `rulebook/words.py` (whose
   `say` finds them; the keys must be new). The same fields in both languages.
6. Its events are dataclasses of its module subclassing `jassdsl.engine.events.Event`;
   its phase (a `jassdsl.engine.phase.Phase`) emits them and `narrate` tells them.
7. The rest as the fields below say: `check(checker, rf)`, `compile(rf, options)` to
   its own config (read back with `rules.config(NAME, Config)`), `phase` (its
   `Phase.place` says where the chain puts it: before play, in play as a subscriber of
   play's hooks, or a keeper; its part of the state goes in `State.parts[phase.name]`;
   whom it asks is public, so a question only some seats' hidden cards make worth
   asking is a `jassdsl.engine.phase.Offer`, put to every seat; a phase that waits for
   actions says in `Phase.kinds_asked` which kinds its `legal` can ever offer in the
   file, read from the compiled rules: the research action space numbers only those),
   `kinds` of actions (`yes_no`: answered 1 or 0; `codec`: those that carry a card or
   nothing, as `ActionKind`s, so every front end writes and reads them), `prompt`,
   `label`, `policy`, `describe` per rulebook section (`"trump"`, `"declare"`);
   `messages`: its check's error templates `(English, German)`, which `errors_de` reads
   back. `jassdsl/mechanisms/passing.py` is a before-play phase built so, touching
   nothing else of the package (`tests/test_footprint.py` holds every mechanism to it).
   `self_contained`: nothing else in a file refers to its statements, so the checker
   reads on when a syntax error hides one. The syntax highlighter takes its keywords
   from `grammar`.
8. `trump`: a way to set trump it adds to the `trump:` statement (`TrumpWay`;
   `jassdsl/mechanisms/void_names.py` is the model). Its grammar line extends the
   methods: `%extend trump_method: ... -> NAME_trump`, whose builder makes an
   `m.TrumpMethod` of `kind` NAME (modes, fallback and piles compile as any method's,
   into `CompiledRules.trump_kind`, `trump_choices`, `fallback`). Its check reports what
   the way does not allow (`rf.trump.kind == NAME`); its phase plays it (`used_by`:
   `rules.trump_kind == NAME`); `TrumpWay.fast` puts its files on the fast playout,
   `TrumpWay.called` says a player names the mode, `TrumpWay.card_sets` that a card
   off the suit led sets it; `told` and `story` say how it was set in a hand (at the
   terminal, in the rulebook's example); the words `trump.NAME` and `short.NAME` say
   the method in the rulebook. A mechanism adding several alternatives names their
   kinds in `TrumpWay.kinds` (`jassdsl/mechanisms/schedule.py`); `own_modes` says its
   check reads the method's mode words, `plays` the modes nobody chooses, `short` its
   words in the overview.
Then a fixture under `tests/fixtures/language/`, its tests, and a section in both
`docs/*/language.md`.

What the other layers read of it, through hooks that name no mechanism (`python
scripts/footprint.py` lists, per mechanism, the package files outside its module that
still name it):
  - `Phase.record` / `Phase.observe` fill its part of hand records and observations
    (under `Phase.part_key`); `defaults` declares their keys with the value each has
    where a file lacks the mechanism, so `HandResult.KEY` and `Observation.KEY` read
    them by name, and `cards` those holding cards (the JSON names them). To show a key
    flat in `Observation.as_dict`, name it in `shows` (the public list `observation.keys()`
    is the engine's own keys and then these, in list order).
  - Sides formed per hand: its phase answers `Phase.partners(table)` (per seat, its
    side's number in this hand) and `partners` names the key of its parts holding it.
    The end of the hand then adds each side's card points, tricks and cards up for each
    of its players (`HandFacts.side`), the Weis is compared between the sides and a
    side's Weis and Stöck count for each player (`engine/partners.py`), the scoring's
    `last` and `trick(K)` ask whether the subject's side took the trick, the bots play
    with the seats of their side, and the terminal and the rulebook's example say each
    side once (`partners_in`).
  - `Phase.changes_hands`: it changes the hands before play; play then keeps the hands
    as it begins (`State.in_hands`; its record may show them as `in_hands`), and the
    Stöck is read there.
  - A part that holds cards a seat may not see, or that derives something from the
    hands, answers the searching bot's deals (`engine.determinize`): `Phase.hidden`
    (the places of its part holding cards the seat cannot see: a face-down pile, cards
    laid away out of its sight), `Phase.known` (cards of its part whose place the seat
    knows: a talon it took, a declared Weis), `Phase.unseen_dealt` (cards dealt to the
    seat that it never saw: its table cards face down), `Phase.joined` (cards that joined
    a hand during play, which a replay of the hand's tricks leaves out before) and
    `Phase.redeal` (carry its part over to
    the cards dealt anew, `engine.redeal.Redeal`, and derive again what it derived from
    the hands: the Weise a seat may still declare). `tests/test_search_bot.py` plays
    twin games that differ only in what a seat cannot see.
  - `bid_gain(game, view, mode table)`: what it adds to the points a bidder expects to
    make in a mode (the bots' bids: a talon's cards).
  - `example(lang, rules, hand record)`: its lines in the rulebook's worked example,
    once trump is set; `example_points(lang, rules, hand record)`: the card points it
    gives a side besides its tricks, and the words saying so on the points line.
  - Added with the scoresheet (`jassdsl/mechanisms/sheet.py`): `TrumpWay.chosen`,
    `choices`, `words_of`, `section` (a method a player chooses from the mechanism's
    config, said in the trump section); `Phase.ends_game` (the game cannot go on, or
    goes on whatever the file's end says; a statement's end is `GameEnd(by=NAME)`);
    `Phase.kept_as`/`kept`/`restore` (what it keeps from hand to hand, for positions);
    `calls`, `status`, `Prompt.shows`, `board`, `actions`, `fact_needs` (the fields
    below); `Node.free_text` (a node's fields of free text, made inert by the rulebook).
  - `compile_conditions(rf, options, compiler)`: a config holding conditions of the file
    compiled to functions (the compiler of expressions, `compile/exprsource.py`, is made
    after the plain configs); the config goes with the others into `configs`.
  - `empties_seats`: players leave the table during a game (its `Phase.ends_game` ends
    it when one is left): the checks of the deal and the piles try every number of players down to two,
    and a seat of a recorded deal may hold no cards.
  - `uses_piles`: it works on the cards left over after the deal, which the base lays
    as the file's piles (`engine/piles.py`): the chain then keeps the piles' part of
    the state, where its phase finds them and records what it did with them.
    `out_of_play`: cards may stay out of a hand's play (folded hands, cards laid away,
    the hands of players who left), so an invariant on what a hand is worth is not
    checked against the whole deck.
  - `hand_lines(lang, rules, hand record, names)`: its lines at the end of the terminal's
    report of a finished hand; `tell_end(lang, rf, speaker, short)`: how the game ends,
    in the rulebook's end section (`short`: in the overview and the comparison), said
    instead of the `game ends` statement; the rulebook's `Speaker` lists the lets and
    options the sentence names under "where".
  - Added with the auction (`jassdsl/mechanisms/auction.py`):
  - `declares`: its actions are values of a declaration or a pass (an auction's bids):
    the random bot draws them as it draws a declared value.
  - `Phase.named_mode(table)`: a mode its actions named before trump is set (a bid's):
    the trump phase sets it without asking.
  - `Phase.asks(declaration)`: its phase asks for that declaration in its own turns (an
    auction's bids, a call ending it): the declarations' phase leaves it out.
  - `example_call(lang, rules, event)`: its line for one of its events (a bid, a pass)
    among the calls of the rulebook's example that tell how trump was set.
  - `gives`: the roles of `core/roles.py` (need "mechanism") its phase gives to a seat,
    with whether a file gives them (the checker's "nobody is 'bidder' in this file", the
    compiler's `roles_made`).
  - `warnings(rule file, path)`: what a valid file likely does not mean about it (a team
    sum of an auction's bids); the general warnings skip the places it warns about.
  - `declaration_words(declaration)`: for a declaration its phase asks for (the auction's
    bids), the word keys of the rulebook's sentence saying when and how, and of the word
    for a value said ("bid"); the rest of the declaration is said as any other's.
  - `declaration_notes(lang, rule file, declaration)`: sentences it adds to a
    declaration's in the rulebook, after the first (what an option's choices change).
  - `table(game, seat, lang)`: its entries of the browser table's state, as the page's
    script reads them (the Weise on offer and those declared).
  - `trick_notes(rules, hand record, lang)`: per trick of the hand, a note the terminal's
    hand report adds to its line ('' for none: the table Weis lying in it).
  - `report(rules, hand record, names, lang)`: its lines in the terminal's report of a
    hand that counted bonuses (`Phase.bonuses`), before what each bonus scored (the
    Weise declared); asked of every mechanism the rules carry.
  - `names(rule file)`: the names its statements give in a file (Weis tables), which
    `names in german` may translate.
  - `section(lang, variant)`: a section of its own in a variant's rulebook page, after
    the declarations (the Weis tables); `short(lang, rule file)`: the items it adds to
    what a hand brings besides the cards on the comparison page, each with the option it
    depends on (None: always) and the option's values under which it counts.
  - `Phase.bonuses(table, facts)`: the bonus facts its phase counted in the hand, per
    subject (`HandResult.bonuses`: Weis, Stöck, table Weis).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from jassdsl.core.actions import BASE_KINDS, ActionKind, add_kinds
from jassdsl.core.errors_de import add_messages
from jassdsl.core.lang import Lang

if TYPE_CHECKING:
    from jassdsl.core import model as m
    from jassdsl.core.actions import Action


class PhaseKind(Protocol):
    """What this record and the layers below the engine read of a mechanism's phase class
    (`jassdsl.engine.phase.Phase`, which lies above: the engine imports this module)."""

    name: ClassVar[str]
    place: ClassVar[str]
    part_key: ClassVar[str]
    changes_hands: ClassVar[bool]

    @classmethod
    def used_by(cls, rules: Any) -> bool: ...


# The engine's `Game`: the engine lies above this module (it imports it), so its class
# is not named here; a mechanism's callables take the game itself.
Game = Any

# Callables take the layer's own objects; `Any` where the layer's class lies above this
# module (the game, the checker, the narrator, the table's words, the bot's view).
Check = Callable[[Any, "m.RuleFile"], None]  # (Checker, rule file): reports errors
Compile = Callable[["m.RuleFile", dict[str, "int | str"]], object | None]  # -> config
Narrate = Callable[[Any, Any], list[str]]  # (Narrator, event) -> the lines it says
Describe = Callable[[Lang, "m.RuleFile"], list[str]]  # the rulebook's lines
Policy = Callable[[Game, Any, list["Action"]], "Action"]  # (game, View, legal) -> choice
BidGain = Callable[[Game, Any, Any], float]  # (game, View, ModeTable) -> points expected
Example = Callable[[Lang, Any, Any], list[str]]  # (lang, rules, HandResult) -> lines
ExamplePoints = Callable[[Lang, Any, Any], tuple[int, str]]  # -> (card points, words)
Label = Callable[[Any, "Action"], str]  # (the table's Words, action) -> a button's label
Build = Callable[[Any, list[Any]], Any]  # (Lark's meta, children) -> a node or a piece
Told = Callable[[Any, Any, Sequence[Any], Sequence[str], Lang], str]
# (rules, the hand's result, its events, the seats' names, lang) -> how trump was set
Story = Callable[[Lang, Any], list[str]]  # (lang, the rulebook's Variant) -> its lines
Call = Callable[[Lang, "m.RuleFile", Any, Callable[[int], str], str], str]
# (lang, rule file, event, a seat's name, "live" or "example") -> the words of the call
Status = Callable[[Any, Any, Sequence[str], Lang], list[str]]
# (rules, the seat's Observation, the seats' names, lang) -> lines
Board = Callable[[Any, Any, Any, Sequence[str], dict[str, Any]], None]
# (game, Observation, the table's Words, the seats' names, the panel's dict to fill)
CompileConditions = Callable[["m.RuleFile", dict[str, "int | str"], Any], object | None]
# (rule file, options, the expressions' Compiler) -> config
HandLines = Callable[[Lang, Any, Any, Sequence[str]], list[str]]
# (lang, rules, HandResult, the seats' names) -> the lines closing a hand's report
TellEnd = Callable[[Lang, "m.RuleFile", Any, bool], str]
# (lang, rule file, the rulebook's Speaker, short) -> how the game ends ("": not by it)
ExampleCall = Callable[[Lang, Any, Any], "str | None"]  # (lang, rules, event) -> a line
Warn = Callable[["m.RuleFile", str], list[Any]]  # (rule file, path) -> RuleErrors (warnings)
TableState = Callable[[Game, int, Lang], dict[str, Any]]  # (game, seat, lang) -> entries
TrickNotes = Callable[[Any, Any, Lang], list[str]]  # (rules, HandResult, lang) -> per trick
Report = Callable[[Any, Any, Sequence[str], Lang], list[str]]
# (rules, HandResult, the seats' names, lang) -> lines
Short = Callable[[Lang, "m.RuleFile"], list[tuple[str, "m.Option | None", list[str]]]]
# (lang, rule file) -> (item, the option it depends on or None, the option's values it counts under)


@dataclass(frozen=True)
class Prompt:
    """How the terminal asks a person for the mechanism's decision."""

    ask: Callable[[Game, Lang], str]  # the question ending the prompt
    choices: Callable[[Game, list[Action], Lang], str] | None = None  # the legal ones
    read: Callable[[Game, str, list[Action]], Action | str | None] | None = None
    # an entry read as an action (or a sentence why not); None: read as any other
    # -- added for the scoresheet
    shows: Callable[[Game, Any, Sequence[str], Lang], list[str]] | None = None
    # (game, the seat's Observation, the seats' names, lang): lines said before the choices


@dataclass(frozen=True)
class TrumpWay:
    """A way a hand gets its trump that a mechanism adds to the `trump:` statement. Its
    grammar lines add the alternative (`%extend trump_method: ... -> NAME_trump`), whose
    builder makes an `m.TrumpMethod` of `kind` the mechanism's name: the file's
    `rf.trump.kind` and `CompiledRules.trump_kind`. Its check, config and phase are the
    mechanism's own; the rulebook says it with the mechanism's words `trump.NAME` (the
    trump section: `{fallback}`, `{modes}`) and `short.NAME` (the overview)."""

    fast: bool = False  # the fast playout's loop plays its hands (its phase's `quiet` and
    # `calm` say when it acts); False: the games of its files go through `Game.apply`
    called: bool = False  # a player names the mode with an ordinary trump action (`trump
    # M`, its phase named "trump"): the terminal tells who, and a trick in which it is
    # named is no trick case of the corpus (the cards do not say it)
    card_sets: bool = False  # while no trump is set, a card played off the suit led
    # makes its suit trump (its phase does it in play's `on_card`): the bots weigh such a
    # card, the corpus tags it, the table Weis counts trump from its trick, and every suit
    # is a mode a hand may be counted in
    told: Told | None = None  # how the terminal says trump was set ("trump H (...)")
    story: Story | None = None  # how the rulebook's example says it
    # -- added for the scoresheet
    chosen: bool = False  # a player chooses the mode before play (and may push): the role
    # `chooser` is made, who may lead; the terminal and the example tell the calls
    choices: Callable[[Any], tuple[int, ...]] | None = None  # the modes a player may
    # choose, from the mechanism's config (`CompiledRules.trump_choices`); None: the
    # method's own mode words
    words_of: Callable[[m.RuleFile], tuple[m.Word, ...]] | None = None  # the mode words a
    # file's method offers where they are not its own (the trump tables a page shows)
    section: Describe | None = None  # the rulebook's lines for the method in the trump
    # section (None: the word `trump.NAME`)
    # -- added for the schedule (trump by the hand's number)
    kinds: tuple[str, ...] = ()  # the method kinds it adds besides its name (one
    # mechanism may add several alternatives of `trump:`: `trump: obenabe`, `trump: in turn`)
    own_modes: bool = False  # its check checks the method's mode words (else the
    # checker checks them as a player's choice, and the compiler reads them as choices)
    plays: Callable[[Any], tuple[int, ...]] | None = None  # (compiled rules) -> the modes
    # its hands are played in though nobody chooses them (`CompiledRules.playable_modes`)
    short: Callable[[Lang, m.RuleFile], str] | None = None  # the overview's words
    # for the method (None: the word `short.KIND`)


@dataclass(frozen=True)
class Gives:
    """Roles (`jassdsl/core/roles.py`, need "mechanism") that a mechanism's phase gives to
    a seat: it writes the holder's seat into `State.roles`; the checker and the compiler
    ask `held` whether a file gives them to anybody."""

    roles: tuple[str, ...]  # the roles' names
    held: Callable[[m.RuleFile], bool]  # whether a file uses the mechanism that gives them
    need: str  # what a file must have for anybody to hold them, as an error says it
    kind: str = "role"  # the kind of that error


@dataclass(frozen=True)
class Reference:
    """A mechanism's paragraph in the language reference, in both languages, with an
    example (a rule file's lines) that the tests check and play a hand of."""

    text_en: str
    text_de: str
    example: str


@dataclass(frozen=True)
class Syntax:
    """Its statements: grammar lines, builders, nodes (the parser and the model read them)."""

    grammar: str = ""  # its statements' grammar lines (Lark), appended to grammar.lark
    build: Mapping[str, Build] = field(default_factory=dict)  # per rule name of `grammar`
    statements: Mapping[type[m.Node], str] = field(default_factory=dict)
    # the statement nodes it owns, at most once each, as an error names them
    repeated: tuple[type[m.Node], ...] = ()  # ... and those a file may have several of
    self_contained: bool = False  # nothing else in a file refers to its statements
    names: Callable[[m.RuleFile], set[str]] | None = None  # the names its statements give
    # a file (`names in german` may give each a German word)


@dataclass(frozen=True)
class Checks:
    """What the checker asks of it: its check, error templates, warnings, the roles and facts it
    gives a file (so a file lacking it is refused with the reason)."""

    check: Check | None = None
    messages: tuple[tuple[str, str], ...] = ()  # its check's error templates, (en, de):
    # `{a}`-style fields, read back to say an error in German (`core/errors_de.py`)
    warnings: Warn | None = None  # what a valid file says of it that it likely does not
    # mean: rule errors of a kind of their own that do not stop the file
    # (`check.file_warnings`)
    gives: Gives | None = None  # the roles its phase gives to a seat (the highest bidder)
    fact_needs: Callable[[str, m.RuleFile], str | None] | None = None  # a fact of the
    # scoring language it gives (`multiplier`): what a file lacking it must add, else None
    kept_names: Callable[[m.RuleFile], tuple[str, ...]] | None = None  # names of numbers
    # about the table its statements give a file, known before the first card of a hand:
    # expressions read them from `HandFacts.kept`, which its phase fills (`add_facts`)


@dataclass(frozen=True)
class Runtime:
    """What the compiler and the engine play of it: its config, phase, action kinds and the keys
    of its record and observation parts (the state it keeps in a game)."""

    compile: Compile | None = None  # its config from the file (None: the file lacks it)
    compile_conditions: CompileConditions | None = None  # its config, compiling the
    # file's conditions (None: the file lacks it); after `compile`
    phase: type[PhaseKind] | None = None  # its phase, at its place (`Phase.place`): before
    # play, in play (a subscriber of play's hooks) or a keeper, in the list's order
    kinds: tuple[str, ...] = ()  # the action kinds it asks for
    codec: tuple[ActionKind, ...] = ()  # ... of them, those that carry no number (a
    # card: `give DA`, none: `fold`), which every front end then writes and reads so
    yes_no: tuple[str, ...] = ()  # ... of them, those answered yes (1) or no (0)
    defaults: Mapping[str, Any] = field(default_factory=dict)  # the keys of its parts of
    # hand records and observations, each with its value where a file lacks it
    cards: tuple[str, ...] = ()  # ... of them, those holding cards (named in the JSON)
    shows: tuple[str, ...] = ()  # ... of them, those an observation's dict shows flat
    # (`Game.observation`: public keys, documented in docs/*/engine-authors.md)
    shows_used: tuple[str, ...] = ()  # ... and those it shows flat only for a file that
    # uses it (cards per seat, by name): the other files' dicts stay as they were
    tensor: Any = None  # its pieces of the research vector, for a file using it
    # (`research.tensors.Pieces`: `pieces(rules)`, `ones(obs, start)`)
    partners: str = ""  # forms sides per hand: the key of its parts saying each seat's side
    empties_seats: bool = False  # players leave the table during a game
    uses_piles: bool = False  # works on the piles (takes, robs or betters from them): the
    # chain keeps the piles' part of the state even where the file lays no pile
    out_of_play: bool = False  # cards may stay out of a hand's play (folded, laid away,
    # not dealt to a player who left): a hand may be worth less than every card's points
    actions: Callable[[Any], list[Action]] | None = None  # every action of its kinds a
    # file's games may offer (the research action space)


@dataclass(frozen=True)
class Terminal:
    """How the terminal asks a person for its decisions and tells its events and state."""

    prompt: Prompt | None = None
    narrate: Mapping[type[Any], Narrate] = field(default_factory=dict)  # per event type
    calls: Mapping[type[Any], Call] = field(default_factory=dict)  # per event type: how
    # the terminal's hand summary ("live") and the rulebook's example ("example") say it
    # among the pushes and the trump choice (the example shows the events of these types)
    status: Status | None = None  # the lines the terminal shows of its state at the deal
    hand_lines: HandLines | None = None  # its lines closing the terminal's hand report
    trick_notes: TrickNotes | None = None  # per trick, a note on the terminal's hand report
    report: Report | None = None  # its lines in the terminal's report of a hand with bonuses
    view_lines: Status | None = None  # the lines the terminal shows with a seat's hand at
    # every decision of it (what lies openly on the table besides the trick)
    apart: Callable[[Any], tuple[int, ...]] | None = None  # the seat's own cards it shows
    # in a row of their own, not in the hand (its face-up table cards): the terminal and
    # the browser show them there alone, still playable


@dataclass(frozen=True)
class Browser:
    """How the browser table labels its actions and shows its state."""

    label: Label | None = None
    board: Board | None = None  # fills its part of the browser table's score panel
    table: TableState | None = None  # its entries of the browser table's state (JSON)


@dataclass(frozen=True)
class Bots:
    """How the bots decide its questions and weigh it in their bids."""

    policy: Policy | None = None
    bid_gain: BidGain | None = None  # what it adds to a bidder's expected points in a mode
    declares: bool = False  # its actions are values of a declaration, or a pass (a bid):
    # the random bot draws a value around a fair share, as for a declaration, and passes
    # below it
    uncovers: Callable[[Any], tuple[int, ...]] | None = None  # the seat's cards whose
    # play turns a hidden card up: the heuristic bot plays one among equally cheap cards


@dataclass(frozen=True)
class Rulebook:
    """How the rulebook says it: its words in both languages, its sections, its lines in the
    worked example, and its reference paragraph in docs/*/language.md."""

    words: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # (en, de) by key
    describe: Mapping[str, Describe] = field(default_factory=dict)  # per rulebook section
    example: Example | None = None  # its lines in the rulebook's worked example
    example_points: ExamplePoints | None = None  # card points it gives besides the tricks
    tell_end: TellEnd | None = None  # how the game ends, in the rulebook
    example_call: ExampleCall | None = None  # its words for one of its events in the
    # rulebook's example, among the calls that tell how trump was set (a bid, a pass)
    # where its phase asks for a declaration (an auction's bids): the rulebook's word keys
    # of its first sentence (when and how it is said) and of the word for a value said
    declaration_words: Callable[[m.Declaration], tuple[str, str] | None] | None = None
    # ... and the sentences it adds after that first one (what an option's choices change)
    declaration_notes: Callable[[Lang, m.RuleFile, m.Declaration], list[str]] | None = None
    section: Story | None = None  # a section of its own in a variant's rulebook page
    short: Short | None = None  # what it adds to the bonuses of the rulebook's comparison
    reference: Reference | None = None  # its paragraph and example in docs/*/language.md


@dataclass(frozen=True)
class Mechanism:
    """One mechanism of a hand: its name and one part per layer (each part's defaults do
    nothing, so a mechanism states only what it adds). Read a hook from its part,
    `x.runtime.phase`: a flat name (`x.phase`) is no attribute of the record.

    Hooks one mechanism alone uses (24 of 55; a new one is admitted when a second needs
    it): syntax.names, checks.warnings/gives/fact_needs/kept_names, runtime.partners/
    empties_seats/actions/shows_used/tensor, terminal.calls/trick_notes/report/view_lines/
    apart, bots.bid_gain/declares/uncovers, rulebook.example_points/tell_end/example_call/
    declaration_words/declaration_notes/short (`tests/test_mechanism_parts.py` counts them)."""

    name: str  # the key of its config in `CompiledRules.configs`, of its statements in
    # `RuleFile.parts`
    syntax: Syntax = field(default_factory=Syntax)
    checks: Checks = field(default_factory=Checks)
    runtime: Runtime = field(default_factory=Runtime)
    terminal: Terminal = field(default_factory=Terminal)
    browser: Browser = field(default_factory=Browser)
    bots: Bots = field(default_factory=Bots)
    rulebook: Rulebook = field(default_factory=Rulebook)
    trump: TrumpWay | None = None  # the trump method it adds (its `kind`: `name`)

    @property
    def phase_name(self) -> str:
        return self.runtime.phase.name if self.runtime.phase is not None else ""

    @property
    def part_key(self) -> str:
        """Its key in the parts of hand records and observations (`Phase.part_key`)."""
        return self.runtime.phase.part_key if self.runtime.phase is not None and self.runtime.phase.part_key \
            else self.name

    @property
    def owns(self) -> tuple[type[m.Node], ...]:
        """Every statement node it owns."""
        return (*self.syntax.statements, *self.syntax.repeated)

    @property
    def first_words(self) -> tuple[str, ...]:
        """The keyword each of its statements begins with."""
        extended = re.findall(r"^%extend\s+_statement\s*:(.*)$", self.syntax.grammar, re.M)
        rules = [r for line in extended for r in re.findall(r"\w+", line)]
        return tuple(dict.fromkeys(
            w for r in rules for w in re.findall(rf'^{r}\s*:\s*"(\w+)"', self.syntax.grammar, re.M)))

    @property
    def keywords(self) -> tuple[str, ...]:
        """Every keyword of its grammar lines."""
        return tuple(dict.fromkeys(re.findall(r'"([A-Za-z][A-Za-z0-9_]*)"', self.syntax.grammar)))


PART_KINDS: tuple[tuple[str, type], ...] = (
    ("syntax", Syntax),
    ("checks", Checks),
    ("runtime", Runtime),
    ("terminal", Terminal),
    ("browser", Browser),
    ("bots", Bots),
    ("rulebook", Rulebook),
)


def at_phase(mechanisms: Sequence[Mechanism], phase: str, rules: Any = None
             ) -> Mechanism | None:
    """The mechanism whose phase waits under this name, if any; given the compiled rules,
    the one whose phase they use (two mechanisms' phases may wait under one name)."""
    return next((x for x in mechanisms if phase and x.phase_name == phase and (
        rules is None or x.runtime.phase is None or x.runtime.phase.used_by(rules))), None)


def asking(game: Any) -> Mechanism | None:
    """The mechanism that asks the game's decision now, found by the phase the game waits
    in (never by an action's kind: `discard` is asked by the talon and by improving alike).
    The one lookup of the terminal, the browser table and the bots."""
    return at_phase(game.rules.mechanisms, game.phase, game.rules)


def trump_way(mechanisms: Sequence[Mechanism], kind: str) -> TrumpWay | None:
    """The trump method of this kind that one of these mechanisms adds (None: the base
    grammar's own, or unknown)."""
    return next((x.trump for x in mechanisms if x.trump and kind in (x.name, *x.trump.kinds)),
                None)


def of_kind(mechanisms: Sequence[Mechanism], kind: str) -> Mechanism | None:
    """The mechanism that asks for actions of this kind, if any."""
    return next((x for x in mechanisms if kind in x.runtime.kinds), None)


def action_kinds(mechanisms: Sequence[Mechanism]) -> tuple[str, ...]:
    """Every kind of action the engine asks for: the engine's own (a card, trump, push,
    pass, ...: `core.actions.BASE_KINDS`) and those of these mechanisms (`Runtime.kinds`)."""
    return tuple(dict.fromkeys((*(k.name for k in BASE_KINDS),
                                *(k for x in mechanisms for k in x.runtime.kinds))))


def giver(mechanisms: Sequence[Mechanism], role: str) -> Gives | None:
    """What gives this role to a seat, where one of these mechanisms does."""
    return next((x.checks.gives for x in mechanisms if x.checks.gives and role in x.checks.gives.roles), None)


def fragments(mechanisms: Sequence[Mechanism]) -> tuple[str, ...]:
    """The grammar lines of these mechanisms, in list order (the parser's cache key)."""
    return tuple(x.syntax.grammar for x in mechanisms if x.syntax.grammar)


def defaults_of(mechanisms: Sequence[Mechanism]) -> dict[str, tuple[str, Any]]:
    """Per key of the mechanisms' record and observation parts: (part key, the value where
    a file lacks the mechanism); a key two of them use is a mistake."""
    out: dict[str, tuple[str, Any]] = {}
    for x in mechanisms:
        twice = out.keys() & x.runtime.defaults.keys()
        if twice:
            raise ValueError(f"mechanism {x.name!r} repeats the keys {sorted(twice)}")
        out |= {key: (x.part_key, value) for key, value in x.runtime.defaults.items()}
    return out


def kept_names_of(mechanisms: Sequence[Mechanism], rf: m.RuleFile) -> frozenset[str]:
    """The names of numbers kept across hands that these mechanisms give a file
    (`Checks.kept_names`)."""
    return frozenset(n for x in mechanisms if x.checks.kept_names is not None
                     for n in x.checks.kept_names(rf))


def partners_in(mechanisms: Sequence[Mechanism], parts: Mapping[str, Mapping[str, Any]]
                ) -> tuple[int, ...]:
    """The sides formed in a hand, per seat, as a hand record's or an observation's parts
    say them (`Runtime.partners`); () where none are formed."""
    for x in mechanisms:
        if x.runtime.partners:
            partners = parts.get(x.part_key, {}).get(x.runtime.partners, ())
            if partners:
                return tuple(partners)
    return ()


def empties_seats(mechanisms: Sequence[Mechanism], used: Iterable[str]) -> bool:
    """Whether one of these mechanisms, among those a file uses (`used`: the names of its
    parts or configs), makes players leave the table during a game."""
    names = set(used)
    return any(x.runtime.empties_seats and x.name in names for x in mechanisms)


def words_of(mechanisms: Sequence[Mechanism]) -> dict[str, tuple[str, str]]:
    """The sentences of these mechanisms by key; a key two of them use is a mistake."""
    out: dict[str, tuple[str, str]] = {}
    for x in mechanisms:
        twice = out.keys() & x.rulebook.words.keys()
        if twice:
            raise ValueError(f"mechanism {x.name!r} repeats the words {sorted(twice)}")
        out |= x.rulebook.words
    return out


_installed: tuple[Mechanism, ...] = ()
_words: dict[str, tuple[str, str]] = {}
_defaults: dict[str, tuple[str, Any]] = {}
_cards: tuple[str, ...] = ()
_shows: tuple[str, ...] = ()


def install(mechanisms: Sequence[Mechanism]) -> None:
    """Make these the mechanisms a layer uses when none are passed to it (done once, by
    the top of the package)."""
    global _installed, _words, _defaults, _cards, _shows
    _installed = tuple(mechanisms)
    _words = words_of(_installed)
    _defaults = defaults_of(_installed)
    _cards = tuple(key for x in _installed for key in x.runtime.cards)
    _shows = tuple(key for x in _installed for key in x.runtime.shows)
    add_kinds(k for x in _installed for k in x.runtime.codec)
    add_messages(pair for x in _installed for pair in x.checks.messages)


def installed() -> tuple[Mechanism, ...]:
    return _installed


def installed_words() -> Mapping[str, tuple[str, str]]:
    """The sentences of the installed mechanisms, by key."""
    return _words


def installed_defaults() -> Mapping[str, tuple[str, Any]]:
    """The keys of the installed mechanisms' parts: (part key, value where a file lacks it)."""
    return _defaults


def installed_cards() -> tuple[str, ...]:
    """The keys of the installed mechanisms' parts that hold cards."""
    return _cards


def installed_shows() -> tuple[str, ...]:
    """The keys of the installed mechanisms' parts an observation's dict shows flat."""
    return _shows

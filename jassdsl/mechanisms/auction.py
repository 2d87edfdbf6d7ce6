"""The auction: from forehand, each seat bids higher than the highest bid or passes.

It ends when everybody else has passed in a row after the highest bid, or at once on
the highest possible bid (where a declaration may end the auction, not at once: the
others may still say it, since the text lets a Kontra answer any bid). Where `a pass is final`, a seat that passed is skipped for the
rest of the hand's auction, and it ends when everybody but the highest bidder has passed;
where `a pass after a bid is final`, only a pass said once there is a bid is: who passed
before the first bid may still bid.
When everybody passes without a bid, the next dealer deals anew; the hand keeps its
number. The highest bidder is a role (`roles.BIDDER` in `State.roles`) other phases read:
who names trump, who leads, who deals next, who keeps their bid, and what scoring asks as
`bidder`.

A yes/no declaration `ending the auction` (a Kontra) is said in a seat's turn instead of
a bid, once there is a highest bid, by the seats its `by` and `only when` allow: a yes
ends the auction at once. Where bids name the mode (`naming the mode`), the auction is
`mechanisms/mode_bids.py`'s phase, a kind of this one.

Everything about the auction is here: its options of the `declare` statement (grammar
lines, builders: `Declaration.marks`), its check and warning, its compiled setting, its
phase and part of the state, the role it gives (the highest bidder), how the terminal asks for a bid, the bots'
bids, how the narrator, the rulebook and its worked example say it, and its words. The
role itself is one of `core/roles.py`, which the settings and the trump statement name
(`first lead: bidder`, `trump: bidder chooses`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jassdsl.bots.declaring import bid_gain, bid_or_pass, expected_points, scaled
from jassdsl.bots.view import View, hand_total
from jassdsl.cli.play import call_entry, number_choices, number_entry
from jassdsl.compile.compiler import CompiledRules, Declaring, number, option_value
from jassdsl.core import model as m
from jassdsl.core.actions import PASS, Action, declare_actions
from jassdsl.core.cards import SUITS
from jassdsl.core.deal import next_seat
from jassdsl.core.errors import IllegalActionError, RuleError, merged
from jassdsl.core.mechanism import (
    Bots,
    Checks,
    Gives,
    Mechanism,
    Prompt,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    Terminal,
)
from jassdsl.core.options import declared_under, marks_under
from jassdsl.core.roles import BIDDER
from jassdsl.core.tables import MODE_NAMES
from jassdsl.engine import Game
from jassdsl.engine.declare import may_declare
from jassdsl.engine.events import Declared
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import State
from jassdsl.language.syntax import pos_of, word
from jassdsl.language.team_sums import warning
from jassdsl.rulebook import safe
from jassdsl.rulebook.cardview import suit_prose
from jassdsl.rulebook.example import seat_name
from jassdsl.rulebook.render import mode_choice, value_text
from jassdsl.rulebook.textview import Narrator, mode_label
from jassdsl.rulebook.words import Lang, join_words, say

NAME = "auction"
KONTRA_SHARE = 0.25  # in a Kontra, a bot counts on this share of what its hand leaves
CONTRACT_BELOW = 0.04  # a bot bids a Misère when its hand promises at most this share


# -- the options of the declare statement
GRAMMAR = """
// an auction runs before trump: each in turn bids higher than the highest bid or passes
%extend declare_option: "auction" "before" "trump"                  -> auction_before_trump
              // in the auction, a player who passed may not bid again in that hand
              | "a" "pass" "is" "final" [auction_if]                 -> auction_pass_final
              // ... only a pass once there is a bid: who passed before the first bid may bid
              | "a" "pass" "after" "a" "bid" "is" "final" [auction_if] -> auction_pass_final_after_bid
              // a yes/no said in the auction instead of a bid; yes ends it (a Kontra)
              | "ending" "the" "auction"                             -> auction_ending
              // a named bid ranked among the numbers that names the hand's mode, and so
              // its goal (a Misère): `or misere worth 105 playing misere`
              | "or" ID "worth" value "playing" ID                   -> auction_contract
// ... a rule of passing only under an option's choice: `a pass is final if passing = every`
auction_if: "if" ID ["=" value]
"""


def marked(key: str) -> Callable[[m.Declaration | Declaring], bool]:
    """Whether a declaration has this option of the auction (`Declaration.marks`)."""
    return lambda d: key in d.marks


is_auction, pass_final, ends_auction = map(marked, ("auction", "pass_final", "ends_auction"))
pass_final_after_bid = marked("pass_final_after_bid")


@dataclass(frozen=True)
class AuctionConfig:
    """The auction's compiled setting: which declaration its bids are."""

    index: int  # its place among the compiled declarations (`CompiledRules.declarations`)
    # the named bids that play a mode (`or misere worth 105 playing misere`): bid, mode name
    contracts: tuple[tuple[int, str], ...] = ()


def compile_auction(rf: m.RuleFile, options: dict[str, int | str]) -> AuctionConfig | None:
    declared = [d for d in rf.declarations if declared_under(d, options)]
    index = next((i for i, d in enumerate(declared) if is_auction(d)), -1)
    if index < 0:
        return None
    contracts = tuple((number(v, options), mode.text) for _, v, mode in declared[index].contracts)
    return AuctionConfig(index, contracts)


def index_of(rules: CompiledRules) -> int:
    """The index of the auction among the declarations, or -1."""
    config = rules.config(NAME, AuctionConfig)
    return config.index if config is not None else -1


def option(key: str) -> Callable[[Any, list[Any]], tuple[str, Any, m.Pos]]:
    """The builder of an option of the declaration (`Declaration.marks` gets its key; one
    said `if OPTION`, `Declaration.marks_if` its option and choice too)."""
    return lambda meta, ch: (key, ch[0] if ch and ch[0] is not None else True, pos_of(meta))


def build_contract(meta: Any, ch: list[Any]) -> tuple[str, Any, m.Pos]:
    """`or misere worth 105 playing misere`: a named value (`Declaration.named`) and the
    mode it plays (`Declaration.contracts`)."""
    return "contract", (word(ch[0]), ch[1], word(ch[2])), pos_of(meta)


def build_if(meta: Any, ch: list[Any]) -> tuple[m.Word, m.Value | None]:
    """`if OPTION` or `if OPTION = CHOICE` after an option of the auction."""
    return m.Word(pos=pos_of(ch[0]), text=str(ch[0])), ch[1]


# -- the check
def check(c: Any, rf: m.RuleFile) -> None:
    """An auction comes once, bids in turn from forehand, and numbers; who declares after
    it and how refer to it; the highest bidder chooses trump only after one."""
    auctions = [d for d in rf.declarations if is_auction(d)]
    for d in auctions[1:]:
        c.error(d.pos, "duplicate", f"a hand has one auction; {auctions[0].name!r} is "
                "already one")
    auction = auctions[0].name if auctions else None
    off = c.role_off_when(rf, "bidder") if auction else ""  # switched off by an option
    for d in rf.declarations:
        where = dict(d.option_pos)
        if is_auction(d) and (d.by is not None or d.only_when is not None):
            c.error(d.pos, "auction", "an auction asks every player in turn; 'by' and "
                    "'only when' are for the declarations after trump")
        if is_auction(d) and d.yes_no:
            c.error(where.get("auction", d.pos), "auction", f"{d.name!r} is a yes/no "
                    "question, not an auction: an auction bids numbers ('declare bid from "
                    "60 to 157, auction before trump')")
        if d.yes_no and d.bidder_keeps is not None:
            c.error(where.get("bidder_keeps", d.pos), "auction", f"{d.name!r} is a yes/no "
                    "question; the highest bidder cannot keep the bid "
                    f"{d.bidder_keeps.text!r} as its answer")
        for key, said in (("pass_final", "a pass is final"),
                          ("pass_final_after_bid", "a pass after a bid is final")):
            if key in d.marks and not is_auction(d):
                c.error(where[key], "auction", f"'{said}' is said of an auction: 'declare "
                        f"bid from 1 to 9, auction before trump, {said}'")
        for _, option, choice in d.marks_if:
            c.declare_option(option, choice)
        if pass_final(d) and pass_final_after_bid(d) and both_under_some(rf, d):
            c.error(where["pass_final_after_bid"], "auction", "say one of 'a pass is final' "
                    "(every pass) and 'a pass after a bid is final' (a pass before the "
                    "first bid is not), or each under another choice of an option: "
                    "'a pass is final if passing = every, a pass after a bid is final if "
                    "passing = after-bid'")
        check_turns(c, rf, d, where, auction)
        if is_auction(d) and (d.after_bidder or d.after_role or d.bidder_keeps
                          or d.hook is not None):
            c.error(where.get("auction", d.pos), "auction", "an auction bids in turn from "
                    "forehand; the highest bidder and the total are for the declarations "
                    "after it")
            continue
        for key in ("after_bidder", "bidder_keeps"):
            if (auction is None or off) and key in where:
                c.error(where[key], "auction", f"the highest bidder needs an auction{off}: "
                        "'declare bid from 1 to 9, auction before trump'")
        k = d.bidder_keeps
        if k is not None and auction is not None and k.text != auction:
            c.error(k.pos, "unknown-name", f"{k.text!r} is not the auction (the auction is "
                    f"{auction!r})")
    if (auction is None or off) and rf.trump.kind == "bidder_chooses":
        c.error(rf.trump.pos, "auction", "the highest bidder chooses trump only after an "
                f"auction{off}: 'declare bid from 1 to 9, auction before trump'")


PASSING = ("pass_final", "pass_final_after_bid")  # the auction's two rules of final passes


def guard_sets(rf: m.RuleFile, d: m.Declaration) -> list[dict[str, int | str]]:
    """Every choice of the options the declaration's `if OPTION` guards name."""
    named = {option.text for _, option, _ in d.marks_if}
    sets: list[dict[str, int | str]] = [{}]
    for o in rf.options:
        if o.name in named:
            sets = [{**s, o.name: option_value(v)} for s in sets for v in o.choices]
    return sets


def both_under_some(rf: m.RuleFile, d: m.Declaration) -> bool:
    """Whether both rules of passing hold under some choice of the options they name."""
    return any(set(PASSING) <= marks_under(d, s) for s in guard_sets(rf, d))


def check_turns(c: Any, rf: m.RuleFile, d: m.Declaration, where: dict[str, m.Pos],
                auction: str | None) -> None:
    """`naming the mode`: an auction whose highest bidder would choose trump anyway;
    `ending the auction`: a yes/no said in an auction's turns."""
    if d.naming and not is_auction(d):
        c.error(where.get("naming", d.pos), "auction", "'naming the mode' is said of an "
                "auction: 'declare bid from 60 to 157, auction before trump, naming the "
                "mode'")
    elif d.naming and (rf.trump.kind != "bidder_chooses" or rf.trump.pushes):
        c.error(where.get("naming", d.pos), "auction", "a bid names the mode the highest "
                "bidder would choose: write 'trump: bidder chooses suits, obenabe, "
                "undenufe' (without pushing) to say which modes a bid names")
    elif d.naming and d.low.number is not None and d.low.number < 0:
        c.error(d.low.pos, "range", "a bid naming the mode is a number from 0 up")
    check_contracts(c, rf, d)
    if not ends_auction(d):
        return
    if not d.yes_no:
        c.error(where.get("ends_auction", d.pos), "auction", f"{d.name!r} ends the auction "
                "when a player says yes: write it as a yes/no question, "
                f"'declare {d.name} yes or no, ending the auction'")
    elif auction is None:
        c.error(where.get("ends_auction", d.pos), "auction", "'ending the auction' needs an "
                "auction: 'declare bid from 60 to 157, auction before trump'")
    elif d.hidden:  # everybody sees the auction end, and the answer is its only cause
        c.error(where.get("ends_auction", d.pos), "auction", f"{d.name!r} ends the auction "
                "for all to see, so it cannot stay hidden: leave out 'hidden'")


def check_contracts(c: Any, rf: m.RuleFile, d: m.Declaration) -> None:
    """`or misere worth 105 playing misere`: a named bid of an auction whose highest
    bidder would choose the mode, naming a mode of the file."""
    modes = [*MODE_NAMES, *(x.name for x in rf.modes)]
    for w, _, mode in d.contracts:
        if not is_auction(d):
            c.error(w.pos, "auction", f"a bid playing a mode is a bid of an auction: "
                    f"'declare bid from 60 to 157 in steps of 10, auction before trump, or "
                    f"{w.text} worth 105 playing {mode.text}'")
        elif d.naming:
            c.error(w.pos, "auction", "with 'naming the mode' every bid names its mode; "
                    f"leave out 'playing {mode.text}' or 'naming the mode'")
        elif rf.trump.kind != "bidder_chooses":
            c.error(w.pos, "auction", f"{w.text!r} plays a mode in place of the one the "
                    "highest bidder chooses: write 'trump: bidder chooses suits'")
        if mode.text not in modes:
            c.error(mode.pos, "unknown-name", f"{mode.text!r} is not a mode; the modes are "
                    f"{', '.join(modes)}")


def team_bids(rf: m.RuleFile, path: str) -> list[RuleError]:
    """Warnings: `team NAME` of the auction adds up both partners' bids, but its contract
    is one player's bid, the highest bidder's (`language/team_sums.py`)."""
    if not rf.teams:
        return []
    auctions = {d.name for d in rf.declarations if is_auction(d)}
    return merged([warning(path, node, f"'team {node.name}' adds up the {node.name}s of both "
                           f"partners, but the contract of an auction is one player's "
                           f"{node.name}, the highest bidder's: write '{node.name} of "
                           f"bidder' for it")
                   for node in m.walk(rf) if isinstance(node, m.TeamValue)
                   and node.name in auctions])


# -- the phase
@dataclass
class AuctionPart:
    """The auction's part of the state (`State.parts['auction']`)."""

    bid: int = -1  # the highest bid so far, -1: none
    bidder: int = -1  # who made it
    passes: int = 0  # passes in a row since the last bid (or since the auction began)
    passed: int = 0  # bitmask of the seats whose pass is final in this hand
    mode: int = -1  # the mode the highest bid names (`naming the mode`), -1: none

    def copy(self) -> AuctionPart:
        return AuctionPart(self.bid, self.bidder, self.passes, self.passed, self.mode)


def part_of(s: State) -> AuctionPart:
    part = s.parts[NAME]
    assert isinstance(part, AuctionPart)
    return part


class Auction(Phase):
    name = NAME

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        config = rules.config(NAME, AuctionConfig)
        return config is not None and not rules.declarations[config.index].naming

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.index = index_of(rules)
        self.decl = rules.declarations[self.index]
        self.bids = declare_actions(self.decl.name, self.decl.values)
        self.enders = tuple(d for d in rules.declarations if ends_auction(d))
        # who passed is not asked again; where only after a bid, a pass before it is free
        self.after_bid = pass_final_after_bid(self.decl)
        self.final = pass_final(self.decl) or self.after_bid
        self.kinds = ("pass", self.decl.name, *(d.name for d in self.enders))
        config = rules.config(NAME, AuctionConfig)
        contracts = config.contracts if config is not None else ()
        self.contracts = {bid: rules.mode_names.index(mode) for bid, mode in contracts}

    def new_part(self, s: State) -> None:
        s.parts[NAME] = AuctionPart()

    def new_hand(self, g: Table) -> None:
        part = part_of(g.s)
        part.bid = part.bidder = part.mode = -1
        part.passes = part.passed = 0

    def begin(self, g: Table) -> bool:
        s = g.s
        assert s.declare is not None
        s.phase, s.declare.index = self.name, self.index
        s.current = next_seat(self.rules.players, s.dealer, s.table)  # forehand bids first
        return True

    def legal(self, g: Table) -> list[Action]:
        part = part_of(g.s)
        if part.bidder < 0:
            return [*self.bids, PASS]
        return [*(a for a in self.bids if self.number(a) > part.bid), *self.endings(g),
                PASS]

    def number(self, action: Action) -> int:
        """The number a bid action bids."""
        return action.value

    def endings(self, g: Table) -> list[Action]:
        """The declarations that would end the auction, open to the current seat (its
        yes): only once there is a highest bid, to the seats `by` and `only when` allow."""
        if not self.enders or part_of(g.s).bidder < 0:
            return []
        return [Action(d.name, 1) for d in self.enders if may_declare(g, d, g.s.current)]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in self.kinds

    def kinds_asked(self) -> tuple[str, ...]:
        return self.kinds

    def asks(self, d: Declaring) -> bool:
        return d.name == self.decl.name or d in self.enders

    def take(self, g: Table, action: Action) -> None:
        s, d = g.s, self.decl
        part, declared = part_of(s), s.declare
        assert declared is not None
        seat = s.current
        if action.kind == "pass":
            part.passes += 1
            if part.bidder >= 0 or not self.after_bid:
                part.passed |= 1 << seat
            if g.log is not None:
                g.emit(Declared(s.hand_no, seat, d.name, -1, d.hidden, passed=True))
        elif action.kind != d.name:
            if action not in self.endings(g):
                raise IllegalActionError(self.shown(action), g.legal_names(),
                                         "" if part.bidder >= 0
                                         else "there is no bid to answer yet")
            declared.declared[action.kind][seat] = action.value
            if g.log is not None:
                ender = next(e for e in self.enders if e.name == action.kind)
                g.emit(Declared(s.hand_no, seat, ender.name, action.value, ender.hidden))
            g.advance(self)  # a yes ends the auction at once
            return
        elif self.valid_bid(action) and (part.bidder < 0 or self.number(action) > part.bid):
            self.bid(g, action)
        else:
            raise IllegalActionError(self.shown(action), g.legal_names(),
                                     f"a bid must be higher than {part.bid}"
                                     if part.bid >= 0 else "")
        self.next_turn(g)

    def valid_bid(self, action: Action) -> bool:
        return action.value in self.decl.values

    def shown(self, action: Action) -> object:
        """An action as a refusal names it."""
        return action

    def bid(self, g: Table, action: Action) -> None:
        """The current seat is the highest bidder now."""
        s, d = g.s, self.decl
        part, declared = part_of(s), s.declare
        assert declared is not None
        number = self.number(action)
        part.bid, part.bidder, part.passes = number, s.current, 0
        s.roles[BIDDER] = s.current
        declared.declared[d.name][s.current] = number
        if g.log is not None:
            g.emit(Declared(s.hand_no, s.current, d.name, number, d.hidden,
                            mode=self.mode_name(action)))

    def mode_name(self, action: Action) -> str:
        """The mode a bid names ('' where bids name none)."""
        return ""

    def named_mode(self, g: Table) -> int:
        """The mode the highest bid plays where it is a named bid playing one (a Misère
        bid), else -1: the highest bidder chooses."""
        return self.contracts.get(part_of(g.s).bid, -1) if self.contracts else -1

    def next_turn(self, g: Table) -> None:
        """The next seat bids, or the auction ends (or everybody passed: a new deal)."""
        s, d = g.s, self.decl
        part = part_of(s)
        n = self.rules.players
        s.current = (s.current + 1) % n
        everybody = (1 << n) - 1
        if self.final:
            while part.passed >> s.current & 1 and part.passed != everybody:
                s.current = (s.current + 1) % n  # who passed is not asked again
        if part.bidder < 0 and part.passes == n:
            g.deal_anew((s.dealer + 1) % n)
        elif part.bidder >= 0 and (part.passes == n - 1 or (
                part.bid == d.top and not self.enders) or (
                self.final and part.passed | 1 << part.bidder == everybody)):
            g.advance(self)



# -- the terminal and the bots
def calls(game: Game, legal: Sequence[Action]) -> list[Action]:
    """The legal calls that end the auction (a Kontra's yes): neither a bid nor a pass."""
    bid = game.rules.declarations[index_of(game.rules)].name
    return [a for a in legal if a.kind not in (bid, "pass")]


def ask(game: Game, lang: Lang) -> str:
    """The question ending the prompt: the legal values are on the line above."""
    said = "".join(f"{a.kind}, " for a in calls(game, game.legal_actions()))
    return say(lang, "live.ask.bid", calls=said)


def read(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """``pass``, a call ending the auction (``double``, ``double yes``), or a bid as a
    declared value is entered (``90``, a named value: ``match``)."""
    words = text.lower().split()
    if words == ["pass"]:
        return PASS
    call = call_entry(calls(game, legal), words)
    return call if call is not None else number_entry(game, words, legal)


def calls_kontra(game: Game, view: View) -> bool:
    """Whether this hand, with a share of the rest for the players on its side, should
    take more than the highest bid leaves to the others, on average over the modes (the
    bidder names the mode afterwards)."""
    r = game.rules
    bid = max(v or 0 for v in game.observation(view.seat)["declared"][
        r.declarations[index_of(r)].name])

    def margin(mode: int) -> float:
        own, total = expected_points(r, view.hand, r.modes[mode]), hand_total(r, r.modes[mode])
        return own + (total - own) * KONTRA_SHARE - (total - bid)

    modes = r.trump_choices or tuple(range(len(r.modes)))
    return sum(margin(m) for m in modes) > 0


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Bid the lowest bid allowed while the best mode (with what the file's mechanisms add
    to a bidder's hand) reaches it as a share of the hand, else pass; a call ending the
    auction instead of that pass when the hand should beat the highest bid's contract."""
    r = game.rules
    best = max((expected_points(r, view.hand, r.modes[m]) + bid_gain(
        game, view, r.modes[m])) / hand_total(r, r.modes[m])
        for m in (r.trump_choices or tuple(r.modes)))
    open_calls = calls(game, legal)
    config = r.config(NAME, AuctionConfig)
    contracts = dict(config.contracts) if config is not None else {}
    played = [a for a in legal if a.kind != "pass" and a.value in contracts
              and a not in open_calls]  # the named bids that play a mode
    choice = bid_or_pass([a for a in legal if a not in open_calls and a not in played],
                         scaled(game, best))
    if choice.kind == "pass":
        choice = next((a for a in played if fits(game, view, contracts[a.value], a.value)),
                      choice)
    return open_calls[0] if open_calls and choice.kind == "pass" and \
        calls_kontra(game, view) else choice


def fits(game: Game, view: View, mode_name: str, value: int) -> bool:
    """Whether the bot bids a named bid playing this mode: where the mode wants no tricks
    (a Misère), when the hand promises at most `CONTRACT_BELOW` of its points in it; else
    when the hand's share of the points in it reaches the bid, as a bid of points."""
    r = game.rules
    mode = r.mode_names.index(mode_name)
    table = r.modes[mode]
    share = expected_points(r, view.hand, table) / hand_total(r, table)
    if r.mode_schedule.avoids_tricks(mode):
        return share <= CONTRACT_BELOW
    return scaled(game, share) >= value



# -- the narrator, the rulebook's example and the words
def declaration_words(d: m.Declaration) -> tuple[str, str] | None:
    """The rulebook's sentence of the auction (`a pass is final`, `a pass after a bid is
    final` or neither), and its values are bids."""
    if not is_auction(d):
        return None
    if any(key in PASSING for key, _, _ in d.marks_if):  # an option says: see the notes
        return "declare.auction_final_if", "declare.bid"
    key = "declare.auction_final" if pass_final(d) else "declare.auction_final_after_bid" \
        if pass_final_after_bid(d) else "declare.auction"
    return key, "declare.bid"


def declaration_notes(lang: Lang, rf: m.RuleFile, d: m.Declaration) -> list[str]:
    """The named bids that play a mode; where an option chooses which passes are final:
    under each choice, which are."""
    if not is_auction(d):
        return []
    contracts = [say(lang, "declare.contract", name=w.text, value=value_text(lang, rf, v),
                     mode=mode_choice(lang, mode.text, rf)) for w, v, mode in d.contracts]
    return [*contracts, *passing_notes(lang, rf, d)]


def passing_notes(lang: Lang, rf: m.RuleFile, d: m.Declaration) -> list[str]:
    """Where an option chooses which passes are final: under each choice, which are."""
    if not any(key in PASSING for key, _, _ in d.marks_if):
        return []
    rules: dict[str, list[str]] = {}
    for chosen in guard_sets(rf, d):
        marks = marks_under(d, chosen)
        rule = next((key for key in PASSING if key in marks), "pass_free")
        setting = ", ".join(safe.code(f"{k}={v}") for k, v in chosen.items())
        rules.setdefault(rule, []).append(setting)
    return [say(lang, f"declare.passing.{rule}", settings=join_words(lang, settings, "or"))
            for rule, settings in rules.items()]


def is_bid(rules: CompiledRules, e: Declared) -> bool:
    """Whether a declared value is a bid (or a pass) of the file's auction."""
    return index_of(rules) >= 0 and e.name == rules.declarations[index_of(rules)].name


def told(n: Narrator, e: Declared) -> list[str]:
    """A bid (`100 H` where it names the mode) or a pass; other declared values as the
    narrator tells them."""
    if not is_bid(n.rules, e):
        return n.declared(e)
    if not n.others(e.seat):
        return []
    name = n.names[e.seat]
    if e.passed:
        return [n.say("pass", name=name)]
    value = n.rules.value_names.get((e.name, e.value), e.value)  # `match`
    if e.mode:  # a bid naming the mode: `100 H`
        value = f"{value} {mode_label(e.mode, n.lang)}"
    return [n.say("bid", name=name, value=value)]


def example_call(lang: Lang, rules: CompiledRules, e: object) -> str | None:
    """A bid or a pass in the example's story of how trump was set: `P2 bids 90.`,
    `P2 bids 90 Spades.` where bids name the mode."""
    if not isinstance(e, Declared) or not is_bid(rules, e):
        return None
    player = seat_name(e.seat)
    if e.passed:
        return say(lang, "ex.pass", player=player)
    if not e.mode:
        return say(lang, "ex.bid", player=player, value=e.value)
    mode = suit_prose(lang, e.mode) if e.mode in SUITS else mode_choice(lang, e.mode, rules.model)
    return say(lang, "ex.bid", player=player, value=f"{e.value} {mode}")


WORDS: dict[str, tuple[str, str]] = {
    "declare.bid": ("bid", "geboten"),
    "declare.auction": (
        "Before trump is set there is an auction. Starting with forehand, every player in "
        "turn makes {a_name} from {low} to {high}, higher than the highest bid so far, or "
        "passes. A player who passed may bid again when the turn comes round. The auction "
        "ends when all the others have passed in a row after the highest bid, or at once on "
        "a bid of {top}. If everybody passes without a bid, the next dealer to the right "
        "deals anew; the new deal does not count as a hand. A player's {name} is their "
        "highest bid, 0 if they only passed.",
        "Vor der Trumpfbestimmung wird versteigert. Beginnend mit der Vorhand gibt reihum "
        "jeder Spieler {a_name} von {low} bis {high} ab, höher als das höchste Gebot bisher, oder "
        "passt. Wer gepasst hat, darf wieder bieten, wenn er an der Reihe ist. Die Versteigerung "
        "endet, wenn nach dem höchsten Gebot alle anderen nacheinander gepasst haben, oder "
        "sofort bei einem Gebot von {top}. Passen alle ohne Gebot, gibt der nächste Geber "
        "rechts neu; das neue Geben zählt nicht als Runde. Als {name} eines Spielers zählt "
        "sein höchstes Gebot, 0 wenn er nur gepasst hat.",
    ),
    "declare.auction_final": (
        "Before trump is set there is an auction. Starting with forehand, every player in "
        "turn makes {a_name} from {low} to {high}, higher than the highest bid so far, or "
        "passes. A pass is final: a player who passed may not bid again in this hand and is "
        "not asked again. The auction ends when all the others have passed after the highest "
        "bid, or at once on a bid of {top}. If everybody passes without a bid, the next "
        "dealer to the right deals anew; the new deal does not count as a hand. A player's "
        "{name} is their highest bid, 0 if they only passed.",
        "Vor der Trumpfbestimmung wird versteigert. Beginnend mit der Vorhand gibt reihum "
        "jeder Spieler {a_name} von {low} bis {high} ab, höher als das höchste Gebot bisher, oder "
        "passt. Passen ist endgültig: wer gepasst hat, darf in dieser Runde nicht mehr bieten "
        "und wird nicht mehr gefragt. Die Versteigerung endet, wenn nach dem höchsten Gebot "
        "alle anderen gepasst haben, oder sofort bei einem Gebot von {top}. Passen alle ohne "
        "Gebot, gibt der nächste Geber rechts neu; das neue Geben zählt nicht als Runde. Als "
        "{name} eines Spielers zählt sein höchstes Gebot, 0 wenn er nur gepasst hat.",
    ),
    "declare.auction_final_after_bid": (
        "Before trump is set there is an auction. Starting with forehand, every player in "
        "turn makes {a_name} from {low} to {high}, higher than the highest bid so far, or "
        "passes. A pass before the first bid is not final: that player may still bid when "
        "the turn comes round. A pass once there is a bid is final: that player may not bid "
        "again in this hand and is not asked again. The auction ends when all the others "
        "have passed after the highest bid, or at once on a bid of {top}. If everybody "
        "passes without a bid, the next dealer to the right deals anew; the new deal does "
        "not count as a hand. A player's {name} is their highest bid, 0 if they only passed.",
        "Vor der Trumpfbestimmung wird versteigert. Beginnend mit der Vorhand gibt reihum "
        "jeder Spieler {a_name} von {low} bis {high} ab, höher als das höchste Gebot bisher, "
        "oder passt. Passen vor dem ersten Gebot ist nicht endgültig: wer so gepasst hat, "
        "darf wieder bieten, wenn er an der Reihe ist. Passen, sobald es ein Gebot gibt, ist "
        "endgültig: wer dann passt, darf in dieser Runde nicht mehr bieten und wird nicht "
        "mehr gefragt. Die Versteigerung endet, wenn nach dem höchsten Gebot alle anderen "
        "gepasst haben, oder sofort bei einem Gebot von {top}. Passen alle ohne Gebot, gibt "
        "der nächste Geber rechts neu; das neue Geben zählt nicht als Runde. Als {name} "
        "eines Spielers zählt sein höchstes Gebot, 0 wenn er nur gepasst hat.",
    ),
    "declare.auction_final_if": (
        "Before trump is set there is an auction. Starting with forehand, every player in "
        "turn makes {a_name} from {low} to {high}, higher than the highest bid so far, or "
        "passes. Which passes are final, an option chooses (below). The auction ends when "
        "all the others have passed after the highest bid, or at once on a bid of {top}. If "
        "everybody passes without a bid, the next dealer to the right deals anew; the new "
        "deal does not count as a hand. A player's {name} is their highest bid, 0 if they "
        "only passed.",
        "Vor der Trumpfbestimmung wird versteigert. Beginnend mit der Vorhand gibt reihum "
        "jeder Spieler {a_name} von {low} bis {high} ab, höher als das höchste Gebot bisher, "
        "oder passt. Welches Passen endgültig ist, wählt eine Option (unten). Die "
        "Versteigerung endet, wenn nach dem höchsten Gebot alle anderen gepasst haben, oder "
        "sofort bei einem Gebot von {top}. Passen alle ohne Gebot, gibt der nächste Geber "
        "rechts neu; das neue Geben zählt nicht als Runde. Als {name} eines Spielers zählt "
        "sein höchstes Gebot, 0 wenn er nur gepasst hat.",
    ),
    "declare.passing.pass_final": (
        "With {settings} every pass is final: a player who passed may not bid again in this "
        "hand and is not asked again.",
        "Mit {settings} ist jedes Passen endgültig: wer gepasst hat, darf in dieser Runde "
        "nicht mehr bieten und wird nicht mehr gefragt.",
    ),
    "declare.passing.pass_final_after_bid": (
        "With {settings} a pass before the first bid is not final: that player may still bid "
        "when the turn comes round; a pass once there is a bid is final.",
        "Mit {settings} ist Passen vor dem ersten Gebot nicht endgültig: wer so gepasst hat, "
        "darf noch bieten, wenn er an der Reihe ist; Passen, sobald es ein Gebot gibt, ist "
        "endgültig.",
    ),
    "declare.passing.pass_free": (
        "With {settings} no pass is final: a player who passed may bid again when the turn "
        "comes round.",
        "Mit {settings} ist kein Passen endgültig: wer gepasst hat, darf wieder bieten, wenn "
        "er an der Reihe ist.",
    ),
    "ex.bid": ("{player} bids {value}.", "{player} bietet {value}."),
    "ex.pass": ("{player} passes.", "{player} passt."),
    "live.prompt.auction": ("Your bid", "Dein Gebot"),
    "live.says.pass": ("{name} passes", "{name}: passt"),
    "live.says.bid": ("{name} bids {value}", "{name}: Gebot {value}"),
    # `or misere worth 105 playing misere`: a named bid that plays a mode
    "declare.contract": (
        "A bid of *{name}* ranks as {value}; when it is the highest bid, the hand is "
        "played in {mode} and nobody chooses trump.",
        "Ein Gebot *{name}* zählt als {value}; ist es das höchste Gebot, wird die Runde in "
        "{mode} gespielt, und niemand wählt Trumpf.",
    ),
    "live.ask.bid": ("your bid, {calls}or pass: ", "dein Gebot, {calls}oder passen: "),
}

MESSAGES = (
    ("a bid playing a mode is a bid of an auction: 'declare bid from 60 to 157 in steps of "
     "10, auction before trump, or {a} worth 105 playing {b}'",
     "ein Gebot, das eine Spielart spielt, ist ein Gebot einer Versteigerung: 'declare bid "
     "from 60 to 157 in steps of 10, auction before trump, or {a} worth 105 playing {b}'"),
    ("with 'naming the mode' every bid names its mode; leave out 'playing {a}' or 'naming "
     "the mode'",
     "mit 'naming the mode' nennt jedes Gebot seine Spielart; lass 'playing {a}' oder "
     "'naming the mode' weg"),
    ("'{a}' plays a mode in place of the one the highest bidder chooses: write 'trump: "
     "bidder chooses suits'",
     "'{a}' spielt eine Spielart anstelle der, die der Höchstbietende wählt: schreib 'trump: "
     "bidder chooses suits'"),
    ("'{a}' is not a mode; the modes are {b}",
     "'{a}' ist keine Spielart; die Spielarten sind {b}"),
)


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'An auction runs before trump instead: `auction before trump` makes each player in turn,\n'
        'from forehand on, bid higher than the highest bid so far or `pass`; it ends when all\n'
        'others passed in a row after the highest bid (or at once on the highest value). When\n'
        'everybody passes, the next dealer deals anew; a redeal is not a hand, but it counts toward\n'
        "the engine's limit of 1000 deals a game (see [End of the game](#end-of-the-game)). A player's value\n"
        'is their highest bid, 0 if they only passed. `trump: bidder chooses ...` lets the\n'
        'highest bidder choose trump; `first lead: bidder` and `next dealer: bidder` let that\n'
        'player lead the first trick and deal next (see [Roles](#roles); `highest bidder` is the\n'
        'older spelling of `bidder` and still works).'),
    text_de=(
        'Stattdessen kann vor der Trumpfbestimmung versteigert werden: mit `auction before trump`\n'
        'bietet reihum, ab der Vorhand, jeder höher als das höchste Gebot bisher oder passt\n'
        '(`pass`); die Versteigerung endet, wenn nach dem höchsten Gebot alle anderen nacheinander\n'
        'gepasst haben (oder sofort beim höchsten Wert). Passen alle, gibt der nächste Geber neu;\n'
        'das neue Geben zählt nicht als Runde, wohl aber zur Grenze der Engine von 1000 Gebern je\n'
        'Spiel (siehe [Spielende](#spielende)). Der Wert eines Spielers ist sein höchstes Gebot, 0\n'
        'wenn er nur gepasst hat. `trump: bidder chooses ...` lässt den Höchstbietenden den Trumpf\n'
        'wählen; mit `first lead: bidder` und `next dealer: bidder` spielt er zum ersten Stich aus\n'
        'und gibt die nächste Runde (siehe [Rollen](#rollen); die ältere Schreibweise\n'
        '`highest bidder` für `bidder` gilt weiter).'),
    example=(
        'declare bid from 60 to 157 in steps of 10, auction before trump\n'
        'trump: bidder chooses suits, obenabe, undenufe\n'
        'first lead: bidder'),
)


AUCTION = Mechanism(
    NAME,
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"auction_before_trump": option("auction"), "auction_pass_final": option("pass_final"),
           "auction_pass_final_after_bid": option("pass_final_after_bid"),
           "auction_if": build_if,
           "auction_ending": option("ends_auction"), "auction_contract": build_contract}),
    checks=Checks(
        check=check,
        messages=MESSAGES,
        warnings=team_bids,
        gives=Gives(("bidder",), held=lambda rf: any(is_auction(d) for d in rf.declarations),
                need="an auction ('declare bid from 1 to 9, auction before trump')",
                kind="auction")),
    runtime=Runtime(
        compile=compile_auction,
        phase=Auction),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=number_choices, read=read),
        narrate={Declared: told}),
    bots=Bots(
        policy=policy,
        declares=True),
    rulebook=Rulebook(
        words=WORDS,
        example_call=example_call,
        declaration_words=declaration_words,
        declaration_notes=declaration_notes,
        reference=REFERENCE))

"""Plain-text rendering of games for the terminal: hands, tricks, hand results, standings.

Every function returns strings and prints nothing, so the CLI decides where text goes and
tests can read it. Seats get short names (``P0`` .. ``P3``, the human seat ``you``);
in partnership games a team is named by its members (``you+P2``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jassdsl import model as m
from jassdsl.actions import Action
from jassdsl.cards import CARD_CLASSES, CARD_NAMES, SUIT_NAMES, SUITS
from jassdsl.compiler import CompiledRules
from jassdsl.counting import TRICKS, counted_facts
from jassdsl.engine import Game, HandResult, Observation, Outcome, Trick, weis_label
from jassdsl.engine.events import (
    Bettered,
    ColumnTaken,
    Dealt,
    Declared,
    Event,
    HandScored,
    Pushed,
    Robbed,
    TookPart,
    TrickTaken,
    TrumpSet,
    WeisSaid,
)
from jassdsl.scoring import Grant
from jassdsl.tables import MODE_NAMES, ModeTable
from jassdsl.weis import trick_bonuses, trump_made_in


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 hand``, ``2 hands``: the number with its word."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def and_list(items: Sequence[str]) -> str:
    """``P0``, ``P0 and P1``, ``P0, P1 and P2``."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def seat_names(players: int, human: int | None = None) -> list[str]:
    return ["you" if seat == human else f"P{seat}" for seat in range(players)]


def subject_names(rules: CompiledRules, names: Sequence[str]) -> list[str]:
    """Players by name, or teams by their members joined with '+'."""
    if rules.subjects == rules.players:
        return list(names)
    return ["+".join(names[s] for s in range(rules.players) if rules.team_of[s] == x)
            for x in range(rules.subjects)]


def mode_label(mode: str) -> str:
    """``H (Herz / Schellen)`` for a suit, the mode name otherwise."""
    if mode in SUITS:
        return f"{mode} ({SUIT_NAMES['fr'][mode]} / {SUIT_NAMES['ch'][mode]})"
    return mode


def final_table(rules: CompiledRules, trump: str) -> ModeTable:
    """The table a finished hand was counted with (the fallback when no trump was set)."""
    table = rules.modes.get(rules.settled_mode(rules.schedule.number(trump)))
    return table if table is not None else next(iter(rules.modes.values()))


def trump_how(rules: CompiledRules, result: HandResult, events: Sequence[Event],
              names: Sequence[str]) -> str:
    """``trump H (...) (how the rule file's method set it)``, or ``no trump (...)``;
    `events`: the hand's, which tell the calls and the card shown."""
    kind, trump = rules.trump_kind, result.trump
    label = f"trump {mode_label(trump)}"
    if kind in ("forehand_chooses", "bidder_chooses", "sheet"):
        return f"{label} ({calls_text(events, names)})"
    if kind in ("fixed", "in_turn"):
        return f"{label} (set by the rules for hand {result.number})"
    if kind == "random_suit":
        return f"{label} (drawn at random)"
    if kind == "bottom_card" or (kind == "turned" and result.turned < 0):
        shown = next((e.shown for e in reversed(events) if isinstance(e, Dealt)), -1)
        return f"{label} (bottom card {CARD_NAMES[shown] if shown >= 0 else '?'} shown)"
    if kind == "turned":
        robbed = (f", robbed by {names[result.robbed]} with the "
                  f"{CARD_NAMES[rules.robbing_card(result.turned)]}" if result.robbed >= 0
                  else "")
        return f"{label} (card {CARD_NAMES[result.turned]} turned{robbed})"
    if kind == "first_void":
        hit = result.first_off_suit()
        if hit is None or trump not in SUITS:
            return f"no trump (nobody failed to follow; counted as {fallback_name(rules)})"
        k, seat, card = hit
        return f"{label} (first void: {names[seat]} played {CARD_NAMES[card]} in trick {k})"
    return f"no trump (cards rank as {fallback_name(rules)})"


def fallback_name(rules: CompiledRules) -> str:
    return rules.mode_names[rules.fallback] if rules.fallback is not None else "obenabe"


def calls_text(events: Sequence[Event], names: Sequence[str]) -> str:
    """The pushes and the trump choice among a hand's events: ``P0 pushed, chosen by P2``."""
    words = []
    for e in events:
        if isinstance(e, Pushed):
            words.append(f"{names[e.seat]} pushed")
        elif isinstance(e, ColumnTaken):
            words.append(f"{names[e.seat]} took column {e.column} x{e.multiplier}")
        elif isinstance(e, TrumpSet) and e.how == "chosen":
            words.append(f"chosen by {names[e.seat]}")
    return ", ".join(words) or "chosen"


def trick_mode_note(rules: CompiledRules, trump: str, number: int) -> str:
    """`` [undenufe]``: the mode trick `number` (from 1) was played in, where the hand's
    mode is one the rule file defines (Slalom); '' otherwise."""
    mode = rules.schedule.number(trump)
    if mode < len(MODE_NAMES):
        return ""
    return f" [{rules.mode_names[rules.trick_mode(mode, number - 1)]}]"


def trick_line(number: int, trick: Trick, names: Sequence[str], points: int | None,
               seats: Sequence[int] = ()) -> str:
    """``trick 3: P1 HA, P2 H6, P3 H10, you HK -> P1 (25)``; the leader comes first.

    `seats`: the seats in play order when not everybody plays (default: all, in turn)."""
    n = len(names)
    order = seats or [(trick.leader + i) % n for i in range(len(trick.cards))]
    cards = ", ".join(f"{names[order[i]]} {CARD_NAMES[c]}" for i, c in enumerate(trick.cards))
    tail = f" ({points})" if points is not None else ""
    return f"trick {number}: {cards} -> {names[trick.winner]}{tail}"


def grant_text(rules: CompiledRules, grant: Grant, subjects: Sequence[str]) -> str:
    amount = rules.unit_label(grant.unit, grant.amount)
    if grant.held_with:
        between = and_list([subjects[x] for x in grant.held_with])
        return f"{amount} held in abeyance between {between}"
    released = " (held from an earlier hand)" if grant.released else ""
    return f"{subjects[grant.subject]} {amount}{released}"


BONUS_LABELS = {"weis": "hand Weis", "stoeck": "hand Stöck", "table-weis": "table Weis",
                "table-stoeck": "table Stöck"}


def bonus_label(fact: str) -> str:
    return BONUS_LABELS.get(fact, fact)


def weis_lines(result: HandResult, names: Sequence[str], subjects: Sequence[str],
               counted: Sequence[str] = ()) -> list[str]:
    """The Weise declared in the first trick and what Weis and Stöck scored; `counted`:
    the only facts that counted, when the game ended at once in this hand."""
    if not result.bonuses:
        return []
    said = [f"{names[seat]} " + " ".join(CARD_NAMES[c] for c in cards)
            for seat, weise in enumerate(result.weis) for cards in weise]
    lines = ["  weis declared: " + ("; ".join(said) if said else "none")]
    for bonus, values in result.bonuses.items():
        scored = [f"{subjects[x]} {v}" for x, v in enumerate(values) if v]
        if scored:
            late = counted and bonus not in counted
            lines.append(f"  {bonus_label(bonus)} {'not counted' if late else 'counted'}: "
                         + ", ".join(scored))
    return lines


def table_notes(rules: CompiledRules, result: HandResult) -> list[str]:
    """Per trick: the table Weise and table Stöck lying in it ('' for none)."""
    if not rules.table_bonuses:
        return [""] * len(result.tricks)
    cards = [t.cards for t in result.tricks]
    since = trump_made_in(cards, rules.trump_kind == "first_void")
    out = []
    mode = rules.schedule.number(result.trump)
    for weise, stoeck in trick_bonuses(cards, rules.weis_in(mode), mode, since):
        said = [weis_label(w) for w in weise]
        if stoeck:
            said.append(f"Stöck ({rules.stoeck_bonus})")
        out.append(f"; on the table: {', '.join(said)}" if said else "")
    return out


def clause_title(rules: CompiledRules, clause_id: str) -> str:
    clause = next((c for c in rules.model.clauses if c.id == clause_id), None)
    return (clause.title or "") if clause is not None else ""


def clause_reads(rules: CompiledRules, clause_id: str) -> tuple[set[str], list[m.Expr]]:
    """The names the clause reads (through the `let`s it uses, too) and the arguments of
    its won(...) and trick(...) calls."""
    clause = next((c for c in rules.model.clauses if c.id == clause_id), None)
    if clause is None:
        return set(), []
    lets = {let.name: let.expr for let in rules.model.lets}
    names: set[str] = set()
    calls: list[m.Expr] = []
    for node in m.walk(clause, lets=lets):  # in source order, so the lines follow the clause
        if isinstance(node, m.Call) and node.func in ("won", "trick"):
            calls.append(node)
        elif isinstance(node, m.Name):
            names.add(node.name)
    return names, calls


# The facts that come from card points: who has the most, the same, the rank.
POINT_FACTS = {"points", "rank", "sharing", "points-in-play"}


def clause_facts(rules: CompiledRules, result: HandResult,
                 subjects: Sequence[str]) -> list[str]:
    """The facts of the hand that the clause which scored it reads, one line each: card
    points where they decide, tricks where tricks do, the cards of a kind taken, ...
    (declared values and Weis have lines of their own)."""
    names, calls = clause_reads(rules, result.clause)
    k = len(subjects)

    def line(title: str, values: Sequence[int]) -> str:
        return f"{title}: " + ", ".join(f"{subjects[x]} {v}" for x, v in enumerate(values))

    out = []
    if names & POINT_FACTS or "most" in names or "least" in names or "place" in names:
        out.append(line("card points", result.points))
    taken = [0] * k
    tricks = [0] * k
    for trick in result.tricks:
        who = rules.team_of[trick.winner]
        tricks[who] += 1
        for c in trick.cards:
            taken[who] |= 1 << c
    if names & {"tricks", "match"}:
        out.append(line("tricks", tricks))
    if "last" in names and result.tricks:
        out.append(f"last trick: {subjects[rules.team_of[result.tricks[-1].winner]]}")
    for call in calls:
        assert isinstance(call, m.Call)
        arg = call.args[0]
        if call.func == "won" and isinstance(arg, m.Name) and arg.name in CARD_CLASSES:
            mask = CARD_CLASSES[arg.name]
            if mask.bit_count() > 1:
                out.append(line(f"{arg.name} taken",
                                [(taken[x] & mask).bit_count() for x in range(k)]))
            else:
                holder = [subjects[x] for x in range(k) if taken[x] & mask]
                out.append(f"{arg.name} taken by: {holder[0] if holder else 'nobody'}")
        elif call.func == "trick" and isinstance(arg, m.Num) and 0 < arg.value <= len(
                result.tricks):
            out.append(f"trick {arg.value} taken by: "
                       f"{subjects[rules.team_of[result.tricks[arg.value - 1].winner]]}")
    return list(dict.fromkeys(out))


def hand_summary(rules: CompiledRules, result: HandResult, events: Sequence[Event],
                 names: Sequence[str], tricks: bool) -> list[str]:
    """The report of one finished hand, one line per fact (`events`: the hand's)."""
    subjects = subject_names(rules, names)
    lines = [f"hand {result.number}, dealer {names[result.dealer]}, "
             f"{trump_how(rules, result, events, names)}"]
    for decl, values in result.declared.items():
        shown = ", ".join(f"{names[s]} {rules.value_names.get((decl, v), v)}"
                          for s, v in enumerate(values))
        lines.append(f"  {decl}: {shown}")
    if rules.take_part:
        playing = ", ".join(names[x] for x in result.playing) or "nobody"
        swap = (f"; {names[result.swapped]} took the {rules.swap_pile} for the hand"
                if result.swapped >= 0 else "")
        lines.append(f"  playing: {playing}{swap}")
        if result.improved:
            lines.append("  " + "; ".join(f"{names[x]} {what} the {rules.improve}"
                                          for x, what in result.improved))
    if tricks:
        table = final_table(rules, result.trump)
        points = result.trick_points(table, rules.last_bonus)
        notes = table_notes(rules, result)
        lines += [f"  {trick_line(k, t, names, p, result.trick_order(t.leader))}"
                  f"{trick_mode_note(rules, result.trump, k)}{note}"
                  for k, (t, p, note) in
                  enumerate(zip(result.tricks, points, notes, strict=True), 1)]
    lines += [f"  {line}" for line in clause_facts(rules, result, subjects)]
    counted = counted_facts(rules.count_first, result.won_with)
    lines += weis_lines(result, names, subjects, counted)
    title = clause_title(rules, result.clause)
    lines.append(f"  scored by: {result.clause}" + (f' "{title}"' if title else ""))
    grants = [grant_text(rules, g, subjects) for g in result.grants]
    lines.append("  grants: " + ("; ".join(grants) if grants else "nothing"))
    if result.won_with:
        labels = " and ".join(bonus_label(f) for f in counted if f != TRICKS)
        reached = (f"{result.won_with}, counted after {labels}" if TRICKS in counted and labels
                   else result.won_with if TRICKS in counted else labels)
        lines.append(f"  the target is reached with {reached}"
                     ": the game ends at once, the rest of this hand does not count")
    if result.left:
        lines.append("  leaving the table: " + ", ".join(names[x] for x in result.left))
    return lines


def standings_table(rules: CompiledRules, totals: dict[str, tuple[int, ...]],
                    names: Sequence[str]) -> list[str]:
    """One row per player or team with its totals in every unit, in seat order."""
    subjects = subject_names(rules, names)
    width = max(len(s) for s in subjects)
    rows = []
    for x, name in enumerate(subjects):
        cells = "  ".join(rules.unit_label(u, values[x]) for u, values in totals.items())
        rows.append(f"  {name:<{width}}  {cells}")
    return ["standings:", *rows]


def outcome_line(rules: CompiledRules, outcome: Outcome, names: Sequence[str]) -> str:
    """Who won, with how much, after how many hands, and why the game stopped."""
    subjects = subject_names(rules, names)
    best = outcome.standings[0][1]
    who = and_list([subjects[x] for x in outcome.winners])
    verb = "wins" if len(outcome.winners) == 1 else "share the win"
    unit = rules.model.winner.unit.text
    places = ""
    if outcome.left:
        places = "; left the table in this order: " + ", ".join(
            f"{subjects[x]} (hand {h})" for x, h in outcome.left)
    how = ", the first to leave the table" if outcome.first_out else ""
    return (f"game over after {plural(outcome.hands, 'hand')} ({outcome.reason}): {who} {verb} "
            f"with {best} {unit}{how}{places}")


def sorted_hand(cards: Sequence[int], table: ModeTable) -> list[list[int]]:
    """The cards grouped by suit (D H S C), strongest first within a suit."""
    groups: list[list[int]] = [[] for _ in SUITS]
    for c in cards:
        groups[c // 9].append(c)
    return [sorted(g, key=lambda c: -table.strength[c]) for g in groups if g]


def in_hand_order(actions: Sequence[Action], table: ModeTable) -> list[Action]:
    """Card actions in the order the hand is shown (by suit, strongest first); the
    others as they come."""
    order = {c: i for i, c in enumerate(c for g in sorted_hand(range(36), table) for c in g)}
    cards = sorted((a for a in actions if a.kind in CARD_KINDS), key=lambda a: order[a.value])
    return cards + [a for a in actions if a.kind not in CARD_KINDS]


CARD_KINDS = ("play", "discard")


def running_count(rules: CompiledRules, obs: Observation, seat: int,
                  names: Sequence[str]) -> str:
    """``so far: you 2 tricks, 31 points; you+P2 3 tricks, 45 points; your call 3``:
    the tricks and card points (counted with the trump as it stands) of this hand."""
    table = final_table(rules, obs.trump)
    subjects = subject_names(rules, names)
    team = rules.team_of
    tricks = [0] * rules.subjects
    points = [0] * rules.subjects
    for _, cards, winner in obs.tricks:
        tricks[team[winner]] += 1
        points[team[winner]] += sum(table.points[c] for c in cards)
    mine = [f"{names[seat]} {plural(sum(1 for *_, w in obs.tricks if w == seat), 'trick')}"]
    if rules.subjects < rules.players:
        mine.append(f"team {subjects[team[seat]]} {plural(tricks[team[seat]], 'trick')}, "
                    f"{plural(points[team[seat]], 'point')}")
    else:
        mine[0] += f", {plural(points[seat], 'point')}"
    named = rules.value_names  # `match` rather than 257
    declared = [f"your {name} {named.get((name, value), value)}"
                for name, values in obs.declared.items()
                if values and (value := values[seat]) is not None]
    return "so far: " + "; ".join(mine + declared)


def hand_text(cards: Sequence[int], table: ModeTable) -> str:
    return "  ".join(" ".join(CARD_NAMES[c] for c in g) for g in sorted_hand(cards, table))


def numbered(actions: Sequence[Action], name: Callable[[Action], str] = str) -> str:
    return "  ".join(f"{i}) {name(a)}" for i, a in enumerate(actions, 1))


def sheet_lines(rules: CompiledRules, obs: Observation, names: Sequence[str]) -> list[str]:
    """The scoresheets: per sheet, its columns with their multipliers, the open ones
    marked, e.g. ``sheet P0+P2: spades x1 (played), clubs x2, ...``."""
    if not rules.columns:
        return []
    owners = subject_names(rules, names) if rules.sheet_per_team else list(names)
    lines = []
    for owner, still in zip(owners, obs.sheets, strict=True):
        cells = [f"{c.name} x{c.multiplier}" + ("" if c.name in still else " (played)")
                 for c in rules.columns]
        lines.append(f"sheet {owner}: " + ", ".join(cells))
    if obs.column:
        col = next(c for c in rules.columns if c.name == obs.column)
        lines.append(f"this hand: column {col.name} x{col.multiplier}")
    return lines


# Sentences for the regime statements that `Game.why_illegal` names.
REASONS = {
    "follow": "you must follow the suit led",
    "follow-trump": "trump was led and you must follow with a trump",
    "undertrump": "you may not play a lower trump here (undertrump rule)",
    "not in hand": "you do not hold it",
}


def reason_text(reason: str) -> str:
    return REASONS.get(reason, reason)


class Narrator:
    """Tells a game at the terminal from its events: one method per event type, each
    returning the lines it says (an event without a method says nothing).

    Finished hands are always reported. With `live` (a person at the table) also each
    deal, the decisions of the other seats (`you` is the person's seat: its own
    decisions are not told back to it) and each trick as it is taken. `tricks` lists the
    tricks in each hand's report."""

    def __init__(self, game: Game, names: Sequence[str], you: int | None = None,
                 tricks: bool = False) -> None:
        self.game, self.rules, self.names = game, game.rules, names
        self.you, self.live, self.tricks = you, you is not None, tricks
        self.hand: list[Event] = []  # the events since the hand's (last) deal
        self.ending = False  # the events being told finish a hand
        self.told = 0  # the last hand whose deal was told
        auction = self.rules.auction
        self.auction = self.rules.declarations[auction].name if auction >= 0 else ""

    def tell(self, events: Sequence[Event]) -> list[str]:
        """The lines for events that follow those told before, in order."""
        self.ending = any(isinstance(e, HandScored) for e in events)
        lines: list[str] = []
        for e in events:
            if isinstance(e, Dealt):
                self.hand = []
            self.hand.append(e)
            say = NARRATE.get(type(e))
            if say is not None:
                lines += say(self, e)
        return lines

    def others(self, seat: int) -> bool:
        """Whether a decision of this seat is told: live, and not the person's own."""
        return self.live and seat != self.you

    def dealt(self, e: Dealt) -> list[str]:
        """A new hand: dealer, who is at the table, the cards shown, what lies face down
        (a deal made anew in the same hand is not told)."""
        if not self.live or e.hand == self.told:
            return []
        self.told = e.hand
        names, obs = self.names, self.game.observe(0)
        lines = [f"\n--- hand {e.hand}, dealer {names[e.dealer]} ---"]
        if len(obs.table) < self.rules.players:
            lines.append("at the table: " + ", ".join(names[x] for x in obs.table))
        if e.shown >= 0:
            lines.append(f"card shown: {CARD_NAMES[e.shown]}")
        if e.turned >= 0:
            lines.append(f"card turned (trump): {CARD_NAMES[e.turned]}")
        seen = dict(e.piles).get(self.rules.show_pile or "")
        if seen:
            lines.append(f"bottom card of the {self.rules.show_pile}: {CARD_NAMES[seen[-1]]}")
        piles = [f"{pile_label(name, names)} {k} cards" for name, k in obs.piles.items() if k]
        if piles:
            lines.append("face down: " + ", ".join(piles))
        return lines + sheet_lines(self.rules, obs, names)

    def trump_set(self, e: TrumpSet) -> list[str]:
        """A player's choice, or the card of a player who could not follow (told with the
        hand's report where that card ended the hand)."""
        name = self.names[e.seat] if e.seat >= 0 else ""
        if e.how == "chosen" and self.others(e.seat):
            return [f"{name} chooses trump {mode_label(e.mode)}"]
        if e.how == "first void" and self.live and not self.ending:
            return [f"{name} could not follow: trump is now {mode_label(e.mode)}"]
        return []

    def pushed(self, e: Pushed) -> list[str]:
        return [f"{self.names[e.seat]} pushes"] if self.others(e.seat) else []

    def column_taken(self, e: ColumnTaken) -> list[str]:
        if not self.others(e.seat):
            return []
        return [f"{self.names[e.seat]} takes column {e.column} (x{e.multiplier})"]

    def declared(self, e: Declared) -> list[str]:
        if not self.others(e.seat) or e.kept:
            return []
        name = self.names[e.seat]
        value = self.rules.value_names.get((e.name, e.value), e.value)  # `match`
        if e.name == self.auction:
            return [f"{name} passes" if e.passed else f"{name} bids {value}"]
        return [f"{name} gives a hidden {e.name}" if e.hidden else f"{name}'s {e.name}: {value}"]

    def took_part(self, e: TookPart) -> list[str]:
        if not self.others(e.seat):
            return []
        what = {"join": "plays", "fold": "folds",
                "swap": f"takes the {self.rules.swap_pile} and plays"}
        return [f"{self.names[e.seat]} {what[e.how]}"]

    def bettered(self, e: Bettered) -> list[str]:
        if not self.others(e.seat) or not e.asked:
            return []
        verb = "takes" if e.how == "took" else "refuses"
        return [f"{self.names[e.seat]} {verb} the {self.rules.improve}"]

    def robbed(self, e: Robbed) -> list[str]:
        if not self.others(e.seat):
            return []
        name = self.names[e.seat]
        return [f"{name} takes the turned {CARD_NAMES[e.turned]} for {CARD_NAMES[e.card]}"
                if e.took else f"{name} does not rob"]

    def weis_said(self, e: WeisSaid) -> list[str]:
        if not self.others(e.seat) or not e.declared:
            return []
        said = "; ".join(weis_label(w) for w in e.said)
        return [f"{self.names[e.seat]} declares Weis: {said or 'none'}"]

    def trick_taken(self, e: TrickTaken) -> list[str]:
        """The trick with its points, counted with the trump as it stands (the last
        trick with its bonus)."""
        if not self.live:
            return []
        mode = next((t.mode for t in reversed(self.hand) if isinstance(t, TrumpSet)), "none")
        points = sum(final_table(self.rules, mode).points[c] for c in e.cards)
        if self.ending:
            points += self.rules.last_bonus
        trick = Trick(e.leader, e.cards, e.winner)
        return [trick_line(e.number, trick, self.names, points, e.seats)
                + trick_mode_note(self.rules, mode, e.number)]

    def hand_scored(self, e: HandScored) -> list[str]:
        """The hand's report and the standings after it."""
        result = next(r for r in reversed(self.game.results) if r.number == e.hand)
        return [*hand_summary(self.rules, result, self.hand, self.names, self.tricks),
                *standings_table(self.rules, dict(e.totals), self.names), ""]


NARRATE: dict[type[Event], Callable[[Narrator, Any], list[str]]] = {
    Dealt: Narrator.dealt, TrumpSet: Narrator.trump_set, Pushed: Narrator.pushed,
    ColumnTaken: Narrator.column_taken,
    Declared: Narrator.declared, TookPart: Narrator.took_part, Bettered: Narrator.bettered,
    Robbed: Narrator.robbed, WeisSaid: Narrator.weis_said, TrickTaken: Narrator.trick_taken,
    HandScored: Narrator.hand_scored,
}


def pile_label(name: str, names: Sequence[str]) -> str:
    """'blind', or "P1's NAME" for a pile of one player (named 'NAME:1')."""
    pile, _, seat = name.partition(":")
    if not seat.isdigit():
        return pile
    who = names[int(seat)]
    return f"your {pile}" if who == "you" else f"{who}'s {pile}"

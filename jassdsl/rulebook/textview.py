"""Plain-text rendering of games for the terminal: hands, tricks, hand results, standings.

Every function returns strings and prints nothing, so the CLI decides where text goes and
tests can read it. Seats get short names (``P0`` .. ``P3``, the human seat ``you``);
in partnership games a team is named by its members (``you+P2``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.counting import counted_facts
from jassdsl.compile.handfacts import Grant
from jassdsl.core import model as m
from jassdsl.core.actions import Action, value_of
from jassdsl.core.cards import (
    CARD_CLASSES,
    CARD_INDEX,
    RANKS,
    SHOWN,
    SUIT_NAMES,
    SUITS,
    card_words,
    named_codes,
    shown_card,
    shown_set,
    shown_suit,
)
from jassdsl.core.count_order import TRICKS
from jassdsl.core.mechanism import installed_words, partners_in
from jassdsl.core.tables import MODE_NAMES, ModeTable
from jassdsl.engine import Game, HandResult, Observation, Outcome, Trick
from jassdsl.engine.events import (
    Dealt,
    Declared,
    Event,
    HandScored,
    Pushed,
    TrickTaken,
    TrumpSet,
)
from jassdsl.engine.improve import own_pile
from jassdsl.engine.rob import robbing_card
from jassdsl.engine.take_part import take_part
from jassdsl.rulebook.card_words import SUIT_CLASSES, suit_name
from jassdsl.rulebook.expressions import own_name
from jassdsl.rulebook.grammar_words import de_dative, declared_words, unit_word
from jassdsl.rulebook.words import TEXT, Lang, join_words, say


def reread(lang: Lang, prefix: str, sentence: str) -> str:
    """A sentence made in English from one of the vocabulary's templates (keys beginning
    with `prefix`), said again in `lang` with the same template's other language: read
    back, so both languages come from the one entry. A field that is itself a phrase of
    the vocabulary (a reason, ' or pass') is said in `lang` too; an unknown sentence stays
    as it is."""
    if lang == "en":
        return sentence
    for key, pattern in templates(prefix, len(installed_words())):
        found = pattern.fullmatch(sentence)
        if found is not None:
            return say(lang, key, **{k: phrase(lang, v) for k, v in
                                     found.groupdict().items()})
    return sentence


@cache
def templates(prefix: str, installed: int) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The vocabulary's keys beginning with `prefix` and their English templates read back
    as patterns; made once per prefix and per number of the mechanisms' words installed (a
    narrated game reads every sentence back: the table's replay, step by step)."""
    return tuple((key, re.compile(template_pattern(english))) for key, (english, _) in
                 TEXT.items() if key.startswith(prefix))


@cache
def live_phrases(installed: int) -> dict[str, tuple[str, str]]:
    """The live.* entries by their English text (the first of each), as `templates`."""
    out: dict[str, tuple[str, str]] = {}
    for key, pair in TEXT.items():
        if key.startswith("live.") and pair[0]:
            out.setdefault(pair[0], pair)
    return out


def template_pattern(template: str) -> str:
    """A regular expression that reads a filled-in template back into its fields (a field
    right before another one is a single word)."""
    parts = list(string.Formatter().parse(template))
    out = []
    for k, (literal, field, _, _) in enumerate(parts):
        out.append(re.escape(literal))
        if field:
            joined = k + 1 < len(parts) and not parts[k + 1][0] and parts[k + 1][1]
            out.append(f"(?P<{field}>\\S*)" if joined else f"(?P<{field}>.*)")
    return "".join(out)


def phrase(lang: Lang, english: str) -> str:
    """An English phrase of the vocabulary's live.* entries in `lang` (a trick by its
    number, a bonus fact by its word; else as it is)."""
    trick = re.fullmatch(r"trick (\d+)", english)
    if trick is not None:
        return say(lang, "live.trick_number", n=trick.group(1))
    if f"live.bonus.{english}" in TEXT:
        return say(lang, f"live.bonus.{english}")
    pair = live_phrases(len(installed_words())).get(english)
    return english if pair is None else pair[1] if lang == "de" else pair[0]


def weis_text(said: str, lang: Lang = "en") -> str:
    """A declared Weis as the engine says it, in the language ('4 Blatt bis DA (50)')."""
    return named_codes(reread(lang, "live.weis.", said))


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 hand``, ``2 hands``: the number with its word."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def and_list(items: Sequence[str]) -> str:
    """``P0``, ``P0 and P1``, ``P0, P1 and P2``."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def seat_names(players: int, human: int | None = None, lang: Lang = "en") -> list[str]:
    you = say(lang, "live.you")
    return [you if seat == human else f"P{seat}" for seat in range(players)]


def declared_noun(rules: CompiledRules, name: str, lang: Lang = "en") -> str:
    """A declared value's name: the file's word in English ('estimate'), in German the
    file's noun ('Konter') or the vocabulary's ('Schätzung') where there is one."""
    return declared_words(name, rules.model).de.strip("*") if lang == "de" else name


def answer(value: int | str, lang: Lang) -> int | str:
    """A yes/no declaration's answer in the language (`ja`, `nein`); other values as
    they are (a number, `match`)."""
    return say(lang, f"word.{value}") if value in ("yes", "no") else value


def value_text(rules: CompiledRules, name: str, value: int, lang: Lang = "en") -> str:
    """A declared value as said: a named value ('match') and yes or no in the language
    ('Match', 'ja' in German, by the file's words), else the number."""
    named = rules.value_names.get((name, value), value)
    said = answer(named, lang)
    return option_text(rules, said, lang) if isinstance(said, str) else str(said)


def counted(lang: Lang, n: int, one: str, many: str) -> str:
    """``3 tricks`` / ``3 Stiche``: a number with the word of the vocabulary."""
    return f"{n} {say(lang, one) if n == 1 else say(lang, many)}"


def unit_text(rules: CompiledRules, base: str, amount: int, lang: Lang = "en") -> str:
    """An amount in a unit of the file, its word in the language (``157 Punkte``)."""
    if lang == "en":
        return rules.unit_label(base, amount)
    u = rules.units[base]
    if amount < 0 and u.negative:
        return f"{-amount} {unit_word(lang, u.negative[0], u.negative[1], -amount)}"
    return f"{amount} {unit_word(lang, u.singular, u.plural, amount)}"


def subject_names(rules: CompiledRules, names: Sequence[str]) -> list[str]:
    """Players by name, or teams by their members joined with '+'."""
    if rules.subjects == rules.players:
        return list(names)
    return ["+".join(names[s] for s in range(rules.players) if rules.team_of[s] == x)
            for x in range(rules.subjects)]


def mode_label(mode: str, lang: Lang = "en") -> str:
    """``H (Herz / Rosen)`` for a suit (German: ``Herz (Rosen)``), the mode name
    otherwise."""
    if mode in SUITS:
        if lang == "de" or shown_suit(mode) is not None:
            return suit_name(lang, mode)
        return f"{mode} ({SUIT_NAMES['fr'][mode]} / {SUIT_NAMES['ch'][mode]})"
    return mode


def mode_title(lang: Lang, rules: CompiledRules, mode: str) -> str:
    """A mode as a player names it: 'Herz (Rosen)' (in the pack shown: 'Rosen'),
    'Obenabe', 'Slalom von oben' (the file's title for its mode)."""
    if mode in SUITS:
        return suit_name(lang, mode)
    for d in rules.model.modes:
        if d.name == mode and d.title:
            return (d.title_german if lang == "de" and d.title_german else d.title)
    return mode.capitalize()


def final_table(rules: CompiledRules, trump: str) -> ModeTable:
    """The table a finished hand was counted with (the fallback when no trump was set)."""
    table = rules.modes.get(rules.settled_mode(rules.mode_schedule.number(trump)))
    return table if table is not None else next(iter(rules.modes.values()))


def trump_how(rules: CompiledRules, result: HandResult, events: Sequence[Event],
              names: Sequence[str], lang: Lang = "en") -> str:
    """``trump H (...) (how the rule file's method set it)``, or ``no trump (...)``;
    `events`: the hand's, which tell the calls and the card shown."""
    kind, trump = rules.trump_kind, result.trump
    label = say(lang, "live.trump_label", mode=mode_label(trump, lang))
    way = rules.trump_way
    if way is not None and way.told is not None:  # a mechanism's method says it
        return way.told(rules, result, events, names, lang)
    if kind in ("forehand_chooses", "bidder_chooses") or (way and way.called):
        return f"{label} ({calls_text(events, names, lang, rules)})"
    if kind == "random_suit":
        return f"{label} ({say(lang, 'live.how.random')})"
    if kind == "bottom_card" or (kind == "turned" and result.turned < 0):
        shown = next((e.shown for e in reversed(events) if isinstance(e, Dealt)), -1)
        bottom = shown_card(shown) if shown >= 0 else "?"
        return f"{label} ({say(lang, 'live.how.bottom', card=bottom)})"
    if kind == "turned":
        robbed = say(lang, "live.how.robbed", name=names[result.robbed],
                     card=shown_card(robbing_card(rules, result.turned))) \
            if result.robbed >= 0 else ""
        how = say(lang, "live.how.turned", card=shown_card(result.turned), robbed=robbed)
        return f"{label} ({how})"
    return say(lang, "live.how.none", mode=fallback_name(rules))


def fallback_name(rules: CompiledRules) -> str:
    return rules.mode_names[rules.fallback] if rules.fallback is not None else "obenabe"


def calls_text(events: Sequence[Event], names: Sequence[str], lang: Lang = "en",
               rules: CompiledRules | None = None) -> str:
    """The pushes, a mechanism's calls (`Terminal.calls`) and the trump choice among a
    hand's events: ``P0 pushed, chosen by P2``."""
    words = []
    said = {kind: tell for x in (rules.mechanisms if rules else ()) for kind, tell
            in x.terminal.calls.items()}
    for e in events:
        if isinstance(e, Pushed):
            words.append(say(lang, "live.call.pushed", name=names[e.seat]))
        elif rules is not None and type(e) in said:
            words.append(said[type(e)](lang, rules.model, e, names.__getitem__, "live"))
        elif isinstance(e, TrumpSet) and e.how == "chosen":  # or named by a bid, a wish
            key = f"live.call.named_{e.named}" if e.named else "live.call.chosen_by"
            words.append(say(lang, key, name=names[e.seat]))
    return ", ".join(words) or say(lang, "live.call.chosen")


def trick_mode_note(rules: CompiledRules, trump: str, number: int) -> str:
    """`` [undenufe]``: the mode trick `number` (from 1) was played in, where the hand's
    mode is one the rule file defines (Slalom); '' otherwise."""
    mode = rules.mode_schedule.number(trump)
    if mode < len(MODE_NAMES):
        return ""
    return f" [{rules.mode_names[rules.trick_mode(mode, number - 1)]}]"


def trick_line(number: int, trick: Trick, names: Sequence[str], points: int | None,
               seats: Sequence[int] = (), lang: Lang = "en") -> str:
    """``trick 3: P1 HA, P2 H6, P3 H10, you HK -> P1 (25)``; the leader comes first.

    `seats`: the seats in play order when not everybody plays (default: all, in turn)."""
    n = len(names)
    order = seats or [(trick.leader + i) % n for i in range(len(trick.cards))]
    cards = ", ".join(f"{names[order[i]]} {shown_card(c)}" for i, c in enumerate(trick.cards))
    tail = f" ({points})" if points is not None else ""
    return say(lang, "live.trick_line", n=number, cards=cards, winner=names[trick.winner],
               tail=tail)


def grant_text(rules: CompiledRules, grant: Grant, subjects: Sequence[str],
               lang: Lang = "en") -> str:
    amount = unit_text(rules, grant.unit, grant.amount, lang)
    if grant.held_with:
        between = join_words(lang, [subjects[x] for x in grant.held_with])
        return say(lang, "live.abeyance", amount=amount, between=between)
    released = say(lang, "live.released") if grant.released else ""
    return f"{subjects[grant.subject]} {amount}{released}"


def reached_with(won_with: str, counted: Sequence[str], lang: Lang) -> str:
    """What reached the target at once: the facts of `count first:` that counted, or
    the trick that did it ('trick 7, counted after hand Stöck')."""
    labels = f" {say(lang, 'and')} ".join(bonus_label(f, lang) for f in counted
                                           if f != TRICKS)
    if TRICKS not in counted:
        return labels
    trick = say(lang, "live.trick_number", n=won_with.split()[-1])
    return say(lang, "live.counted_after", trick=trick, facts=labels) if labels else trick


def bonus_label(fact: str, lang: Lang = "en") -> str:
    """A bonus fact in words (its mechanism's `live.bonus.FACT`), else by its name."""
    return say(lang, f"live.bonus.{fact}") if f"live.bonus.{fact}" in TEXT else fact


def bonus_lines(rules: CompiledRules, result: HandResult, names: Sequence[str],
                subjects: Sequence[str], counted: Sequence[str] = (), lang: Lang = "en"
                ) -> list[str]:
    """What the mechanisms tell of a hand with bonuses (the Weise declared), then what
    each bonus scored; `counted`: the only facts that counted, when the game ended at
    once in this hand."""
    if not result.bonuses:
        return []
    lines = [f"  {line}" for x in rules.mechanisms if x.terminal.report is not None
             for line in x.terminal.report(rules, result, names, lang)]
    for bonus, values in result.bonuses.items():
        scored = [f"{subjects[x]} {v}" for x, v in enumerate(values) if v]
        if scored:
            late = counted and bonus not in counted
            word = say(lang, "live.not_counted" if late else "live.counted")
            lines.append(f"  {bonus_label(bonus, lang)} {word}: " + ", ".join(scored))
    return lines


def trick_notes(rules: CompiledRules, result: HandResult, lang: Lang = "en") -> list[str]:
    """Per trick: what the mechanisms the file uses note on its line ('' for none)."""
    notes = [""] * len(result.tricks)
    for x in rules.mechanisms:
        if x.terminal.trick_notes is not None and x.name in rules.configs:
            notes = [a + b for a, b in zip(notes, x.terminal.trick_notes(rules, result, lang),
                                           strict=True)]
    return notes


def clause_name(rules: CompiledRules, clause_id: str, lang: Lang = "en") -> str:
    """A clause by name: its id in English; in German the file's German word for it
    (`names in german: card-points "Kartenpunkte"`), else its German title, else the id."""
    if lang == "en":
        return clause_id
    given = next((n.german for n in rules.model.german_names if n.name == clause_id), None)
    return given or clause_title(rules, clause_id, lang) or clause_id


def option_text(rules: CompiledRules, word: str, lang: Lang = "en") -> str:
    """An option's name or value as a player reads it: in German the file's German word
    (`names in german`), a language word (yes: ja), an option's German description, else
    the word itself (a number)."""
    if lang == "en":
        return word
    named = own_name(lang, rules.model, word)
    if named != word:
        return named
    option = next((o for o in rules.model.options if o.name == word), None)
    return option.german if option is not None and option.german else word


def bots_text(bots: str, lang: Lang = "en") -> str:
    """`--bots` as said: 'heuristic' in English, 'Heuristik' in German (kinds by comma)."""
    if lang == "en":
        return bots
    return ", ".join(say(lang, f"live.bot.{kind}") if f"live.bot.{kind}" in TEXT else kind
                     for kind in bots.split(","))


def clause_title(rules: CompiledRules, clause_id: str, lang: Lang = "en") -> str:
    """A clause's title in the language (the file's `german` title; English without one)."""
    clause = next((c for c in rules.model.clauses if c.id == clause_id), None)
    if clause is None:
        return ""
    return (clause.title_german if lang == "de" and clause.title_german else clause.title) or ""


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


RANK_PLURALS = ("aces", "kings", "queens", "jacks", "tens", "nines", "eights", "sevens",
                "sixes")


def class_text(name: str, lang: Lang) -> str:
    """A set of cards a rule file names (`won(queens)`, `won(hearts)`, `won(HK)`) as a
    screen says it: in English by the file's word; in German (or a pack shown) a card by
    its name, a suit by its name in the pack, a rank by its plural ('Ober' or 'Damen')."""
    shown = SHOWN.get()
    if lang == "en" and shown is None:
        return name
    names = shown or "fr"
    if name in CARD_INDEX:
        return card_words(CARD_INDEX[name], names)
    if name in SUIT_CLASSES:
        return SUIT_NAMES[names][SUIT_CLASSES[name]]
    if name in RANK_PLURALS and lang == "de":
        rank = RANKS[RANK_PLURALS.index(name)]
        own = f"live.weis.ranks_ch.{rank}"
        return say(lang, own if names == "ch" and own in TEXT else f"live.weis.ranks.{rank}")
    return name


# The facts that come from card points: who has the most, the same, the rank.
POINT_FACTS = {"points", "rank", "sharing", "points-in-play"}


def clause_facts(rules: CompiledRules, result: HandResult,
                 subjects: Sequence[str], lang: Lang = "en") -> list[str]:
    """The facts of the hand that the clause which scored it reads, one line each: card
    points where they decide, tricks where tricks do, the cards of a kind taken, ...
    (declared values and Weis have lines of their own). Where sides are formed per hand,
    each side is said once, its players joined (`P0+P2`), as the scoring reads it."""
    names, calls = clause_reads(rules, result.clause)
    partners = partners_in(rules.mechanisms, result.parts)
    groups = [[x for x, side in enumerate(partners) if side == one]  # in seat order
              for one in sorted(set(partners), key=partners.index)] if partners \
        else [[x] for x in range(len(subjects))]
    group_of = {x: i for i, group in enumerate(groups) for x in group}
    labels = ["+".join(subjects[x] for x in group) for group in groups]
    k = len(groups)

    def line(title: str, values: Sequence[int]) -> str:
        return f"{title}: " + ", ".join(f"{labels[x]} {v}" for x, v in enumerate(values))

    def taker(trick: Trick) -> str:
        return labels[group_of[rules.team_of[trick.winner]]]

    out = []
    if names & POINT_FACTS or "most" in names or "least" in names or "place" in names:
        out.append(line(say(lang, "live.card_points"), [result.points[g[0]] for g in groups]))
    taken = [0] * k
    tricks = [0] * k
    for trick in result.tricks:
        who = group_of[rules.team_of[trick.winner]]
        tricks[who] += 1
        for c in trick.cards:
            taken[who] |= 1 << c
    if names & {"tricks", "match"}:
        out.append(line(say(lang, "live.tricks_fact"), tricks))
    if "last" in names and result.tricks:
        out.append(say(lang, "live.last_fact", name=taker(result.tricks[-1])))
    for call in calls:
        assert isinstance(call, m.Call)
        arg = call.args[0]
        if call.func == "won" and isinstance(arg, m.Name) and arg.name in CARD_CLASSES:
            mask = CARD_CLASSES[arg.name]
            if mask.bit_count() > 1:
                out.append(line(say(lang, "live.taken", what=class_text(arg.name, lang)),
                                [(taken[x] & mask).bit_count() for x in range(k)]))
            else:
                holder = [labels[x] for x in range(k) if taken[x] & mask]
                out.append(say(lang, "live.taken_by", what=class_text(arg.name, lang),
                               name=holder[0] if holder else say(lang, "live.nobody")))
        elif call.func == "trick" and isinstance(arg, m.Num) and 0 < arg.value <= len(
                result.tricks):
            out.append(say(lang, "live.trick_taken_by", n=arg.value,
                           name=taker(result.tricks[arg.value - 1])))
    return list(dict.fromkeys(out))


def hand_summary(rules: CompiledRules, result: HandResult, events: Sequence[Event],
                 names: Sequence[str], tricks: bool, lang: Lang = "en") -> list[str]:
    """The report of one finished hand, one line per fact (`events`: the hand's)."""
    subjects = subject_names(rules, names)
    lines = [say(lang, "live.hand_head", n=result.number, dealer=names[result.dealer],
                 how=trump_how(rules, result, events, names, lang))]
    for decl, values in result.declared.items():
        shown = ", ".join(f"{names[s]} {value_text(rules, decl, v, lang)}"
                          for s, v in enumerate(values))
        lines.append(f"  {declared_noun(rules, decl, lang)}: {shown}")
    tp = take_part(rules)
    if tp is not None:
        playing = ", ".join(names[x] for x in result.playing) or say(lang, "live.nobody")
        swap = say(lang, "live.swapped", name=names[result.swapped],
                   pile=tp.swap_pile) if result.swapped >= 0 else ""
        lines.append("  " + say(lang, "live.playing", names=playing, swap=swap))
    if result.improved:  # `improve:`, with or without `take part:`
        lines.append("  " + "; ".join(say(lang, f"live.report.{what}", name=names[x],
                                          pile=own_pile(rules)) for x, what in result.improved))
    if tricks:
        table = final_table(rules, result.trump)
        points = result.trick_points(table, rules.last_bonus)
        notes = trick_notes(rules, result, lang)
        lines += [f"  {trick_line(k, t, names, p, result.trick_order(t.leader), lang)}"
                  f"{trick_mode_note(rules, result.trump, k)}{note}"
                  for k, (t, p, note) in
                  enumerate(zip(result.tricks, points, notes, strict=True), 1)]
    lines += [f"  {line}" for line in clause_facts(rules, result, subjects, lang)]
    counted = counted_facts(rules.count_first, result.won_with)
    lines += bonus_lines(rules, result, names, subjects, counted, lang)
    title = clause_title(rules, result.clause, lang)
    name = clause_name(rules, result.clause, lang)
    lines.append("  " + say(lang, "live.scored_line", clause=name)
                 + (f' "{title}"' if title and title != name else ""))
    grants = [grant_text(rules, g, subjects, lang) for g in result.grants]
    lines.append("  " + say(lang, "live.grants",
                            grants="; ".join(grants) if grants else say(lang, "live.nothing")))
    if result.won_with:
        lines.append("  " + say(lang, "live.won_at_once",
                                facts=reached_with(result.won_with, counted, lang)))
    for x in rules.mechanisms:
        if x.terminal.hand_lines is not None:
            lines += [f"  {line}" for line in x.terminal.hand_lines(lang, rules, result, names)]
    return lines


def standings_table(rules: CompiledRules, totals: dict[str, tuple[int, ...]],
                    names: Sequence[str], lang: Lang = "en") -> list[str]:
    """One row per player or team with its totals in every unit, in seat order."""
    subjects = subject_names(rules, names)
    width = max(len(s) for s in subjects)
    rows = []
    for x, name in enumerate(subjects):
        cells = "  ".join(unit_text(rules, u, values[x], lang) for u, values in totals.items())
        rows.append(f"  {name:<{width}}  {cells}")
    return [say(lang, "live.standings"), *rows]


def outcome_line(rules: CompiledRules, outcome: Outcome, names: Sequence[str],
                 lang: Lang = "en") -> str:
    """Who won, with how much, after how many hands, and why the game stopped."""
    subjects = subject_names(rules, names)
    best = outcome.standings[0][1]
    who = join_words(lang, [subjects[x] for x in outcome.winners])
    verb = say(lang, "live.wins" if len(outcome.winners) == 1 else "live.share")
    unit = rules.model.winner.unit.text
    if lang == "de":
        u = next((u for u in rules.model.units if unit in (u.singular, u.plural)), None)
        unit = unit_word(lang, u.singular, u.plural, best) if u is not None else unit
        unit = unit if abs(best) == 1 else de_dative(unit)  # 'mit 3693 Punkten'
    places = ""
    if outcome.left:
        places = say(lang, "live.left_order", order=", ".join(
            say(lang, "live.left_hand", name=subjects[x], n=h) for x, h in outcome.left))
    how = say(lang, "live.first_out") if outcome.first_out else ""
    hands = counted(lang, outcome.hands, "live.hand_word", "live.hands_word")
    reason = reread(lang, "live.end.", outcome.reason)
    return say(lang, "live.game_over", hands=hands, reason=reason, who=who, verb=verb,
               best=best, unit=unit, how=how, places=places)


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
    cards = sorted((a for a in actions if value_of(a.kind) == "card"),
                   key=lambda a: order[a.value])
    return cards + [a for a in actions if value_of(a.kind) != "card"]


def running_count(rules: CompiledRules, obs: Observation, seat: int,
                  names: Sequence[str], lang: Lang = "en") -> str:
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
    def n_tricks(n: int) -> str:
        return counted(lang, n, "live.trick_one", "live.tricks")

    def n_points(n: int) -> str:
        return counted(lang, n, "live.point_one", "live.points")

    mine = [f"{names[seat]} {n_tricks(sum(1 for *_, w in obs.tricks if w == seat))}"]
    if rules.subjects < rules.players:
        mine.append(f"{say(lang, 'live.team', name=subjects[team[seat]])} "
                    f"{n_tricks(tricks[team[seat]])}, {n_points(points[team[seat]])}")
    else:
        mine[0] += f", {n_points(points[seat])}"
    declared = [say(lang, "live.your_value", name=declared_noun(rules, name, lang),
                    value=value_text(rules, name, value, lang))  # `match` rather than 257
                for name, values in obs.declared.items()
                if values and (value := values[seat]) is not None]
    return say(lang, "live.so_far", parts="; ".join(mine + declared))


def apart(rules: Any, obs: Any) -> frozenset[int]:
    """The seat's cards its mechanisms show in a row of their own (`Terminal.apart`: its
    face-up table cards), which the terminal and the browser leave out of the hand."""
    return frozenset(c for x in rules.mechanisms if x.terminal.apart is not None
                     for c in x.terminal.apart(obs))


def hand_text(cards: Sequence[int], table: ModeTable) -> str:
    groups = sorted_hand(cards, table)
    if SHOWN.get() is not None:  # by name: 'Rosen Ass, König; Schellen 9'
        return shown_set([c for g in groups for c in g])
    return "  ".join(shown_set(g) for g in groups)


def numbered(actions: Sequence[Action], name: Callable[[Action], str] = str) -> str:
    return "  ".join(f"{i}) {name(a)}" for i, a in enumerate(actions, 1))


# The regime statements that `Game.why_illegal` names, said as sentences (live.reason.*).
REASONS = ("follow", "follow-trump", "undertrump", "not in hand")


def reason_text(reason: str, lang: Lang = "en") -> str:
    return say(lang, f"live.reason.{reason}") if reason in REASONS else reason


class Narrator:
    """Tells a game at the terminal from its events: one method per event type, each
    returning the lines it says (an event without a method says nothing).

    Finished hands are always reported. With `live` (a person at the table) also each
    deal, the decisions of the other seats (`you` is the person's seat: its own
    decisions are not told back to it) and each trick as it is taken. `tricks` lists the
    tricks in each hand's report."""

    def __init__(self, game: Game, names: Sequence[str], you: int | None = None,
                 tricks: bool = False, lang: Lang = "en") -> None:
        self.game, self.rules, self.names, self.lang = game, game.rules, names, lang
        self.you, self.live, self.tricks = you, you is not None, tricks
        self.hand: list[Event] = []  # the events since the hand's (last) deal
        self.ending = False  # the events being told finish a hand
        self.told = 0  # the last hand whose deal was told
        # the events each mechanism tells, with those told here
        self.narrate = NARRATE | {kind: tell for x in self.rules.mechanisms
                                  for kind, tell in x.terminal.narrate.items()}

    def tell(self, events: Sequence[Event]) -> list[str]:
        """The lines for events that follow those told before, in order."""
        self.ending = any(isinstance(e, HandScored) for e in events)
        lines: list[str] = []
        for e in events:
            if isinstance(e, Dealt):
                self.hand = []
            self.hand.append(e)
            say = self.narrate.get(type(e))
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
        names, obs, lang = self.names, self.game.observe(0), self.lang
        lines = ["\n" + say(lang, "live.deal_head", n=e.hand, dealer=names[e.dealer])]
        if len(obs.table) < self.rules.players:
            lines.append(say(lang, "live.at_table", names=", ".join(names[x] for x in obs.table)))
        if e.shown >= 0:
            lines.append(say(lang, "live.card_shown", card=shown_card(e.shown)))
        if e.turned >= 0:
            lines.append(say(lang, "live.card_turned", card=shown_card(e.turned)))
        seen = dict(e.piles).get(self.rules.show_pile or "")
        if seen:
            lines.append(say(lang, "live.bottom_of", pile=self.rules.show_pile,
                             card=shown_card(seen[-1])))
        piles = [say(lang, "live.pile_cards", pile=pile_label(name, names), k=k)
                 for name, k in obs.piles.items() if k]
        if piles:
            lines.append(say(lang, "live.face_down", piles=", ".join(piles)))
        return lines + [line for x in self.rules.mechanisms if x.terminal.status is not None
                        for line in x.terminal.status(self.rules, obs, names, lang)]

    def trump_set(self, e: TrumpSet) -> list[str]:
        """A player's choice; a mode a player's bid or wish named (`TrumpSet.named`, in the
        mechanism's words; a bid's at the table to the bidder too, who chose no trump); or
        the card of a player who could not follow (told with the hand's report where that
        card ended the hand)."""
        name = self.names[e.seat] if e.seat >= 0 else ""
        if e.how == "chosen" and e.named and (
                self.others(e.seat) or (self.live and e.named == "bid")):
            return [self.say(f"trump_{e.named}", name=name, mode=mode_label(e.mode, self.lang))]
        if e.how == "chosen" and self.others(e.seat):
            return [self.say("trump", name=name, mode=mode_label(e.mode, self.lang))]
        if e.how == "first void" and self.live and not self.ending:
            return [self.say("void", name=name, mode=mode_label(e.mode, self.lang))]
        return []

    def say(self, key: str, **fields: object) -> str:
        """A decision of a seat in words (the vocabulary's live.says.*)."""
        return say(self.lang, f"live.says.{key}", **fields)

    def pushed(self, e: Pushed) -> list[str]:
        return [self.say("push", name=self.names[e.seat])] if self.others(e.seat) else []

    def declared(self, e: Declared) -> list[str]:
        if not self.others(e.seat) or e.kept:
            return []
        name = self.names[e.seat]
        value = value_text(self.rules, e.name, e.value, self.lang)  # `match`
        what = declared_noun(self.rules, e.name, self.lang)
        return [self.say("hidden", name=name, what=what) if e.hidden
                else self.say("value", name=name, what=what, value=value)]

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
        return [trick_line(e.number, trick, self.names, points, e.seats, self.lang)
                + trick_mode_note(self.rules, mode, e.number)]

    def hand_scored(self, e: HandScored) -> list[str]:
        """The hand's report and the standings after it."""
        result = next(r for r in reversed(self.game.results) if r.number == e.hand)
        return [*hand_summary(self.rules, result, self.hand, self.names, self.tricks,
                              self.lang),
                *standings_table(self.rules, dict(e.totals), self.names, self.lang), ""]


NARRATE: dict[type[Event], Callable[[Narrator, Any], list[str]]] = {
    Dealt: Narrator.dealt, TrumpSet: Narrator.trump_set, Pushed: Narrator.pushed,
    Declared: Narrator.declared,
    TrickTaken: Narrator.trick_taken,
    HandScored: Narrator.hand_scored,
}


def pile_label(name: str, names: Sequence[str]) -> str:
    """'blind', or "P1's NAME" for a pile of one player (named 'NAME:1')."""
    pile, _, seat = name.partition(":")
    if not seat.isdigit():
        return pile
    who = names[int(seat)]
    return f"your {pile}" if who == "you" else f"{who}'s {pile}"

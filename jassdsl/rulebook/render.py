"""A variant page and the comparison page as Markdown, from a rule file's model and engine.

Each section is a small function returning lines; `variant_page` strings them together.
Everything said comes from the model (or from the engine, for the worked example); the
only free text are the rule file's own summary, option descriptions, sources and
decisions, which are quoted as the file's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import UNDERTRUMP
from jassdsl.core import model as m
from jassdsl.core import settings
from jassdsl.core.cards import RANK_MASKS, RANKS, SUITS
from jassdsl.core.count_order import TRICKS
from jassdsl.core.mechanism import Mechanism, installed, partners_in, trump_way
from jassdsl.core.pack import file_pack, pack_size
from jassdsl.core.roles import ROLES, role_name
from jassdsl.core.tables import MODE_NAMES
from jassdsl.engine.events import Declared, Pushed
from jassdsl.engine.rob import robbing_card
from jassdsl.rulebook import safe
from jassdsl.rulebook.card_words import RANK_FULL, card_name, rank_name, suit_name, taken_out
from jassdsl.rulebook.cardview import (
    card_mark,
    hand_marks,
    rank_label,
    rank_mark,
    suit_prose,
    suits_legend,
)
from jassdsl.rulebook.example import (
    Example,
    Forced,
    TrickRow,
    seat_name,
    subject_label,
)
from jassdsl.rulebook.expressions import Speaker, mode_prose, own_name, typed_value
from jassdsl.rulebook.grammar_words import (
    SUBJECTS,
    de_dative,
    declared_words,
    role_words,
    unit_word,
)
from jassdsl.rulebook.words import TEXT, Lang, join_words, say

SUIT_TABLES = ("trump", "side")


@dataclass(frozen=True)
class Variant:
    """One rule file, loaded: its name (file stem), text, model, compiled rules, example."""

    name: str
    text: str
    model: m.RuleFile
    rules: CompiledRules
    example: Example


def partners_text(lang: Lang, rf: m.RuleFile, players: int) -> str:
    """Who plays with whom: each alone, partners across, or every second seat."""
    if not rf.teams:
        return say(lang, "ov.alone")
    if rf.seating != "alternating":
        return say(lang, "ov.teams")
    seats = [", ".join(str(x) for x in range(first, players, 2)) for first in (0, 1)]
    return say(lang, "ov.teams_alternating", size=players // 2, even=seats[0], odd=seats[1])


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def table(head: list[str], rows: list[list[str]], stack: bool = False,
          heading: bool = True) -> list[str]:
    """A Markdown table. `stack`: a wide table that a phone shows one row at a time, each
    cell led by its column's name (hidden where the table fits), except the first where it
    is the row's `heading` (a name, not a number)."""
    if stack:
        bare = 1 if heading else 0
        rows = [[*row[:bare], *[f'<span class="rb-label">{h}:</span> {c}'
                                for h, c in zip(head[bare:], row[bare:], strict=True)]]
                for row in rows]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    if stack:
        return ['<div class="rb-stack" markdown>', "", *out, "", "</div>", ""]
    return [*out, ""]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- values of the file ---------------------------------------------------------------------
def value_text(lang: Lang, rf: m.RuleFile, v: m.Value, shown: int | str | None = None) -> str:
    """A number, or an option's default with its choices."""
    if v.number is not None:
        return str(v.number)
    opt = option_of(rf, v.option or "")
    if opt is None:
        return f"*{v.option}*"
    choices = join_words(lang, [own_name(lang, rf, c.word()) for c in opt.choices], "or")
    value = shown if shown is not None else own_name(lang, rf, opt.default.word())
    return say(lang, "ov.option_value", value=value, name=safe.code(opt.name), choices=choices)


def has_trump(rf: m.RuleFile) -> bool:
    t = rf.trump
    if t.kind == "none":
        return False
    if t.kind in ("forehand_chooses", "bidder_chooses"):
        return any(w.text in ("suits", *SUITS) for w in t.modes)
    way = trump_way(installed(), t.kind)
    if way is not None and way.words_of is not None:  # a mechanism's (a scoresheet's)
        return any(w.text in ("suits", *SUITS) for w in way.words_of(rf))
    return True


def used_tables(r: CompiledRules) -> list[str]:
    """The rank/point tables of every mode a hand of this variant can be counted in: the
    trump and side suits where a suit can be trump, Obenabe and Undenufe where reachable."""
    want: list[str] = []
    for mode in r.playable_modes:
        for part in r.mode_schedule.parts(mode):  # a file's mode: the tables of its parts
            want += list(SUIT_TABLES) if part < len(SUITS) else [MODE_NAMES[part]]
    return [name for name in (*SUIT_TABLES, "obenabe", "undenufe") if name in want]


# --- sections -----------------------------------------------------------------------------
def overview(lang: Lang, v: Variant) -> list[str]:
    rf, r = v.model, v.rules
    s = Speaker(lang, rf, inline_options=True)
    players = value_text(lang, rf, rf.players)
    each = value_text(lang, rf, rf.deal.each) if rf.deal.each else str(r.cards_each)
    # 'the rest stays aside' only when some is: twelve each to three players is every card
    deck = pack_size(r.pack)
    deal_key = ("ov.deal_each_piles" if rf.piles else "ov.deal_each") \
        if rf.deal.each and r.cards_each * r.players < deck else "ov.deal_all"
    dealer_key = f"ov.dealer_{settings.word(rf, 'first dealer')}"
    packet = value_text(lang, rf, rf.deal.packet) if not rf.deal.more else \
        say(lang, "ov.packets", sizes=join_words(
            lang, [value_text(lang, rf, v) for v in rf.deal.packets], "and"))
    deal = f"{say(lang, deal_key, each=each, packet=packet)}; {say(lang, dealer_key)}"
    dealer_role = role_name(settings.word(rf, "next dealer"))
    if dealer_role == "bidder":
        deal += f"; {say(lang, 'ov.dealer_bidder')}"
    elif dealer_role is not None:
        deal += f"; {say(lang, 'ov.dealer_role', role=role_words(lang, dealer_role))}"
    if rf.piles:  # cards are left over only with fewer players than the cards can serve
        full = deck // r.cards_each
        key = "ov.piles_fewer" if r.players * r.cards_each >= deck else "ov.piles"
        deal += f"; {say(lang, key, piles=piles_text(lang, rf), full=full)}"
    lead_role = role_name(settings.word(rf, "first lead"))
    lead_key = "ov.lead_bidder" if lead_role == "bidder" else "ov.lead_role" if lead_role \
        else "ov.lead_playing" if "take_part" in rf.parts else "ov.lead_text"
    way = trump_way(installed(), rf.trump.kind)
    if lead_role == "chooser" and (rf.trump.kind == "forehand_chooses" or (way and way.chosen)):
        lead_key = "ov.lead_role_always"  # somebody always chooses: no 'when nobody is'

    units = [unit_word(lang, u.singular, u.plural) for u in rf.units]
    rows = [
        [say(lang, "ov.players"), players],
        [say(lang, "ov.partners"), partners_text(lang, rf, r.players)],
        [say(lang, "ov.cards"), say(lang, "ov.deck") if rf.pack is None else say(
            lang, "ov.deck_without", size=deck, without=join_words(
                lang, [taken_out(lang, w.text) for w in rf.pack.without], "and"))],
        [say(lang, "ov.deal"), deal],
        [say(lang, "ov.lead"), say(lang, lead_key, role=role_words(lang, lead_role or ""))],
        [say(lang, "ov.trump"), trump_short(lang, rf)],
        [say(lang, "ov.units"), join_words(lang, units)],
        [say(lang, "ov.end"), end_and_winner(lang, v, s)],
    ]
    out = [f"## {say(lang, 'h.overview')}", ""]
    summary = rf.summary if lang == "en" else rf.summary_german
    if summary:
        out += [f"> {summary}", ""]
    return out + table([say(lang, "ov.topic"), say(lang, "ov.rule")], rows)


def piles_text(lang: Lang, rf: m.RuleFile) -> str:
    """'the blind (9 cards) and the stock (the rest)', in the order they are filled."""
    keys = {p.name: "pile.each" if p.each else "pile.count" if p.size is not None
            else "pile.rest" for p in rf.piles}
    return join_words(lang, [say(lang, keys[p.name], name=pile(lang, rf, p.name),
                                 n=value_text(lang, rf, p.size) if p.size else "")
                             for p in rf.piles])


def pile(lang: Lang, rf: m.RuleFile, name: str) -> str:
    """A pile by its name in the page's language: '*blind*', '*Blinde*'."""
    return f"*{own_name(lang, rf, name)}*"


def pile_name(lang: Lang, rf: m.RuleFile, name: str) -> str:
    return pile(lang, rf, name) if lang == "en" else f"den Haufen {pile(lang, rf, name)}"


def trump_short(lang: Lang, rf: m.RuleFile) -> str:
    t = rf.trump
    if t.kind == "none":
        return say(lang, "short.none", mode=mode_word(lang, t.fallback, rf))
    if t.kind == "forehand_chooses":
        return say(lang, "short.push_next" if t.push_next else "short.push" if t.push
                   else "short.forehand_chooses")
    way = trump_way(installed(), t.kind)
    if way is not None and way.short is not None:  # a mechanism's method says it
        return way.short(lang, rf)
    if t.kind == "bidder_chooses":
        return say(lang, "short.bid_names" if any(d.naming for d in rf.declarations)
                   else "short.bidder_chooses")
    return say(lang, f"short.{t.kind}")


def end_short(lang: Lang, rf: m.RuleFile, s: Speaker,
              mechanisms: Sequence[Mechanism]) -> str:
    """When the game ends, in a few words: as a mechanism says it (who leaves the table),
    or after how many hands, or the score that ends it."""
    told = mechanism_end(lang, rf, s, mechanisms, short=True)
    if told:
        return told
    if rf.end.hands is not None:
        return say(lang, "cmp.after", hands=value_text(lang, rf, rf.end.hands))
    if rf.end.when is not None:
        return say(lang, "cmp.when", cond=s.end_condition(rf.end.when))
    if rf.end.by:  # a mechanism's end (the full scoresheets)
        return say(lang, f"cmp.{rf.end.by}")
    return ""


def mechanism_end(lang: Lang, rf: m.RuleFile, s: Speaker, mechanisms: Sequence[Mechanism],
                  short: bool) -> str:
    """How a mechanism of the file ends the game (`Rulebook.tell_end`), or ""."""
    return next((told for x in mechanisms if x.rulebook.tell_end is not None
                 and (told := x.rulebook.tell_end(lang, rf, s, short))), "")


def mode_word(lang: Lang, w: m.Word | None, rf: m.RuleFile | None = None) -> str:
    if w is not None and rf is not None and any(d.name == w.text for d in rf.modes):
        return mode_prose(lang, rf, w.text)
    return say(lang, f"fallback.{w.text}") if w is not None and w.text in ("obenabe",
                                                                          "undenufe") else "-"


def cards_section(lang: Lang, v: Variant) -> list[str]:
    rf = v.model
    out = [f"## {say(lang, 'h.cards')}", "", say(lang, "cards.intro"), "",
           say(lang, "ex.suits", suits=suits_legend(lang)), "",
           '<div class="rulebook-tables" markdown>', ""]
    for name in used_tables(v.rules):
        out += ['<div class="rulebook-cards" markdown>', "",
                f"### {say(lang, 'table.' + name)}", "", *card_table(lang, rf, name),
                "</div>", ""]
    out += ["</div>", "", hand_total(lang, v), ""]
    if "take_part" in rf.parts:
        out += [say(lang, "cards.in_play"), ""]
    for b in rf.bonuses:
        key = f"bonus.{b.name.text}"
        points = value_text(lang, rf, b.points)
        text = say(lang, key, points=points) if key in BONUS_KEYS else \
            say(lang, "bonus.other", name=b.name.text, points=points)
        if b.only_if is not None:
            text = text[:-1] + say(lang, "weis.only_if", name=safe.code(b.only_if.text)) + "."
        out.append(f"- {text}")
    return [*out, ""]


BONUS_KEYS = {"bonus.last-trick", "bonus.match", "bonus.stoeck"}


def card_table(lang: Lang, rf: m.RuleFile, name: str) -> list[str]:
    """One row per rank from the highest card to the lowest: order, card, its points (and
    one more column per `card points T if OPTION = CHOICE`). Narrow, so it fits a phone."""
    ranks = [w.text for w in next(r for r in rf.ranks if r.table.text == name).ranks]
    tables = sorted((p for p in rf.points if p.table.text == name),
                    key=lambda p: p.option is not None)
    columns = [{w.text: p for w, p in t.values} for t in tables]
    head = [say(lang, "cards.col.order"), say(lang, "cards.col.card"),
            say(lang, "cards.col.points")]
    head += [say(lang, "cards.col.points_if", option=safe.code(t.option.text if t.option else ""),
                 choice=own_name(lang, rf, t.choice.word() if t.choice else ""))
             for t in tables[1:]]
    pack = file_pack(rf)  # a rank none of whose cards is in the pack has no row
    ranks = [r for r in ranks if r not in RANKS or RANK_MASKS[RANKS.index(r)] & pack]
    rows = []
    for i, rank in enumerate(ranks, start=1):
        names = [rank_label(lang, rank), trump_title(lang, rank) if name == "trump" else ""]
        card = " ".join([f"**{rank_mark(rank)}**", *filter(None, names)])
        rows.append([str(i), card, *[str(values.get(rank, 0)) for values in columns]])
    return table(head, rows)


def trump_title(lang: Lang, rank: str) -> str:
    if rank == "J":
        return f"({say(lang, 'puur')})"
    if rank == "9":
        return f"({say(lang, 'nell')})"
    return ""


def hand_total(lang: Lang, v: Variant) -> str:
    """What a hand is worth, summed from the engine's table of the variant's first mode."""
    r = v.rules
    last = r.last_bonus
    mode = next(iter(r.modes)) if r.modes else None
    if mode is None:
        return ""
    total = sum(r.modes[mode].points) + last
    if last:
        return say(lang, "cards.total", last=last, total=total)
    return say(lang, "cards.total_nolast", total=total)


def trump_section(lang: Lang, rf: m.RuleFile,
                  mechanisms: Sequence[Mechanism] = ()) -> list[str]:
    t = rf.trump
    out = [f"## {say(lang, 'h.trump')}", ""]
    fallback = mode_word(lang, t.fallback, rf)
    # who leads is said in the overview where it is not forehand
    lead = "" if settings.word(rf, "first lead") == "forehand" else "_only"
    if t.kind in ("forehand_chooses", "bidder_chooses"):
        modes = [mode_choice(lang, w.text, rf) for w in t.modes]
        key = "trump.chooses" if t.kind == "forehand_chooses" else "trump.bidder_chooses"
        key += "_one" if len(modes) == 1 else ""  # 'chooses any suit as trump'
        if any(d.naming for d in rf.declarations):  # the highest bid names it
            key = "trump.bid_names"
        out.append(say(lang, key, modes=join_words(lang, modes, "or")))
        contracts = [mode_choice(lang, mode.text, rf) for d in rf.declarations
                     for _, _, mode in d.contracts]
        if contracts:  # `or misere worth 105 playing misere`: that bid plays its mode
            out += ["", say(lang, "trump.bid_plays", modes=join_words(lang, contracts, "or"))]
        if t.push:
            alternating = "_alternating" if rf.seating == "alternating" else ""
            out += ["", say(lang, "trump.push" + alternating + lead)]
        if t.push_next:
            out += ["", say(lang, "trump.push_next" + lead)]
    elif (way := trump_way(mechanisms, t.kind)) is not None and way.section is not None:
        out += way.section(lang, rf)  # a mechanism's method says it (the scoresheet)
    elif t.kind == "turned":
        piles = join_words(lang, [pile(lang, rf, w.text) for w in t.piles], "or")
        out.append(say(lang, "trump.turned", piles=piles))
    else:
        modes = [mode_choice(lang, w.text, rf) for w in t.modes]
        out.append(say(lang, f"trump.{t.kind}", fallback=fallback,
                       modes=join_words(lang, modes, "or")))
    if rf.modes:
        out += ["", say(lang, "mode.defined"), "", *[f"- {own_mode(lang, rf, d)}"
                                                       for d in rf.modes]]
    if rf.show is not None:
        out += ["", say(lang, "trump.show", pile=pile(lang, rf, rf.show.text))]
    for mechanism in mechanisms:
        if "trump" in mechanism.rulebook.describe:
            out += mechanism.rulebook.describe["trump"](lang, rf)
    return [*out, ""]


def fixed_mode(lang: Lang, rf: m.RuleFile, w: m.Word) -> str:
    """The mode of `trump: MODE`, or of the option that names it."""
    opt = next((o for o in rf.options if o.name == w.text), None)
    if opt is None:
        return mode_choice(lang, w.text, rf)
    return value_text(lang, rf, m.Value(pos=w.pos, option=w.text))


def mode_choice(lang: Lang, word: str, rf: m.RuleFile | None = None) -> str:
    if word in SUITS:
        return say(lang, "mode.suit", suit=suit_prose(lang, word))
    if rf is not None and any(d.name == word for d in rf.modes):
        return f"**{mode_prose(lang, rf, word)}**"
    if rf is not None and rf.pack is not None and word in ("obenabe", "undenufe"):
        order = next((r.ranks for r in rf.ranks if r.table.text == word), ())
        pack = file_pack(rf)
        top = next((w.text for w in order if RANK_MASKS[RANKS.index(w.text)] & pack), None)
        if top is not None and order and top != order[0].text:  # the pack lacks the top rank
            return say(lang, f"mode.{word}_high", rank=rank_label(lang, top) or RANK_FULL[lang].get(top, top))
    return say(lang, f"mode.{word}")


def own_mode(lang: Lang, rf: m.RuleFile, d: m.ModeDef) -> str:
    """A mode the file defines in words: its title, how its tricks are played, and its
    own card points where it has a table of its own."""
    parts = [mode_prose(lang, rf, w.text) for w in d.parts]
    if d.kind == "alternating":
        how = say(lang, "mode.alternating", parts=join_words(lang, parts), first=parts[0])
    elif d.kind == "tricks":
        runs = [say(lang, "mode.for", n=n, part=p) for n, p in zip(d.counts, parts,
                                                                    strict=False)]
        how = say(lang, "mode.tricks", parts=", ".join(runs), last=parts[-1])
    else:
        how = say(lang, "mode.as", part=parts[0])
    if d.goal:  # a Misère: its side wants the fewest points, or no tricks
        how += "; " + say(lang, "mode.goal." + d.goal.replace(" ", "_"))
    text = say(lang, "mode.own", title=f"**{mode_prose(lang, rf, d.name)}**", how=how)
    own = [p for p in rf.points if p.table.text == d.name]
    for p in own:
        values = ", ".join(f"{w.text} {v}" for w, v in p.values)
        text += f"; {say(lang, 'mode.points', title=mode_prose(lang, rf, d.name))}: {values}"
    return text


def play_section(lang: Lang, rf: m.RuleFile) -> list[str]:
    follow = settings.words(rf, "follow")
    out = [f"## {say(lang, 'h.play')}", ""]
    if not has_trump(rf):
        return [*out, f"- {say(lang, 'play.suit')}", f"- {say(lang, 'play.no_trump')}", ""]
    items = [say(lang, "play.suit_or_trump" if "trump" in follow else "play.suit"),
             say(lang, "play.trump_led")]
    items.append(say(lang, f"play.puur_{settings.word(rf, 'puur')}"))
    items.append(say(lang, f"play.{settings.word(rf, 'undertrump')}"))
    items.append(say(lang, "play.winner"))
    return [*out, *[f"- {i}" for i in items], ""]


def declare_section(lang: Lang, rf: m.RuleFile,
                    mechanisms: Sequence[Mechanism] = ()) -> list[str]:
    out = [f"## {say(lang, 'h.declare')}", ""]
    items = []
    way = trump_way(mechanisms, rf.trump.kind)
    if rf.trump.kind == "forehand_chooses" or (way and way.chosen):
        items.append(say(lang, "declare.trump_phase" if rf.trump.pushes or way
                         else "declare.trump_phase_alone"))
    for mechanism in mechanisms:  # in the order of a hand
        if "declare" in mechanism.rulebook.describe:
            items += mechanism.rulebook.describe["declare"](lang, rf)
    for d in rf.declarations:
        items += declaration_items(lang, rf, d, mechanisms)
    if not items:
        return [*out, say(lang, "declare.none"), ""]
    return [*out, *[f"{i}. {text}" for i, text in enumerate(items, start=1)], ""]


def declaration_items(lang: Lang, rf: m.RuleFile, d: m.Declaration,
                      mechanisms: Sequence[Mechanism] = ()) -> list[str]:
    """The sentences of one declaration: who declares when, what, and who may see it
    (where a mechanism asks for it, as an auction its bids: `Rulebook.declaration_words`,
    its words for when and what)."""
    words = declared_words(d.name, rf)
    en_a, en_noun, de_a, de_noun = words[:4]
    a_name, noun = (en_a, en_noun) if lang == "en" else (de_a, de_noun)
    low, high = value_text(lang, rf, d.low), value_text(lang, rf, d.high)
    own = next((said for x in mechanisms if x.rulebook.declaration_words is not None
                and (said := x.rulebook.declaration_words(d)) is not None), None)
    if own is not None:
        key = own[0]
    elif d.after_bidder:
        key = "declare.after_bidder"
    elif d.after_role is not None:
        key = "declare.after_role"
    else:
        key = "declare.value"
    if d.yes_no:  # a question each player answers (never an auction: the checker says so)
        key = key.replace("declare.", "declare.yes_no_") if d.after_bidder or d.after_role \
            else "declare.yes_no"
        noun = f"*{noun if words.known else own_name(lang, rf, d.name)}?*"
    top = f"*{own_name(lang, rf, max(d.named, key=lambda n: n[1].number or 0)[0].text)}*" \
        if d.named else high  # an auction ends at once on the highest value
    role = ROLES.get(d.after_role.text) if d.after_role else None
    holder = "" if role is None else role.de_np(3) if lang == "de" \
        else role.doc
    items = [say(lang, key, a_name=a_name, low=low, high=high, name=noun, top=top,
                 role=holder)]
    if d.by is not None:
        who, plural = declarers(lang, rf, d.by)
        start = say(lang, "declare.start.bidder") if d.after_bidder else \
            say(lang, "declare.start.role", role=holder) if role is not None else \
            say(lang, "declare.start.forehand")
        items = [say(lang, "declare.by_yes_no" if d.yes_no else "declare.by", who=who,
                     a_name=a_name, low=low, high=high, name=noun, start=start,
                     may=say(lang, "declare.may_pl" if plural else "declare.may"))]
    items += [note for x in mechanisms if x.rulebook.declaration_notes is not None
              for note in x.rulebook.declaration_notes(lang, rf, d)]
    if "ends_auction" in d.marks:  # said in the auction's turns: a Kontra
        who, plural = declarers(lang, rf, d.by) if d.by is not None else \
            (say(lang, "declare.ends_auction_who"), True)
        items = [say(lang, "declare.ends_auction", who=who, name=noun,
                     may=say(lang, "declare.may_pl" if plural else "declare.may"))]
    if d.naming:
        modes = [mode_choice(lang, w.text, rf) for w in rf.trump.modes]
        first = rf.trump.modes[0].text if rf.trump.modes else "suits"
        mode = suit_name(lang, "H") if first == "suits" else mode_choice(lang, first, rf)
        example = f"{en_noun if lang == 'en' else de_noun} {value_text(lang, rf, d.low)} {mode}"
        items.append(say(lang, "declare.naming", modes=join_words(lang, modes, "or"),
                         example=example))
    if d.only_when is not None:
        phrase = Speaker(lang, rf).stmt(d.only_when)
        asked = a_dative(de_a) if lang == "de" else a_name
        items.append(say(lang, "declare.only_when", a_name=asked,
                         cond=phrase.sub() if lang == "de" else phrase.main()))
    if d.only_if is not None:
        value = own_name(lang, rf, d.only_if_value.word()) if d.only_if_value else \
            own_name(lang, rf, "yes")
        items.append(say(lang, "declare.only_if", name=safe.code(d.only_if.text), value=value))
    declared = say(lang, own[1] if own is not None else "declare.declared")
    if d.step is not None:
        items.append(steps_sentence(lang, rf, d, declared))
    if d.named and not d.yes_no:
        named = [say(lang, "declare.named_one", name=own_name(lang, rf, w.text),
                     value=value_text(lang, rf, v)) for w, v in d.named]
        items.append(say(lang, "declare.named", names=join_words(lang, named, "or"),
                         declared=declared))
    if d.bidder_keeps is not None:
        kept = declared_words(d.bidder_keeps.text, rf)[1 if lang == "en" else 3]
        items.append(say(lang, "declare.bidder_keeps", name=noun, kept=kept))
    if d.hook is not None:
        items.append(say(lang, "declare.hook", total=value_text(lang, rf, d.hook)))
    items.append(say(lang, "declare.hidden" if d.hidden else "declare.open"))
    return items


def a_dative(accusative: str) -> str:
    """A German indefinite noun phrase from the accusative into the dative: 'einen
    Konter' -> 'einem Konter', 'eine Schätzung' -> 'einer Schätzung'."""
    for acc, dat in (("einen ", "einem "), ("eine ", "einer "), ("ein ", "einem ")):
        if accusative.startswith(acc):
            return dat + accusative[len(acc):]
    return accusative


def declarers(lang: Lang, rf: m.RuleFile, t: m.Target) -> tuple[str, bool]:
    """Who may declare (`by TARGET`), as the subject of a sentence, and whether it is
    plural: the team of a role's holder, its opponents, else the target as scoring says it."""
    f = t.filter
    negated = isinstance(f, m.Unary) and f.op == "not"
    inner = f.arg if isinstance(f, m.Unary) and negated else f
    role = ROLES.get(inner.name) if isinstance(inner, m.Name) else None
    if role is not None and t.kind in ("sole", "subset"):
        held = role.de_np(2) if lang == "de" else role.doc
        if negated:
            return say(lang, "declare.by_not_role", role=held), True
        if rf.teams:
            subject = "Team" if lang == "de" else "team"
            return say(lang, "declare.by_role", subject=subject, role=held), False
        return (role.de_np(0) if lang == "de" else role.doc), False
    np, plural, _ = Speaker(lang, rf).target(t, False)
    return np, plural


def steps_sentence(lang: Lang, rf: m.RuleFile, d: m.Declaration, declared: str) -> str:
    """Which numbers a range in steps allows: 'Only these numbers may be bid: 60, 70 and so
    on in steps of 10 up to 150, and 157 itself.' (with an option for a bound, in words)."""
    low, high = value_text(lang, rf, d.low), value_text(lang, rf, d.high)
    step = value_text(lang, rf, d.step) if d.step is not None else ""
    lo, hi = d.low.number, d.high.number
    size = d.step.number if d.step is not None else None
    if lo is None or hi is None or not size or lo + size > hi:
        return say(lang, "declare.steps", low=low, high=high, step=step)
    last = lo + (hi - lo) // size * size
    top = "" if last == hi else say(lang, "declare.steps_top", high=high)
    return say(lang, "declare.steps_list", declared=declared, first=lo, second=lo + size,
               step=step, last=last, top=top)


def rank_names(lang: Lang, rank: str) -> str:
    """A rank by its names in both packs, once where they agree: 'Dame/Ober', 'König',
    'Neun'."""
    if rank not in RANKS:
        return rank
    fr, ch = rank_name("fr", rank), rank_name("ch", rank)
    names = fr if fr == ch else f"{fr}/{ch}"
    return RANK_FULL[lang].get(rank, names) if names == rank else names


def scoring_section(lang: Lang, rf: m.RuleFile) -> list[str]:
    s = Speaker(lang, rf)
    out = [f"## {say(lang, 'h.scoring')}", ""]
    units = [unit_word(lang, u.singular, u.plural) for u in rf.units]
    out += [say(lang, "scoring.units", units=join_words(lang, units)), ""]
    for u in rf.units:
        if u.cancels is not None:
            other = s.unit(u.cancels.text, 1)
            out += [say(lang, "scoring.cancels", a=s.unit(u.singular, 1), b=other), ""]
        if u.floor is not None:
            floor = value_text(lang, rf, u.floor)
            out += [say(lang, "scoring.floor", unit=s.unit(u.plural), floor=floor), ""]
    if not rf.clauses:
        return [*out, say(lang, "scoring.none"), ""]
    out += [say(lang, "scoring.intro"), ""]
    for i, c in enumerate(rf.clauses, start=1):
        out += clause_item(lang, s, c, i)
    where = s.where()
    if where:
        out += [f"{say(lang, 'scoring.where')}:", ""] + [f"- {w}" for w in where] + [""]
    held = [a for c in rf.clauses for a in c.awards if a.verb == "holds"]
    if held:
        unit = held[0].unit.text if held[0].unit is not None else s.main_unit()
        out += [f"!!! note \"{say(lang, 'h.scoring')}\"", "",
                f"    {say(lang, 'scoring.abeyance', unit=s.unit(unit))}", ""]
    return out


def clause_item(lang: Lang, s: Speaker, c: m.Clause, number: int) -> list[str]:
    head = f"{number}. `{c.id}`"
    if c.title:
        head += f" — {titled(lang, c.title, c.title_german)}"
    awards = s.awards(c)
    out = [head, "", f"    {s.condition_line(c)}", ""]
    for i, a in enumerate(awards):
        end = "." if i == len(awards) - 1 else ";"
        out.append(f"    - {a}{end}")
    return [*out, ""]


def checks_section(lang: Lang, rf: m.RuleFile) -> list[str]:
    if not rf.invariants:
        return []
    s = Speaker(lang, rf)
    out = [f"## {say(lang, 'h.checks')}", "", say(lang, "checks.intro"), ""]
    for inv in rf.invariants:
        title = f" ({titled(lang, inv.title, inv.title_german)})" if inv.title else ""
        out.append(f"- `{inv.id}`{title}: {cap(s.stmt(inv.expr).main())}.")
    return [*out, ""]


def end_section(lang: Lang, rf: m.RuleFile, mechanisms: Sequence[Mechanism] = ()
                ) -> list[str]:
    s = Speaker(lang, rf)
    out = [f"## {say(lang, 'h.end')}", ""]
    told = mechanism_end(lang, rf, s, mechanisms, short=False)
    if told:  # players leaving the table end the game
        out.append(told)
    elif rf.end.hands is not None:
        out.append(say(lang, "end.hands", hands=value_text(lang, rf, rf.end.hands)))
    elif rf.end.when is not None:
        out.append(say(lang, "end.when", cond=s.end_condition(rf.end.when)))
    elif rf.end.by:  # a mechanism's end (the full scoresheets)
        out.append(say(lang, f"end.{rf.end.by}"))
    if rf.count_first is not None:
        facts = [say(lang, f"count.{w.text}") for w in rf.count_first.facts
                 if w.text != TRICKS]
        by_trick = len(facts) < len(rf.count_first.facts)
        key = ("end.count_first" if not by_trick else "end.count_first_tricks" if facts
               else "end.count_tricks")
        out += ["", say(lang, key, facts=say(lang, "count.then").join(facts))]
    where = s.where()
    if where:
        out += ["", f"{say(lang, 'scoring.where')}: " + "; ".join(where) + "."]
    subject = "team" if rf.teams else "player"
    sw = SUBJECTS[lang][subject]
    most = rf.winner.direction == "most"
    key = "end.winner_most" if most else "end.winner_fewest"
    if rf.winner.first_out:
        key = "end.winner_first_out"
    unit = s.unit(rf.winner.unit.text)
    word = {"en": ("most", "fewest"), "de": ("meisten", "wenigsten")}[lang][0 if most else 1]
    out += ["", say(lang, key, subject=sw.sg, unit=de_dative(unit) if lang == "de" else unit,
                    article=sw.article, most=word)]
    return [*out, ""]


def options_section(lang: Lang, v: Variant) -> list[str]:
    rf = v.model
    out = [f"## {say(lang, 'h.options')}", ""]
    if not rf.options:
        return [*out, say(lang, "options.none"), ""]
    first = rf.options[0]
    other = next((c for c in first.choices if c.word() != first.default.word()),
                 first.default)
    command = f"jassdsl play {v.name} --option {first.name}={other.word()}"
    out += [say(lang, "options.intro", command=safe.code(command)), ""]
    rows = [[f"`{o.name}`", in_lang(lang, o.description, o.german),
             typed_value(lang, rf, o.default.word()),
             ", ".join(typed_value(lang, rf, c.word()) for c in o.choices)] for o in rf.options]
    return out + table([say(lang, "options.col.name"), say(lang, "options.col.what"),
                        say(lang, "options.col.default"), say(lang, "options.col.choices")],
                       rows, stack=True)


def sources_section(lang: Lang, rf: m.RuleFile) -> list[str]:
    out = [f"## {say(lang, 'h.sources')}", "", say(lang, "sources.intro"), "",
           f"**{say(lang, 'sources.sources')}**", ""]
    out += [f"- **{src.key}**: {src.german if lang == 'de' and src.german else src.text}"
            for src in rf.sources] + [""]
    out += [f"**{say(lang, 'sources.decisions')}**", ""]
    if not rf.decisions:
        return [*out, say(lang, "sources.none"), ""]
    return out + [f"- `{d.key}`: {in_lang(lang, d.text, d.german)}" for d in rf.decisions] + [""]


def in_lang(lang: Lang, english: str, german: str) -> str:
    """A text of the rule file in the page's language; English, marked, where a German
    text is missing."""
    if lang == "en":
        return english
    return german or f"*({say(lang, 'sources.english')})* {english}"


def titled(lang: Lang, english: str, german: str) -> str:
    """A clause's or an invariant's title in the page's language, in italics."""
    text = in_lang(lang, english, german)
    return f"*{text}*" if lang == "en" or german else text


def file_section(lang: Lang, v: Variant) -> list[str]:
    path = f"rules/{v.name}.jass"
    out = [f"## {say(lang, 'h.file')}", "", say(lang, "file.intro", file=safe.code(path)), ""]
    return [*out, safe.listing(v.text, path), ""]


# --- the worked example ---------------------------------------------------------------------
def example_section(lang: Lang, v: Variant) -> list[str]:
    ex, r = v.example, v.rules
    res = ex.result
    out = [f"## {say(lang, 'h.example')}", "", say(lang, "ex.intro", seed=ex.seed), "",
           say(lang, "ex.suits", suits=suits_legend(lang)), "",
           f"### {say(lang, 'ex.deal')}", "",
           say(lang, "ex.dealer", dealer=seat_name(res.dealer),
               forehand=seat_name(ex.forehand)), ""]
    rows = [[f"**{seat_name(seat)}**", hand_marks(hand)] for seat, hand in enumerate(ex.hands)]
    out += table([say(lang, "ex.col.player"), say(lang, "ex.col.cards")], rows)
    out += [*trump_story(lang, v), ""]
    for x in r.mechanisms:  # what a mechanism adds once trump is set (a talon taken)
        if x.rulebook.example is not None and x.name in r.configs:
            out += x.rulebook.example(lang, r, res)
    questions = {d.name for d in v.model.declarations if d.yes_no}
    for name, values in res.declared.items():
        shown = ", ".join(f"{seat_name(i)} {say(lang, 'word.' + ('yes' if val else 'no'))}"
                          if name in questions else f"{seat_name(i)} {val}"
                          for i, val in enumerate(values))
        out += [declared_line(lang, v.model, name, shown), ""]
    out += [f"### {say(lang, 'ex.tricks')}", ""]
    rows = []
    if res.playing or "take_part" in r.configs:
        playing = join_words(lang, [seat_name(x) for x in res.playing]) or "-"
        out += [say(lang, "ex.playing", players=playing), ""]
    for row in ex.rows:
        played = []
        for i, card in enumerate(row.cards):
            seat = row.seats[i]
            text = card_mark(card)
            if seat == row.winner:
                text = f"**{text}**"
            played.append(f"{seat_name(seat)}&nbsp;{text}")
        number = f"{row.number} ({trick_mode_word(lang, row.mode)})" if row.mode \
            else str(row.number)
        rows.append([number, seat_name(row.leader), " · ".join(played),
                     seat_name(row.winner), str(row.points)])
    out += table([say(lang, "ex.col.no"), say(lang, "ex.col.leader"),
                  say(lang, "ex.col.played"), say(lang, "ex.col.winner"),
                  say(lang, "ex.col.points")], rows, stack=True, heading=False)
    note = say(lang, "ex.tricks_note")
    if any(row.mode for row in ex.rows):
        note += " " + say(lang, "ex.tricks_modes")
    out += [note, ""]
    why = why_lines(lang, v)
    if why:
        out += [say(lang, "ex.why"), "", *why, ""]
    return out + outcome_lines(lang, v)


def why_lines(lang: Lang, v: Variant) -> list[str]:
    """Where a rule decided a card or a trick, each kind of case told once (its first
    time), in playing order: the list below the example's tricks."""
    ex, r = v.example, v.rules
    told: set[object] = set()
    found: list[tuple[int, int, str]] = []  # (trick, order within the trick, sentence)
    for i, f in enumerate(ex.forced):
        kind = (tuple(k for k, _ in f.excluded), f.only, f.exception)
        if kind not in told:
            told.add(kind)
            found.append((f.trick, i, forced_text(lang, f)))
    for row in ex.rows:
        if row.won_by and (row.won_by, row.order) not in told:
            told.add((row.won_by, row.order))
            found.append((row.number, len(ex.forced), won_text(lang, r, row)))
    return [f"- {say(lang, 'ex.why_trick', n=n)}: {text}" for n, _, text in sorted(found)]


def forced_text(lang: Lang, f: Forced) -> str:
    """Why a card was played: an exception allowed it, it was the only legal card, or a
    rule barred other cards (the regime statements of `Game.why_illegal`, in words)."""
    player, card = seat_name(f.seat), card_mark(f.card)
    if f.exception:
        return say(lang, f"ex.allowed.{f.exception}", player=player, card=card)
    reasons = join_words(lang, [say(lang, f"ex.reason.{k}") for k, _ in f.excluded])
    if f.only:
        return say(lang, "ex.forced_only", player=player, card=card, reasons=reasons)
    barred = [c for k, cards in f.excluded if k == UNDERTRUMP for c in cards]
    return say(lang, "ex.forced_barred", player=player, card=card,
               cards=" ".join(card_mark(c) for c in barred),
               reason=say(lang, f"ex.reason.{UNDERTRUMP}"))


def won_text(lang: Lang, r: CompiledRules, row: TrickRow) -> str:
    """Why a trick went to a card that is not the highest of the suit led: a trump, or
    the order of the trick's mode (its ranks, read from the mode's table)."""
    card = row.cards[row.seats.index(row.winner)]
    table = r.modes[r.settled_mode(r.mode_names.index(row.order))]
    suit = card // 9
    ranks = " ".join(RANKS[c % 9] for c in sorted(range(9 * suit, 9 * suit + 9),
                                                   key=lambda c: -table.strength[c]))
    mode = trick_mode_word(lang, row.order) if row.won_by == "order" else ""
    return say(lang, f"ex.won.{row.won_by}", player=seat_name(row.winner),
               card=card_mark(card), ranks=ranks, mode=mode)


def trick_mode_word(lang: Lang, mode: str) -> str:
    """The mode of one trick in the example's table: 'Obenabe', 'Undenufe', '♠ trump'."""
    if mode in ("obenabe", "undenufe"):
        return mode.capitalize()
    return say(lang, "ex.trick_trump", suit=suit_prose(lang, mode))


def declared_line(lang: Lang, rf: m.RuleFile, name: str, shown: str) -> str:
    """What each player declared: 'Bids: P0 110, P1 120.' ('Gebote: ...'); a value without
    a noun (of the language or the file) keeps its name: 'Declared *x*: ...'."""
    words = declared_words(name, rf)
    noun = words.en if lang == "en" else words.de
    if not words.known:
        return say(lang, "ex.declared", name=noun, values=shown)
    plural = f"{noun}s" if lang == "en" else words.de_pl
    return say(lang, "ex.declared_all", names=cap(plural), values=shown)


def trump_story(lang: Lang, v: Variant) -> list[str]:
    ex, r = v.example, v.rules
    trump = ex.result.trump
    is_suit = trump in SUITS
    trump_text = say(lang, "ex.trump_is", suit=suit_prose(lang, trump)) if is_suit else ""
    kind, way = r.trump_kind, r.trump_way
    if way is not None and way.story is not None:  # a mechanism's method says it
        return way.story(lang, v)
    if kind in ("bottom_card", "turned") and ex.shown >= 0:
        return [say(lang, "ex.shown", card=card_mark(ex.shown), trump=trump_text)]
    if kind == "turned" and ex.result.turned >= 0:
        robbed = ex.result.robbed
        line = say(lang, "ex.turned", card=card_mark(ex.result.turned), trump=trump_text)
        if robbed >= 0:
            line += " " + say(lang, "ex.robbed", player=seat_name(robbed),
                              card=card_mark(robbing_card(r, ex.result.turned)))
        return [line]
    if kind == "random_suit":
        return [say(lang, "ex.random", trump=suit_prose(lang, trump))]
    if kind in ("forehand_chooses", "bidder_chooses") or (way and way.chosen):
        lines = []
        said = {kind: tell for x in r.mechanisms for kind, tell in x.terminal.calls.items()}
        for e in ex.calls:
            player = seat_name(e.seat)
            if type(e) in said:  # a mechanism's call (a column of the scoresheet)
                lines.append(said[type(e)](lang, v.model, e, seat_name, "example"))
            elif isinstance(e, Declared):  # a call a mechanism tells (a bid, a pass)
                told = (x.rulebook.example_call(lang, r, e) for x in r.mechanisms if x.rulebook.example_call)
                lines += [call for call in told if call is not None]
            elif isinstance(e, Pushed):
                lines.append(say(lang, "ex.push", player=player))
            else:  # chosen, or named by a bid or a wish (`TrumpSet.named`)
                key = f"ex.named_{e.named}" if getattr(e, "named", "") else "ex.choose"
                lines.append(say(lang, key, player=player,
                                 trump=mode_choice(lang, e.mode, v.model)))
        return [" ".join(lines)]
    return [say(lang, "ex.no_trump", mode=say(lang, f"fallback.{trump}")
                if trump in ("obenabe", "undenufe") else mode_prose(lang, v.model, trump))]


def outcome_lines(lang: Lang, v: Variant) -> list[str]:
    ex, r, rf = v.example, v.rules, v.model
    res = ex.result
    s = Speaker(lang, rf)
    # where sides are formed per hand, each side once (its players joined), as it scored
    partners = partners_in(r.mechanisms, res.parts)
    firsts = [partners.index(x) for x in sorted(set(partners))] if partners \
        else list(range(len(res.points)))

    def label(i: int) -> str:
        return "+".join(seat_name(x) for x, side in enumerate(partners)
                        if side == partners[i]) if partners else subject_label(r, i)

    points = ", ".join(f"{label(i)} {res.points[i]}" for i in firsts)
    # card points a mechanism gives besides the tricks (cards laid away that count)
    besides = [x.rulebook.example_points(lang, r, res) for x in r.mechanisms
               if x.rulebook.example_points is not None and x.name in r.configs]
    extra = sum(res.points[i] for i in firsts) - sum(ex.trick_sums) - sum(
        p for p, _ in besides)
    line = say(lang, "ex.points", points=points)
    for laid, words in besides:
        if laid:
            line = line[:-1] + " " + words + "."
    if extra:
        line = line[:-1] + " " + say(lang, "ex.match_bonus", bonus=extra) + "."
    out = [line, ""]
    counted = [f"{label(i)} {say(lang, f'ex.bonus.{key}')} {values[i]}"
               for key, values in res.bonuses.items() for i in firsts if values[i]]
    if counted:
        out += [say(lang, "ex.bonuses", items="; ".join(counted)), ""]
    clause = next((c for c in rf.clauses if c.id == res.clause), None)
    if clause is not None:
        title = f" ({titled(lang, clause.title, clause.title_german)})" if clause.title \
            else ""
        out += [say(lang, "ex.clause", id=clause.id, title=title), "",
                f"> {s.clause_text(clause)}", ""]
    grants = [grant_text(lang, r, g.subject, g.unit, g.amount, g.held_with)
              for g in res.grants if g.amount]
    out += [say(lang, "ex.grants", grants="; ".join(grants)) if grants
            else say(lang, "ex.no_grants"), ""]
    totals = []
    for unit, values in res.totals.items():
        totals += [f"{subject_label(r, i)} {amount_text(lang, r, unit, val)}"
                   for i, val in enumerate(values)]
    return [*out, say(lang, "ex.totals", totals=", ".join(totals)), ""]


def amount_text(lang: Lang, r: CompiledRules, unit: str, amount: int) -> str:
    """'2 potatoes' for -2 sticks where potatoes cancel sticks, else '3 points'."""
    info = r.units[unit]
    if amount < 0 and info.negative:
        one, many = info.negative
        return f"{-amount} {unit_word(lang, one, many, amount)}"
    return f"{amount} {unit_word(lang, info.singular, info.plural, amount)}"


def grant_text(lang: Lang, r: CompiledRules, subject: int, unit: str, amount: int,
               held: tuple[int, ...]) -> str:
    text = amount_text(lang, r, unit, amount)
    if held:
        who = join_words(lang, [subject_label(r, x) for x in held])
        return say(lang, "ex.held", amount=text, who=who)
    return f"{subject_label(r, subject)} {text}"


# --- pages ------------------------------------------------------------------------------------
def variant_page(lang: Lang, v: Variant) -> str:
    """The whole Markdown page of one variant in one language."""
    rf = v.model
    parts = [
        [f"# {rf.name}", ""],
        overview(lang, v),
        cards_section(lang, v),
        trump_section(lang, rf, v.rules.mechanisms),
        play_section(lang, rf),
        declare_section(lang, rf, v.rules.mechanisms),
        *[x.rulebook.section(lang, v) for x in v.rules.mechanisms if x.rulebook.section is not None],
        scoring_section(lang, rf),
        end_section(lang, rf, v.rules.mechanisms),
        checks_section(lang, rf),
        options_section(lang, v),
        sources_section(lang, rf),
        example_section(lang, v),
        file_section(lang, v),
    ]
    text = "\n".join(line for part in parts for line in part).rstrip() + "\n"
    return closed_clauses(text) if lang == "de" else text


def closed_clauses(text: str) -> str:
    """German closes a relative clause with a comma ('den Spieler stellt, der den Trumpf
    gewählt hat, und ...'); the phrases of roles always do, and where the sentence ends
    right after one, or another comma follows, it goes (before '.', ':', ';', ')', ',')."""
    return REL_COMMA.sub("", text)


REL_COMMA = re.compile(r",(?=[.:;),])")


def compare_row(lang: Lang, v: Variant) -> list[str]:
    """One variant in the words of a player: who plays, how trump is set, how one may play
    to a trick, what is counted, which bonuses there are, and how the game is won."""
    rf = v.model
    s = Speaker(lang, rf, inline_options=True)
    players = value_text(lang, rf, rf.players)
    players = say(lang, "cmp.teams" if rf.teams else "cmp.alone", n=players)
    if has_trump(rf):
        under = say(lang, f"short.{settings.word(rf, 'undertrump')}")
        if settings.word(rf, "puur") == "exempt":
            under += f"; {say(lang, 'short.puur')}"
    else:
        under = say(lang, "short.no_trump")
    units = join_words(lang, [unit_word(lang, u.singular, u.plural) for u in rf.units])
    bonuses = bonuses_short(lang, rf, v.rules.mechanisms)
    scored = say(lang, "cmp.scored", units=units, bonuses=bonuses) if bonuses else units
    end = cap(end_and_winner(lang, v, s))
    return [f"[{rf.name}]({quote(v.name)}.md)", players, trump_short(lang, rf), under, scored,
            end]


def bonuses_short(lang: Lang, rf: m.RuleFile, mechanisms: Sequence[Mechanism] = ()) -> str:
    """'Weis, Stöck 20, match 100, last trick 5': what a hand can bring besides the cards
    with the file's defaults. What an option takes away is said after the item ('Stöck 20
    (not with `stoeck-counts=no`)'); what only an option brings follows in brackets
    ('last trick 5 (Stöck 20 with `count-stoeck=yes`)', '— (...)' when nothing else
    counts); '' when a hand brings nothing besides the cards."""
    counted: list[str] = []
    extra: list[str] = []  # items that count only with an option's other value

    def add(item: str, option: m.Option | None, on: list[str]) -> None:
        """An item that counts where `option` (None: always) has one of the values `on`."""
        if option is None:
            counted.append(item)
            return
        off = [c.word() for c in option.choices if c.word() not in on]
        if option.default.word() in on:
            counted.append(say(lang, "short.not_with", item=item,
                               setting=option_values(lang, option.name, off)) if off else item)
        else:
            extra.append(say(lang, "short.only_with", item=item,
                             setting=option_values(lang, option.name, on)))

    for x in mechanisms:
        if x.rulebook.short is not None:
            for item, option, on in x.rulebook.short(lang, rf):
                add(item, option, on)
    for b in rf.bonuses:
        if f"short.bonus.{b.name.text}" in TEXT:
            item = say(lang, f"short.bonus.{b.name.text}",
                       points=value_text(lang, rf, b.points))
            add(item, None if b.only_if is None else option_of(rf, b.only_if.text), ["yes"])
    if not counted and not extra:
        return ""
    text = ", ".join(counted) or say(lang, "short.none_counted")
    return f"{text} ({'; '.join(extra)})" if extra else text


def option_of(rf: m.RuleFile, name: str) -> m.Option | None:
    return next((o for o in rf.options if o.name == name), None)


def option_values(lang: Lang, name: str, values: list[str]) -> str:
    """`count-stoeck=yes`, or `weis-table=big` or `weis-table=small`: as one sets it."""
    return join_words(lang, [safe.code(f"{name}={v}") for v in values], "or")


def end_and_winner(lang: Lang, v: Variant, s: Speaker) -> str:
    rf = v.model
    return f"{end_short(lang, rf, s, v.rules.mechanisms)}; {winner_short(lang, rf, s)}"


def winner_short(lang: Lang, rf: m.RuleFile, s: Speaker) -> str:
    """Who wins at the end, or, where players leave the table, who wins by leaving first."""
    if rf.winner.first_out:
        return say(lang, "cmp.first_out")
    sw = SUBJECTS[lang]["team" if rf.teams else "player"]
    key = "cmp.winner_most" if rf.winner.direction == "most" else "cmp.winner_fewest"
    unit = s.unit(rf.winner.unit.text)
    return say(lang, key, subject=sw.sg, article=sw.article,
               unit=de_dative(unit) if lang == "de" else unit)


def compare_page(lang: Lang, variants: list[Variant]) -> str:
    out = [f"# {say(lang, 'cmp.title')}", "", say(lang, "cmp.intro"), "",
           f"## {say(lang, 'h.compare')}", ""]
    head = [say(lang, f"cmp.col.{k}") for k in ("variant", "players", "trump", "undertrump",
                                                  "scored", "end")]
    out += table(head, [compare_row(lang, v) for v in variants], stack=True)
    return "\n".join(out).rstrip() + "\n"


def corpus_table(lang: Lang, counts: dict[str, dict[str, int]]) -> list[str]:
    """Cases of the conformance corpus per variant and kind, with the totals."""
    kinds = sorted({k for per in counts.values() for k in per})
    rows = [[safe.code(name), *[str(per.get(k, 0)) for k in kinds], str(sum(per.values()))]
            for name, per in sorted(counts.items())]
    rows.append([f"**{say(lang, 'corpus.total')}**",
                 *[str(sum(per.get(k, 0) for per in counts.values())) for k in kinds],
                 f"**{sum(sum(per.values()) for per in counts.values())}**"])
    return table([say(lang, "cmp.col.variant"), *[f"`{k}`" for k in kinds],
                  say(lang, "corpus.total")], rows)


__all__ = ["Variant", "card_name", "compare_page", "variant_page"]

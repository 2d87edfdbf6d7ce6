"""`jassdsl play`: a whole game at the terminal, bots at every seat or one seat for a person."""

from __future__ import annotations

import argparse
import copy
import os
import random
import re
import sys
from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from typing import Any, TextIO

from jassdsl.bots.kinds import make_bots
from jassdsl.bots.view import Bot, View, table_for
from jassdsl.cli import BOTS_HELP, UsageError, add_variant_arguments, bots_value, options_of
from jassdsl.core.actions import PASS, PUSH, Action, legal_names, value_of, whole_number
from jassdsl.core.cards import CARD_NAMES, SUIT_NAMES, card_words, pack_words, shown_card, shown_in
from jassdsl.core.errors import JassError
from jassdsl.core.mechanism import asking
from jassdsl.core.modes import Mode
from jassdsl.engine import Game, Outcome
from jassdsl.registry import display_path, load_rules, variant_path
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.grammar_words import declared_words
from jassdsl.rulebook.words import LANGS, Lang, say

QUIT_WORDS = ("q", "quit", "exit", "ende")
YES_NO = {"yes": 1, "y": 1, "ja": 1, "no": 0, "n": 0, "nein": 0}

SAID = {"schieben": "push", "passen": "pass"}  # the German words of two choices
PACKS = ("fr", "ch")  # the card packs whose words can name the cards


def locale_lang() -> Lang:
    """German where the locale is German (LC_ALL, LC_MESSAGES or LANG), else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(key, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def wrong_text(lang: Lang, sentence: str) -> str:
    """What `interpret` said of a wrong answer, in the language: its English sentence is
    read back with the vocabulary's English template (live.wrong.*) and said again with the
    German one, so both come from the same entry."""
    return tv.reread(lang, "live.wrong.", sentence)


class InputClosed(Exception):
    """The person at the terminal closed stdin or asked to quit."""


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a whole game with bots, or join at one seat",
                       description="Play a whole game. Bots take every seat unless --human "
                                   "gives one to you.")
    add_variant_arguments(p)
    p.add_argument("--seed", type=int, help="deal and bot seed; the same seed replays the game")
    p.add_argument("--human", type=int, metavar="SEAT",
                   help="play seat SEAT yourself (0-based; your seat is called 'you')")
    p.add_argument("--bots", type=bots_value, default="heuristic",
                   help="the bots at the other seats: " + BOTS_HELP + " (default: heuristic)")
    p.add_argument("-v", "--verbose", action="store_true", help="show every trick")
    p.add_argument("--lang", choices=LANGS, default=locale_lang(),
                   help="the language of the table: de or en (default: from the locale)")
    p.add_argument("--pack", choices=PACKS,
                   help="name the cards you may play in this pack's words: fr (Ecken, Herz, "
                        "Schaufel, Kreuz) or ch (Eicheln, Rosen, Schilten, Schellen); "
                        "German names the French pack unless told, English shows codes")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    rules = load_rules(args.variant, options_of(args))
    if args.human is not None and not 0 <= args.human < rules.players:
        raise UsageError(f"--human takes a seat from 0 to {rules.players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    lang: Lang = args.lang
    names = tv.seat_names(rules.players, args.human, lang)
    agents = make_bots(args.bots, rules.players, seed, rules=rules)
    if args.human is not None:
        agents[args.human] = HumanPlayer(sys.stdin, out, names, lang,
                                         pack_names(lang, args.pack))
    game = Game(rules, seed=seed, record=False, events=True)
    with shown_in(pack_words(lang, args.pack)):  # running text names cards in the pack
        for line in header(game, str(display_path(variant_path(args.variant))), seed,
                           args.bots, names, lang):
            print(line, file=out)
        table = Table(game, agents, names, out, args.verbose, args.human, lang)
        try:
            outcome = table.run()
        except InputClosed as e:
            hands = tv.counted(lang, len(game.results), "live.finished_one",
                               "live.finished_many")
            print("\n" + say(lang, "live.left", why=e, hands=hands), file=sys.stderr)
            return 0
        print(tv.outcome_line(rules, outcome, names, lang), file=out)
    return 0


def header(game: Game, path: str, seed: int, bots: str, names: Sequence[str],
           lang: Lang = "en") -> list[str]:
    rules = game.rules
    lines = [say(lang, "live.head.seed", name=rules.name, path=path, seed=seed,
                 bots=tv.bots_text(bots, lang))]
    seats = ", ".join(names)
    subjects = tv.subject_names(rules, names)
    teams = say(lang, "live.head.teams", teams=f" {say(lang, 'and')} ".join(subjects)) \
        if rules.subjects < rules.players else ""
    lines.append(say(lang, "live.head.seats", seats=seats, teams=teams))
    if rules.options and lang == "en":
        lines.append(say(lang, "live.head.options", options=", ".join(
            f"{k}={v}" for k, v in rules.options.items())))
    elif rules.options:  # by the file's German words, or its descriptions of the options
        lines.append(say(lang, "live.head.options", options="; ".join(
            f"{tv.option_text(rules, k, lang)}: {tv.option_text(rules, str(v), lang)}"
            for k, v in rules.options.items())))
    return lines


class Table:
    """Drives one game: asks each seat for its action and tells what it did, from the
    events each action made (see `textview.Narrator`)."""

    def __init__(self, game: Game, agents: Sequence[Bot], names: Sequence[str], out: TextIO,
                 verbose: bool, you: int | None, lang: Lang = "en") -> None:
        self.game, self.agents, self.out = game, agents, out
        self.narrator = tv.Narrator(game, names, you, verbose, lang)

    def run(self) -> Outcome:
        game = self.game
        told = 0
        while True:
            for line in self.narrator.tell(game.events[told:]):
                print(line, file=self.out)
            told = len(game.events)
            if game.is_over:
                break
            seat = game.current_player
            game.apply(self.agents[seat].choose(game, seat))
        outcome = game.outcome()
        assert outcome is not None
        return outcome


class HumanPlayer:
    """A seat played at the terminal: shows the seat's view, reads and checks entries."""

    def __init__(self, inp: TextIO, out: TextIO, names: Sequence[str],
                 lang: Lang = "en", cards: str = "") -> None:
        self.inp, self.out, self.names, self.lang = inp, out, names, lang
        self.cards = cards  # the pack whose words name the cards offered ('': codes only)
        self.forced_hand = 0  # the hand whose remaining tricks are being played out

    def say(self, line: str) -> None:
        print(line, file=self.out)

    def choose(self, game: Game, seat: int) -> Action:
        only = game.forced_action()
        if only is not None:  # asked as every seat is, with nothing to declare
            return only
        view = View.of(game, seat)
        legal = tv.in_hand_order(game.legal_actions(), table_for(game.rules, view.trump))
        if game.phase == "play" and self.forced_hand == game.hand_number:
            return legal[0]
        if game.phase == "play" and forced(game):
            self.forced_hand = game.hand_number
            self.say(say(self.lang, "live.forced"))
            return legal[0]
        self.show(game, seat, legal)
        while True:
            self.out.write(self.prompt(game, legal))
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise InputClosed(say(self.lang, "live.closed"))
            text = line.strip()
            if not self.inp.isatty():
                self.say(text)  # echo piped entries so the transcript reads like a session
            if text.lower() in QUIT_WORDS:
                raise InputClosed(say(self.lang, "live.quit"))
            answer = interpret(game, text, legal)
            if isinstance(answer, Action):
                return answer
            self.say(say(self.lang, "live.wrong", answer=wrong_text(self.lang, answer),
                         legal=choices_text(game, legal, self.lang, self.cards)))

    def show(self, game: Game, seat: int, legal: list[Action]) -> None:
        view = View.of(game, seat)
        table = table_for(game.rules, view.trump)
        obs = game.observe(seat)
        lang = self.lang
        trump_text = trump_so_far(game, obs.trump, obs.bid_mode, lang)
        if game.phase == "play" and view.order != view.trump:  # a file's mode: this trick's
            trump_text += say(lang, "live.this_trick",
                              mode=tv.mode_label(game.rules.mode_names[view.order], lang))
        apart = tv.apart(game.rules, obs)  # shown in their row below alone (table cards)
        hand = [c for c in view.hand if c not in apart]
        self.say(say(lang, "live.show", trump=trump_text, hand=tv.hand_text(hand, table)
                                                          or ("-" if apart else "")))
        played = ", ".join(f"{self.names[view.seats[i]]} {shown_card(c)}"
                           for i, c in enumerate(view.trick))
        if game.phase == "play":
            self.say(tv.running_count(game.rules, obs, seat, self.names, lang))
            self.say(say(lang, "live.trick_so_far", played=played) if played
                     else say(lang, "live.you_lead"))
        elif played:  # a decision in the middle of a trick (naming the mode when void)
            self.say(say(lang, "live.trick_so_far", played=played))
        for x in game.rules.mechanisms:  # what lies openly before the seats (table cards)
            if x.terminal.view_lines is not None:
                for line in x.terminal.view_lines(game.rules, obs, self.names, lang):
                    self.say(line)
        mechanism = asking(game)
        if mechanism is not None and mechanism.terminal.prompt is not None \
                and mechanism.terminal.prompt.shows is not None:
            for line in mechanism.terminal.prompt.shows(game, obs, self.names, lang):
                self.say(line)
        self.say(say(lang, "live.legal", legal=choices_text(game, legal, lang, self.cards)))

    def prompt(self, game: Game, legal: list[Action]) -> str:
        lang = self.lang
        mechanism = asking(game)
        if mechanism is not None and mechanism.terminal.prompt is not None:
            return mechanism.terminal.prompt.ask(game, lang)
        if game.phase == "declare":  # the legal numbers are on the line above
            words = declared_words(legal[0].kind, game.rules.model)
            return say(lang, "live.ask.declare" if lang == "en" or words.gender == "f"
                       else "live.ask.declare_mn",
                       kind=tv.declared_noun(game.rules, legal[0].kind, lang))
        if game.phase == "trump":
            push = ", push" if any(a.kind == "push" for a in legal) else ""
            if self.cards:  # the modes by the names the choices show
                push = f", {card_choice(game, PUSH, self.cards)}" if push else ""
                return say(lang, "live.ask.trump", push=push, modes=", ".join(
                    card_choice(game, a, self.cards) for a in legal if a.kind == "trump"))
            return say(lang, "live.ask.trump", modes=mode_words(game, legal), push=push)
        return say(lang, "live.ask.card")


def trump_so_far(game: Game, trump: Mode, bid_mode: str, lang: Lang) -> str:
    """The hand's trump as it stands; before it is set, the mode the highest bid named
    once its auction is over (`naming the mode`: the trump phase only writes it down)."""
    if trump.is_set:
        return tv.mode_label(trump, lang)
    bidding = asking(game)
    if bid_mode and (bidding is None or bidding.part_key != "mode_bids"):
        return f"{tv.mode_label(bid_mode, lang)} ({say(lang, 'short.bid_names')})"
    return say(lang, "live.no_trump")


def forced(game: Game) -> bool:
    """Whether the rest of the hand is certain: one seat plays alone, or every play left
    of every seat has exactly one legal card (tried out on a copy of the game)."""
    if len(game.observe(game.current_player).playing) == 1:
        return True
    if game.phase != "play" or len(game.legal_actions()) != 1:
        return False  # the trial's first step, answered before paying for the copy
    trial = copy.deepcopy(game, {id(game.rules): game.rules})
    hands = len(trial.results)
    while len(trial.results) == hands:
        legal = trial.legal_actions()
        if trial.phase != "play" or len(legal) != 1:
            return False
        trial.apply(legal[0])
    return True


def pack_names(lang: Lang, pack: str | None) -> str:
    """Whose words name the cards offered: the pack asked for; in German the French pack
    (as the site shows it first); in English none, the codes say it."""
    return pack_words(lang, pack) or ""


def card_choice(game: Game, action: Action, cards: str) -> str:
    """A choice as typed ('DA'), a card with its name in the pack's words: 'DA (Ecken Ass)';
    a card to give or lay away by its code alone as well (the question says what is done
    with it, in the seat's language, and the card is read as typed either way)."""
    text = game.action_text(action)
    if cards and value_of(action.kind) == "card":
        return f"{CARD_NAMES[action.value]} ({card_words(action.value, cards)})"
    if cards and action.kind == "trump":  # by its name, which may be typed too
        return tv.mode_title("en" if cards == "en" else "de", game.rules,
                             game.rules.mode_names[action.value])
    if cards and action.kind in ("push", "pass"):
        return say("en" if cards == "en" else "de", f"live.{action.kind}")
    return text


def choices_text(game: Game, legal: list[Action], lang: Lang = "en", cards: str = "") -> str:
    mechanism = asking(game)
    if mechanism is not None and mechanism.terminal.prompt is not None \
            and mechanism.terminal.prompt.choices is not None:
        return mechanism.terminal.prompt.choices(game, legal, lang)
    if game.phase == "declare" and any(a.kind != "pass" for a in legal):
        return number_choices(game, legal, lang)
    return tv.numbered(legal, lambda a: card_choice(game, a, cards))


def number_choices(game: Game, legal: list[Action], lang: Lang = "en") -> str:
    """The values of a declaration open now, as a range or in steps (a pass besides)."""
    numbers = [a for a in legal if a.kind != "pass"]
    names = game.rules.value_names
    d = next((d for d in game.rules.declarations if d.name == numbers[0].kind), None)
    stepped = d is not None and any(b - a > 1 for a, b in pairwise(d.values))
    if stepped or any((a.kind, a.value) in names for a in numbers):  # steps, named values
        listed = legal_names(numbers, names=names)
        text = ", ".join(listed) if lang == "en" else \
            f"{tv.declared_noun(game.rules, numbers[0].kind, lang)} " + ", ".join(
                said_values(game, item.split(" ", 1)[-1], lang) for item in listed)
        return text + (say(lang, "live.choice.or_pass") if len(numbers) < len(legal) else "")
    low, high = numbers[0].value, numbers[-1].value
    text = say(lang, "live.choice.range", low=low, high=high,
               kind=tv.declared_noun(game.rules, numbers[0].kind, lang))
    missing = sorted(set(range(low, high + 1)) - {a.value for a in numbers})
    if missing:
        text += say(lang, "live.choice.except", values=", ".join(map(str, missing)))
    return text + (say(lang, "live.choice.or_pass") if len(numbers) < len(legal) else "")


def said_values(game: Game, values: str, lang: Lang) -> str:
    """Values as `legal_names` writes them ('70..150 by 10', 'match'), in the language:
    '70 bis 150 in Schritten von 10', 'Match' (a number is what one types)."""
    stepped = re.fullmatch(r"(-?\d+)\.\.(-?\d+) by (\d+)", values)
    if stepped is not None:
        return say(lang, "live.choice.steps", low=stepped[1], high=stepped[2], step=stepped[3])
    return tv.option_text(game.rules, values, lang)


def mode_words(game: Game, legal: list[Action]) -> str:
    """The modes a trump choice allows, as they are entered: ``D, H, S, C, obenabe``."""
    return ", ".join(game.action_text(a).split(" ", 1)[1] for a in legal if a.kind == "trump")


def call_entry(calls: list[Action], words: list[str]) -> Action | None:
    """Which of `calls` (the legal ones ending an auction) the entered words say: its name
    (`kontra`), its name and yes (`kontra yes`, as the list of choices shows it), or a yes
    alone when it is the only call open."""
    said = words[:-1] if len(words) == 2 and YES_NO.get(words[1]) == 1 else words
    for call in calls:
        if said == [call.kind]:
            return call
    if len(calls) == 1 and len(words) == 1 and YES_NO.get(words[0]) == 1:
        return calls[0]
    return None


def number_entry(game: Game, words: list[str], legal: list[Action]) -> Action | str | None:
    """The value of a declaration open now that the entered words end with (a number or
    a named value), or a sentence why not; None where no value is open."""
    numbers = [a for a in legal if a.kind != "pass"]
    if not numbers:
        return None
    number = words[-1]
    named = game.rules.named_values.get((numbers[0].kind, number))
    if named is not None:  # a named value: `match`
        action = Action(numbers[0].kind, named)
        return action if action in legal else f"{number} is not allowed now"
    if (value := whole_number(number)) is not None:
        action = Action(numbers[0].kind, value)
        if action in legal:
            return action
        inside = numbers[0].value <= action.value <= numbers[-1].value
        return f"{number} is not allowed now" if inside else f"{number} is out of range"
    if number.lstrip("-").isdigit():  # too long, or not in ASCII digits
        return f"{clipped(number)} is not a legal choice"
    return f"enter a number for your {numbers[0].kind}" + (" or pass" if PASS in legal else "")


def by_name(text: str, word: str, named: dict[str, Action]) -> Action | str | None:
    """The action named by `word` or by a unique beginning of it; a sentence when the
    beginning fits several; None when it fits none."""
    if word in named:
        return named[word]
    starts = [name for name in named if name.startswith(word)]
    if len(starts) == 1:
        return named[starts[0]]
    if len(starts) > 1:
        return f"{text!r} fits {' and '.join(starts)}: enter one of them or its number"
    return None


def mode_entry(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """A mode of a trump choice by its name or a unique beginning (``slalom-o``)."""
    named = {game.action_text(a).split(" ", 1)[1].lower(): a for a in legal
             if a.kind == "trump"} | {  # a suit as the choices name it, in either pack
        SUIT_NAMES[names][game.rules.mode_names[a.value]].lower(): a for names in ("fr", "ch")
        for a in legal if a.kind == "trump" and game.rules.mode_names[a.value] in SUIT_NAMES["fr"]}
    return by_name(text, text.lower().removeprefix("trump ").strip(), named) if named else None


@cache
def card_names() -> dict[str, int]:
    """Every card by its name in each pack's words ('rosen könig', 'herz könig', 'hearts
    king'), as `card_choice` names it."""
    return {card_words(c, names).casefold(): c for names in ("en", "fr", "ch")
            for c in range(36)}


def named_card(text: str) -> int | None:
    return card_names().get(" ".join(text.split()).casefold())


def interpret(game: Game, text: str, legal: list[Action]) -> Action | str:
    """The legal action an entry means, or a sentence saying why it is not one."""
    if not text:
        return "nothing entered"
    text = SAID.get(text.lower(), text)  # 'schieben' as the German choices name it
    mechanism = asking(game)
    if mechanism is not None and mechanism.terminal.prompt is not None \
            and mechanism.terminal.prompt.read is not None:
        read = mechanism.terminal.prompt.read(game, text, legal)
        if read is not None:
            return read
    words = text.lower().split()
    if game.phase == "declare" and (number := number_entry(game, words, legal)) is not None:
        return number
    if text.isdigit():
        k = whole_number(text)
        if k is None:  # too long, or not in ASCII digits
            return f"{clipped(text)} is not a legal choice"
        return legal[k - 1] if 1 <= k <= len(legal) else f"there is no choice {k}"
    card = named_card(text)  # 'Rosen König', as the choices name it in the pack's words
    if card is not None:
        found_card = next((a for a in legal if value_of(a.kind) == "card" and a.value == card),
                          None)
        if found_card is not None:
            return found_card
        if game.phase == "play" and (reason := game.why_illegal(card)):
            return f"{shown_card(card)} is not allowed: {tv.reason_text(reason)}"
    if game.phase == "trump" and words != ["push"]:
        found = mode_entry(game, text, legal)
        if found is not None:
            return found
    for candidate in (text.lower(), f"trump {text.lower()}"):
        try:
            action = game.parse_action(candidate)
        except JassError:
            continue
        if action in legal:
            return action
        if action.kind == "play" and (reason := game.why_illegal(action.value)):
            return f"{shown_card(action.value)} is not allowed: {tv.reason_text(reason)}"
        return f"{game.action_text(action)} is not allowed now"  # a card while asked else
    if game.phase == "trump" and any(a.kind == "trump" for a in legal):
        return f"{clipped(text)} is not a mode you can choose here"
    return f"cannot read {clipped(text)}"


def clipped(text: str, width: int = 24) -> str:
    """An entry quoted in a message, its middle left out when it is long."""
    return repr(text) if len(text) <= width else repr(f"{text[:10]}...{text[-10:]}")

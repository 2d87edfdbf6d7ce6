"""Bids that name the contract's mode with the number (`declare bid from 70 to 157 in
steps of 10, auction before trump, naming the mode`): a bid is `bid 100 H`; a higher bid
beats the number, whatever its mode; the highest bid's mode is trump, nobody chooses it
afterwards. A Kontra (`declare double yes or no, by the team without bidder, ending the
auction`) is said in a turn of the same auction and ends it.

Everything about bidding with a mode but its grammar line and model field (options of
the `declare` statement) and the rulebook's calls of its sentences is here, its words and
its phase included (`ModeBidding`, a kind of the auction's phase,
`jassdsl/mechanisms/auction.py`)."""

from __future__ import annotations

from typing import Any

from jassdsl.bots.declaring import expected_points
from jassdsl.bots.view import View, hand_total
from jassdsl.cli.play import YES_NO, call_entry, clipped, said_values
from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.core.actions import PASS, Action, bid_parts, legal_names, mode_bid
from jassdsl.core.errors import ApiUsageError
from jassdsl.core.mechanism import Bots, Mechanism, Prompt, Reference, Rulebook, Runtime, Terminal
from jassdsl.engine import Game
from jassdsl.engine.phase import Table
from jassdsl.mechanisms.auction import Auction, index_of, part_of
from jassdsl.rulebook.textview import declared_noun
from jassdsl.rulebook.words import Lang, say

PARTNER_SHARE = 0.25  # a bot counts on this share of what its own hand leaves to others
KONTRA_MARGIN = 0  # ... and says Kontra when its hand alone should take at least what
# the bid leaves to the other side, plus this margin


# -- the phase
class ModeBidding(Auction):
    """An auction whose bids name the mode with the number (`bid 100 H`): a bid beats the
    highest one by its number alone; the highest bid's mode is the hand's trump (set by
    the trump phase without asking)."""

    name = "bidding"
    part_key = "mode_bids"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return index_of(rules) >= 0 and rules.declarations[index_of(rules)].naming

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.modes = rules.trump_choices
        self.bids = tuple(mode_bid(self.decl.name, v, m)
                          for v in self.decl.values for m in self.modes)

    def number(self, action: Action) -> int:
        return bid_parts(action.value)[0]

    def valid_bid(self, action: Action) -> bool:
        number, mode = bid_parts(action.value)
        return number in self.decl.values and mode in self.modes

    def bid(self, g: Table, action: Action) -> None:
        super().bid(g, action)
        part_of(g.s).mode = bid_parts(action.value)[1]

    def mode_name(self, action: Action) -> str:
        return self.rules.mode_names[bid_parts(action.value)[1]]

    def named_mode(self, g: Table) -> int:
        return part_of(g.s).mode

    def shown(self, action: Action) -> object:
        return self.text(action)  # `bid 100 S`, not its value

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        part = part_of(g.s)
        return {"bid_mode": self.rules.mode_names[part.mode] if part.mode >= 0 else ""}

    def text(self, action: Action) -> str:
        """``bid 100 H``, ``bid match obenabe``."""
        d = self.decl
        if action.kind != d.name or type(action.value) is not int or action.value < 0:
            return super().text(action)
        number, mode = bid_parts(action.value)
        if mode >= len(self.rules.mode_names):
            return super().text(action)
        return f"{d.name} {d.named(number) or number} {self.rules.mode_names[mode]}"

    def legal_texts(self, legal: list[Action]) -> list[str]:
        """``bid 80..150 by 10 naming D, H, S, C, obenabe, undenufe``, ``bid 157 naming
        ...``, the others as they are: every legal number comes in every mode."""
        d, names = self.decl, self.rules.mode_names
        bids = [a for a in legal if a.kind == d.name]
        numbers = sorted({bid_parts(a.value)[0] for a in bids})
        modes = ", ".join(names[m] for m in self.modes)
        said = [f"{x} naming {modes}" for x in
                legal_names([Action(d.name, n) for n in numbers], names=self.rules.value_names)]
        return [*said, *(self.text(a) for a in legal if a.kind != d.name)]

    def read(self, text: str) -> Action | None:
        """``bid 100 H`` (a named number, a mode by its name: ``bid match obenabe``)."""
        words = text.split()
        if len(words) != 3 or words[0].lower() != self.decl.name:
            return None
        return self.entry(words[1], words[2])

    def entry(self, number_word: str, mode_word: str) -> Action | None:
        """The bid a number (or a named one) and a mode name say, if it is one."""
        d, names = self.decl, self.rules.mode_names
        named = self.rules.named_values.get((d.name, number_word.lower()))
        number = named if named is not None else \
            int(number_word) if number_word.isascii() and number_word.isdigit() \
            and len(number_word) < 7 else None
        key = mode_word if mode_word in names else mode_word.upper() \
            if mode_word.upper() in names else mode_word.lower()
        if number is None or key not in names:
            return None
        return mode_bid(d.name, number, names.index(key))


# -- the terminal, the bot and the words
def auction_of(rules: CompiledRules) -> Declaring:
    return rules.declarations[index_of(rules)]


def enders(game: Game, legal: list[Action]) -> list[Action]:
    """The legal declarations that would end the auction (a Kontra's yes)."""
    bid = auction_of(game.rules).name
    return [a for a in legal if a.kind not in (bid, "pass")]


def ask(game: Game, lang: Lang) -> str:
    said = "".join(f"{a.kind}, " for a in enders(game, game.legal_actions()))
    return say(lang, "live.ask.mode_bid", enders=said)


def choices(game: Game, legal: list[Action], lang: Lang) -> str:
    """``bid 70..150 by 10, bid 157 naming D, H, S, C, obenabe, undenufe; double; pass``."""
    r = game.rules
    d = auction_of(r)
    numbers = sorted({bid_parts(a.value)[0] for a in legal if a.kind == d.name})
    modes = sorted({bid_parts(a.value)[1] for a in legal if a.kind == d.name},
                   key=r.trump_choices.index)
    out = []
    if numbers:
        listed = legal_names([Action(d.name, n) for n in numbers], names=r.value_names)
        said = ", ".join(listed) if lang == "en" else \
            f"{declared_noun(r, d.name, lang)} " + ", ".join(
                said_values(game, item.split(" ", 1)[-1], lang) for item in listed)
        out.append(said + say(lang, "live.choice.naming",  # the modes as typed: 100 H
                              modes=", ".join(r.mode_names[x] for x in modes)))
    out += [a.kind if lang == "en" else declared_noun(r, a.kind, lang)
            for a in enders(game, legal)]
    return "; ".join([*out, *([say(lang, "live.pass").lower()] if PASS in legal else [])])


def read(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """``100 H``, ``bid 100 H``, ``match obenabe``; a Kontra as the plain auction reads it
    (``double``, ``double yes``, a ``yes`` alone); other words of a Kontra are refused."""
    calls = enders(game, legal)
    german = {declared_noun(game.rules, c.kind, "de").lower(): c.kind for c in calls}
    words = [german.get(w.lower(), w) for w in text.split()]  # 'Konter' as offered
    call = call_entry(calls, [w.lower() for w in words])
    if call is not None:
        return call
    ended = {a.kind for a in calls}
    if words and (words[0].lower() in ended or words[0].lower() in YES_NO):
        return f"cannot read {clipped(text)}"  # `double no`, a yes with no Kontra open
    kinds = {a.kind for a in legal if a != PASS and a.kind not in ended}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    if len(words) == 3 and words[0].lower() == kind:
        words = words[1:]
    if len(words) != 2:
        return None
    try:
        action = game.parse_action(f"{kind} {words[0]} {words[1]}")
    except ApiUsageError:
        return f"cannot read {text!r} as a bid: a number and a mode, as in 100 H"
    if action in legal:
        return action
    return f"{game.action_text(action)} is not allowed now: bids are {choices(game, legal, 'en')}"


def best_mode(game: Game, view: View) -> tuple[int, float]:
    """The mode this hand promises most points in, and how many."""
    r = game.rules
    return max(((m, expected_points(r, view.hand, r.modes[m])) for m in r.trump_choices),
               key=lambda x: x[1])


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Kontra when this hand alone should take more than the highest bid leaves to its
    side; else bid the lowest number the hand (with a share of the partner's) reaches, in
    its best mode; else pass."""
    r = game.rules
    d = auction_of(r)
    obs = game.observation(view.seat)
    kontra = enders(game, legal)
    if kontra and obs["bid_mode"]:
        table = r.modes[r.mode_names.index(obs["bid_mode"])]
        leaves = hand_total(r, table) - max(v or 0 for v in obs["declared"][d.name])
        if expected_points(r, view.hand, table) >= leaves + KONTRA_MARGIN:
            return kontra[0]
    mode, points = best_mode(game, view)
    total = hand_total(r, r.modes[mode])
    wish = points + (total - points) * PARTNER_SHARE
    if obs["bidder"] >= 0 and r.team_of[obs["bidder"]] == r.team_of[view.seat]:
        return PASS  # the partner holds the highest bid: leave it
    bids = [a for a in legal if a.kind == d.name and bid_parts(a.value)[1] == mode]
    if bids and bid_parts(bids[0].value)[0] <= wish:
        return bids[0]
    return PASS


WORDS: dict[str, tuple[str, str]] = {
    # `naming the mode`: the auction's bids name the mode with the number
    "declare.naming": (
        "Each bid names with its number the mode to play in ({modes}), as in "
        "*{example}*. A higher bid needs a higher number, whatever its mode. The mode of "
        "the highest bid is trump; nobody chooses it afterwards.",
        "Jedes Gebot nennt mit der Zahl die Spielart ({modes}), etwa *{example}*. Ein "
        "höheres Gebot braucht eine höhere Zahl, gleich in welcher Spielart. Die Spielart "
        "des höchsten Gebots ist Trumpf; niemand wählt ihn danach.",
    ),
    # `ending the auction`: a yes/no said in the auction's turns (a Kontra)
    "declare.ends_auction": (
        "In the auction, once there is a highest bid, {who} {may} answer the question "
        "{name} with yes at their turn, instead of bidding or passing: a yes ends the "
        "auction at once. The highest possible bid does not end the auction at once here: "
        "after it the others are still asked in turn, to say yes or pass. In the scoring a "
        "yes counts 1 and a no 0.",
        "In der Versteigerung {may}, sobald es ein höchstes Gebot gibt, {who} die Frage "
        "{name} an ihrer Reihe mit Ja beantworten, statt zu bieten oder zu passen: ein Ja "
        "beendet die Versteigerung sofort. Das höchstmögliche Gebot beendet die "
        "Versteigerung hier nicht sofort: danach werden die anderen noch reihum gefragt, ob "
        "sie Ja sagen oder passen. In der Abrechnung zählt ein Ja 1 und ein Nein 0.",
    ),
    "declare.ends_auction_who": ("every player", "alle Spieler"),
    "trump.bid_names": (
        "The highest bid of the auction names trump (see the declarations): {modes}.",
        "Das höchste Gebot der Versteigerung nennt den Trumpf (siehe Ansagen): {modes}.",
    ),
    "short.bid_names": ("named by the highest bid", "vom höchsten Gebot genannt"),
    "live.ask.mode_bid": ("your bid (a number and a mode: 100 H), {enders}or pass: ",
                          "dein Gebot (Zahl und Spielart: 100 H), {enders}oder passen: "),
    "live.choice.naming": (" naming {modes}", " mit {modes}"),
    "live.prompt.bidding": ("Your bid", "Dein Gebot"),
    # the mode the highest bid named (`TrumpSet.named` 'bid'), as the narrator and the
    # hand's report tell it
    "live.says.trump_bid": ("trump is {mode}, named by the highest bid ({name})",
                            "Trumpf ist {mode}, vom höchsten Gebot genannt ({name})"),
    "live.call.named_bid": ("named by the bid of {name}", "vom Gebot von {name} genannt"),
    "ex.named_bid": ("The bid of {player} names {trump}.",
                     "Das Gebot von {player} bestimmt {trump}."),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`naming the mode` after `auction before trump` makes every bid a number and a mode, as\n'
        'in Sidi Barrani: a game offers, prints and reads a bid as `bid 100 H` or `bid 150\n'
        'obenabe` (at the terminal `100 H` is enough). The modes are those `trump: bidder chooses\n'
        '...` lists (without pushing; the checker says so); a higher bid needs a higher number,\n'
        "whatever its mode, and the highest bid's mode is the hand's trump: nobody chooses it\n"
        "afterwards. The declaration's value is the number (`bid of bidder`), as in any auction.\n"
        '\n'
        '`ending the auction` turns a yes/no question into a call of the auction itself, a Kontra:\n'
        'once there is a highest bid, a player whom `by` and `only when` allow may say it in their\n'
        'turn instead of bidding or passing, and a yes ends the auction at once. In a file with\n'
        'such a call the highest possible bid does not end the auction at once: nobody can outbid\n'
        'it, but the others are still asked in turn, to say the call or pass. It needs an\n'
        'auction in the file and a yes/no question, and it is never `hidden`, as the whole table\n'
        'sees the auction end (the checker says so). At the terminal a player types its name\n'
        '(`double`) or `double yes`. A Re after it is a declaration after trump as above:'),
    text_de=(
        '`naming the mode` nach `auction before trump` macht jedes Gebot zu einer Zahl mit einer\n'
        'Spielart, wie beim Sidi Barrani: ein Spiel bietet, schreibt und liest ein Gebot als `bid\n'
        '100 H` oder `bid 150 obenabe` (am Terminal genügt `100 H`). Die Spielarten sind die, die\n'
        '`trump: bidder chooses ...` aufzählt (ohne Schieben; die Prüfung sagt es); ein höheres\n'
        'Gebot braucht eine höhere Zahl, gleich in welcher Spielart, und die Spielart des höchsten\n'
        'Gebots ist der Trumpf der Runde: niemand wählt ihn danach. Der Wert der Ansage ist die\n'
        'Zahl (`bid of bidder`), wie bei jeder Versteigerung.\n'
        '\n'
        '`ending the auction` macht aus einer Ja/Nein-Frage einen Ruf der Versteigerung selbst,\n'
        'ein Kontra: sobald es ein höchstes Gebot gibt, darf ein Spieler, den `by` und `only when`\n'
        'zulassen, es an seiner Reihe statt eines Gebots oder Passens sagen, und ein Ja beendet\n'
        'die Versteigerung sofort. In einer Datei mit einem solchen Ruf beendet das höchstmögliche\n'
        'Gebot die Versteigerung nicht sofort: niemand kann es überbieten, aber die anderen werden\n'
        'noch reihum gefragt, ob sie den Ruf sagen oder passen. Es braucht eine Versteigerung in\n'
        'der Datei und eine\n'
        'Ja/Nein-Frage, und es ist nie `hidden`, da der ganze Tisch die Versteigerung enden sieht\n'
        '(die Prüfung sagt es). Am Terminal tippt ein Spieler seinen Namen (`double`) oder\n'
        '`double yes`. Ein Re danach ist eine Ansage nach dem Trumpf wie oben:'),
    example=(
        'players 4 in teams across\n'
        'declare bid from 70 to 157 in steps of 10, auction before trump, naming the mode\n'
        'declare double yes or no, by the team without bidder, ending the auction\n'
        'declare redouble yes or no, by the team with bidder,\n'
        '    only when sum(team double) > 0 and sum(team redouble) = 0\n'
        'trump: bidder chooses suits, obenabe, undenufe\n'
        'let doubling = 4 if sum(team redouble) > 0 else 2 if sum(team double) > 0 else 1\n'
        'score each hand, first rule that applies:\n'
        '  doubled "card points times the factor":\n'
        '      otherwise\n'
        '      then every team scores points * doubling'),
)


MODE_BIDS = Mechanism(
    "mode_bids",
    runtime=Runtime(
        defaults={"bid_mode": ""},
        shows=("bid_mode",),
        phase=ModeBidding),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=choices, read=read)),
    bots=Bots(
        policy=policy),
    rulebook=Rulebook(
        words=WORDS,
        reference=REFERENCE))

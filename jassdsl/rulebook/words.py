"""The rulebook's own words: every phrase of the generated pages, in English and German.

Templates are keyed by a short id; ``say(lang, key, **fields)`` fills one in. `TEXT` holds
the rulebook's own and those of each installed mechanism (its module's `words`). The German and
English entries of a key must name the same fields (a test checks this), so a page never
misses a value in one language. Grammar that depends on a word (gender, case, number) lives
in the small tables below the templates.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from jassdsl.core.cards import RANK_NAMES, SUIT_NAMES, shown_suit
from jassdsl.core.german import Gender, de_plural, german_noun
from jassdsl.core.lang import LANGS as LANGS
from jassdsl.core.lang import Lang as Lang
from jassdsl.core.mechanism import installed_words
from jassdsl.core.roles import ROLES

if TYPE_CHECKING:
    from jassdsl.core import model as m

LANG_NAMES = {"en": "English", "de": "Deutsch"}

OWN: dict[str, tuple[str, str]] = {
    # -- page sections
    "h.overview": ("Overview", "Überblick"),
    "h.cards": ("Cards, ranks and points", "Karten, Rangfolge und Punkte"),
    "h.trump": ("How trump is set", "Wie der Trumpf bestimmt wird"),
    "h.play": ("Playing to a trick", "Zugeben"),
    "h.declare": ("Declarations before play", "Ansagen vor dem Spiel"),
    "h.scoring": ("Scoring a hand", "Abrechnung einer Runde"),
    "h.checks": ("Checks after every hand", "Prüfungen nach jeder Runde"),
    "h.end": ("End of the game", "Spielende"),
    "h.options": ("Options for house rules", "Optionen für Hausregeln"),
    "h.sources": ("Sources and decisions", "Quellen und Entscheidungen"),
    "h.example": ("Worked example", "Durchgespieltes Beispiel"),
    "h.file": ("The rule file", "Die Regeldatei"),
    "h.compare": ("All variants side by side", "Alle Varianten im Vergleich"),
    # -- overview table
    "ov.topic": ("Topic", "Thema"),
    "ov.rule": ("Rule", "Regel"),
    "ov.players": ("Players", "Spieler"),
    "ov.partners": ("Partnerships", "Partnerschaften"),
    "ov.cards": ("Cards", "Karten"),
    "ov.deal": ("Deal", "Geben"),
    "ov.lead": ("Lead", "Ausspiel"),
    "ov.trump": ("Trump", "Trumpf"),
    "ov.units": ("Scored in", "Gezählt wird in"),
    "ov.end": ("Game end", "Spielende"),
    "ov.alone": ("each plays for themself", "jeder spielt für sich"),
    "ov.teams": (
        "two teams of two; partners sit across: seats 0 and 2 against seats 1 and 3",
        "zwei Teams zu zweit; die Partner sitzen sich gegenüber: Plätze 0 und 2 gegen "
        "Plätze 1 und 3",
    ),
    "ov.teams_alternating": (
        "two teams of {size}; partners sit on every second seat: seats {even} against "
        "seats {odd}",
        "zwei Teams zu {size}; die Partner sitzen auf jedem zweiten Platz: Plätze {even} "
        "gegen Plätze {odd}",
    ),
    "ov.deck": (
        "36 cards: four suits of nine, French or German-Swiss pack ([names](../cards.md))",
        "36 Karten: vier Farben zu neun, französisches oder deutschschweizer Blatt "
        "([Namen](../cards.md))",
    ),
    "ov.deck_without": (
        "{size} cards: the 36 of the pack without {without}, French or German-Swiss pack "
        "([names](../cards.md))",
        "{size} Karten: die 36 des Blatts ohne {without}, französisches oder "
        "deutschschweizer Blatt ([Namen](../cards.md))",
    ),
    "ov.packets": ("{sizes} in turn", "{sizes} im Wechsel"),
    "ov.deal_all": (
        "all cards, {each} to each player, in packets of {packet}",
        "alle Karten, {each} pro Spieler, in Paketen zu {packet}",
    ),
    "ov.deal_each": (
        "{each} cards to each player, in packets of {packet}; the rest stays aside",
        "{each} Karten pro Spieler, in Paketen zu {packet}; der Rest bleibt liegen",
    ),
    "ov.deal_each_piles": (  # what is left goes to the piles, said after the dealer
        "{each} cards to each player, in packets of {packet}",
        "{each} Karten pro Spieler, in Paketen zu {packet}",
    ),
    "ov.dealer_lot": (
        "the first dealer is drawn by lot; then the deal passes to the right",
        "der erste Geber wird ausgelost; danach geht das Geben nach rechts weiter",
    ),
    "ov.dealer_seat1": (
        "seat 1 deals first; then the deal passes to the right",
        "Platz 1 gibt zuerst; danach geht das Geben nach rechts weiter",
    ),
    "ov.lead_bidder": (
        "the highest bidder of the auction leads the first trick; whoever wins a trick leads "
        "the next; play goes counter-clockwise",
        "wer in der Versteigerung am höchsten geboten hat, eröffnet den ersten Stich; wer "
        "einen Stich macht, eröffnet den nächsten; gespielt wird im Gegenuhrzeigersinn",
    ),
    "ov.lead_role_always": (
        "{role} leads the first trick; whoever wins a trick leads the next; play goes "
        "counter-clockwise",
        "{role} eröffnet den ersten Stich; wer einen Stich macht, eröffnet den nächsten; "
        "gespielt wird im Gegenuhrzeigersinn",
    ),
    "ov.lead_role": (
        "{role} leads the first trick (forehand, when nobody is); whoever wins a trick leads "
        "the next; play goes counter-clockwise",
        "{role} eröffnet den ersten Stich (die Vorhand, wenn es keinen gibt); wer einen "
        "Stich macht, eröffnet den nächsten; gespielt wird im Gegenuhrzeigersinn",
    ),
    "ov.dealer_role": (
        "{role} deals the next hand (when nobody is, the deal passes to the right)",
        "{role} gibt die nächste Runde (wenn es keinen gibt, geht das Geben nach rechts "
        "weiter)",
    ),
    "ov.dealer_bidder": (
        "the highest bidder of a hand deals the next one",
        "wer in einer Runde am höchsten geboten hat, gibt die nächste",
    ),
    "ov.lead_text": (
        "forehand, the player to the dealer's right, leads the first trick; whoever wins a "
        "trick leads the next; play goes counter-clockwise",
        "die Vorhand, der Platz rechts neben dem Geber, eröffnet den ersten Stich; wer einen "
        "Stich macht, eröffnet den nächsten; gespielt wird im Gegenuhrzeigersinn",
    ),
    "ov.option_value": ("{value} (option {name}: {choices})", "{value} (Option {name}: {choices})"),
    "or": ("or", "oder"),
    "and": ("and", "und"),
    # -- cards section
    "cards.intro": (
        "The card notation of the rule files is explained on the [cards page](../cards.md). "
        "The tables list the cards from highest to lowest.",
        "Die Kartenschreibweise der Regeldateien erklärt die [Kartenseite](../cards.md). "
        "Die Tabellen nennen die Karten von der höchsten zur tiefsten.",
    ),
    "cards.col.order": ("Order", "Rang"),
    "cards.col.card": ("Card", "Karte"),
    "cards.col.points": ("Points", "Punkte"),
    "cards.col.points_if": ("Points if option {option} is *{choice}*",
                            "Punkte, wenn Option {option} *{choice}* ist"),
    "table.trump": ("Trump suit", "Trumpffarbe"),
    "table.side": ("Side suits (not trump)", "Nebenfarben (nicht Trumpf)"),
    "table.obenabe": ("Obenabe: every suit, no trump", "Obenabe: jede Farbe, kein Trumpf"),
    "table.undenufe": ("Undenufe: every suit, no trump", "Undenufe: jede Farbe, kein Trumpf"),
    "cards.in_play": (
        "Only the cards of those who play a hand are in play: a hand with fewer players, or "
        "with cards left over, is worth less.",
        "Im Spiel sind nur die Karten derer, die eine Runde mitspielen: eine Runde mit "
        "weniger Spielern oder mit übrigen Karten ist weniger wert.",
    ),
    "cards.total": (
        "Together with the {last} points for the last trick, one hand is worth {total} "
        "points.",
        "Mit den {last} Punkten für den letzten Stich ist eine Runde {total} Punkte wert.",
    ),
    "cards.total_nolast": ("One hand is worth {total} points.", "Eine Runde ist {total} Punkte wert."),
    "bonus.last-trick": (
        "Whoever takes the last trick gets {points} extra points.",
        "Wer den letzten Stich macht, erhält {points} Punkte dazu.",
    ),
    "bonus.match": (
        "A match, all tricks to one side, is worth {points} extra points.",
        "Ein Match, alle Stiche auf einer Seite, bringt {points} Punkte dazu.",
    ),
    "bonus.stoeck": (
        "Stöck, the King and Queen (Ober) of trump in one hand, is worth {points} points.",
        "Stöck, König und Dame (Ober) der Trumpffarbe in einer Hand, zählen {points} Punkte.",
    ),
    "bonus.other": ("Bonus *{name}*: {points} points.", "Bonus *{name}*: {points} Punkte."),
    "puur": ("Puur", "Puur"),
    "nell": ("Nell", "Nell"),
    # -- trump
    "trump.random_suit": (
        "After the deal a suit is drawn at random and shown to everyone; it is trump for the "
        "hand.",
        "Nach dem Geben wird eine Farbe zufällig gezogen und allen gezeigt; sie ist Trumpf "
        "für diese Runde.",
    ),
    "trump.bottom_card": (
        "The last card of the deal, which the dealer receives, is shown to everyone; its suit "
        "is trump for the hand.",
        "Die letzte Karte beim Geben, die der Geber erhält, wird allen gezeigt; ihre Farbe ist "
        "Trumpf für diese Runde.",
    ),
    "trump.none": (
        "There is no trump. Every hand is played {fallback}.",
        "Es gibt keinen Trumpf. Jede Runde wird {fallback} gespielt.",
    ),
    "trump.chooses": (
        "Forehand looks at their cards and chooses one of: {modes}.",
        "Die Vorhand schaut ihre Karten an und wählt eines von: {modes}.",
    ),
    "trump.chooses_one": (
        "Forehand looks at their cards and chooses {modes}.",
        "Die Vorhand schaut ihre Karten an und wählt {modes}.",
    ),
    "trump.bidder_chooses_one": (
        "The highest bidder of the auction (see the declarations) chooses {modes}.",
        "Wer in der Versteigerung am höchsten geboten hat (siehe Ansagen), wählt {modes}.",
    ),
    "trump.bidder_chooses": (
        "The highest bidder of the auction (see the declarations) chooses one of: {modes}.",
        "Wer in der Versteigerung am höchsten geboten hat (siehe Ansagen), wählt eines von: "
        "{modes}.",
    ),
    "trump.push": (
        "Instead of choosing, forehand may push: then the partner across must choose. "
        "Forehand leads the first trick either way.",
        "Statt zu wählen, darf die Vorhand schieben: dann muss der Partner gegenüber wählen. "
        "Ausspielen tut in jedem Fall die Vorhand.",
    ),
    "trump.push_alternating": (
        "Instead of choosing, forehand may push: then the partner two seats on (the next "
        "player of the same team) must choose. Forehand leads the first trick either way.",
        "Statt zu wählen, darf die Vorhand schieben: dann muss der Partner zwei Plätze weiter "
        "(der nächste Spieler desselben Teams) wählen. Ausspielen tut in jedem Fall die "
        "Vorhand.",
    ),
    "trump.push_alternating_only": (
        "Instead of choosing, forehand may push: then the partner two seats on (the next "
        "player of the same team) must choose.",
        "Statt zu wählen, darf die Vorhand schieben: dann muss der Partner zwei Plätze weiter "
        "(der nächste Spieler desselben Teams) wählen.",
    ),
    "trump.push_next": (
        "Instead of choosing, the player asked may push: then the next player in the order "
        "of play is asked, who may choose or push in turn. When everybody has pushed and it "
        "comes back to the first player, they must choose. Forehand leads the first trick "
        "either way.",
        "Statt zu wählen, darf schieben, wer gefragt ist: dann ist der nächste Spieler in "
        "Spielrichtung gefragt, der seinerseits wählen oder schieben darf. Haben alle "
        "geschoben und kommt es zum ersten Spieler zurück, muss dieser wählen. Ausspielen "
        "tut in jedem Fall die Vorhand.",
    ),
    "trump.push_next_only": (
        "Instead of choosing, the player asked may push: then the next player in the order "
        "of play is asked, who may choose or push in turn. When everybody has pushed and it "
        "comes back to the first player, they must choose.",
        "Statt zu wählen, darf schieben, wer gefragt ist: dann ist der nächste Spieler in "
        "Spielrichtung gefragt, der seinerseits wählen oder schieben darf. Haben alle "
        "geschoben und kommt es zum ersten Spieler zurück, muss dieser wählen.",
    ),
        "trump.push_only": (
        "Instead of choosing, forehand may push: then the partner across must choose.",
        "Statt zu wählen, darf die Vorhand schieben: dann muss der Partner gegenüber wählen.",
    ),
    "mode.suits": ("any suit as trump", "eine beliebige Farbe als Trumpf"),
    "mode.obenabe": ("Obenabe (no trump, Ace high)", "Obenabe (kein Trumpf, Ass hoch)"),
    "mode.undenufe": ("Undenufe (no trump, Six high)", "Undenufe (kein Trumpf, Sechs hoch)"),
    # the pack lacks the rank that is highest with the 36 cards
    "mode.obenabe_high": ("Obenabe (no trump, {rank} high)", "Obenabe (kein Trumpf, {rank} hoch)"),
    "mode.undenufe_high": ("Undenufe (no trump, {rank} high)",
                           "Undenufe (kein Trumpf, {rank} hoch)"),
    "mode.suit": ("{suit} as trump", "{suit} als Trumpf"),
    "mode.own": ("{title} ({how})", "{title} ({how})"),
    "mode.alternating": ("the tricks alternate between {parts}, the first in {first}",
                         "die Stiche wechseln zwischen {parts}, der erste in {first}"),
    "mode.tricks": ("{parts}, the rest in {last}", "{parts}, die übrigen in {last}"),
    "mode.for": ("{n} tricks in {part}", "{n} Stiche in {part}"),
    "trump.bid_plays": ("A highest bid that plays a mode of its own (see the declarations) "
                        "sets it instead: {modes}; then nobody chooses trump.",
                        "Ein höchstes Gebot, das eine eigene Spielart spielt (siehe "
                        "Ansagen), setzt stattdessen diese: {modes}; dann wählt niemand "
                        "Trumpf."),
    "mode.goal.fewest_points": ("its side wants to take the fewest points",
                                "die Seite, die sie spielt, will möglichst wenig Punkte machen"),
    "mode.goal.no_tricks": ("its side wants to take no trick",
                            "die Seite, die sie spielt, will keinen Stich machen"),
    "mode.as": ("played as {part}, a mode of its own for scoring",
                "gespielt wie {part}, für die Abrechnung eine eigene Spielart"),
    "mode.defined": ("The rule file defines these modes; each trick is followed and won by "
                     "the rank order of the mode it is played in:",
                     "Die Regeldatei legt diese Spielarten fest; in jedem Stich gelten "
                     "Bedienen und Rangfolge der Spielart, in der er gespielt wird:"),
    "mode.points": ("Card points in {title}", "Kartenpunkte bei {title}"),
    "option.on": ("the option {name} is `yes`", "die Option {name} auf *ja* (`yes`) steht"),
    "option.on.main": ("the option {name} is `yes`",
                       "die Option {name} steht auf *ja* (`yes`)"),
    "option.is": ("the option {name} is {cmp}{value}", "die Option {name} {cmp}auf {value} steht"),
    "option.is.main": ("the option {name} is {cmp}{value}",
                       "die Option {name} steht {cmp}auf {value}"),
    "option.cmp": ("the option {name} is {cmp}{value}", "die Option {name} {cmp}{value} ist"),
    "option.cmp.main": ("the option {name} is {cmp}{value}",
                        "die Option {name} ist {cmp}{value}"),
    "in.mode": ("the hand is played in {mode}", "die Runde in {mode} gespielt wird"),
    "in.mode.main": ("the hand is played in {mode}", "die Runde wird in {mode} gespielt"),
    "in.suit": ("{suit} is trump", "{suit} Trumpf ist"),
    "in.suit.main": ("{suit} is trump", "{suit} ist Trumpf"),
    "in.suits": ("a suit is trump", "eine Farbe Trumpf ist"),
    "in.suits.main": ("a suit is trump", "eine Farbe ist Trumpf"),
    "fallback.obenabe": ("Obenabe", "Obenabe"),
    "fallback.undenufe": ("Undenufe", "Undenufe"),
    # -- play
    "play.suit_or_trump": (
        "A player must follow the suit led if they can, but may always play a trump instead, "
        "even while holding the suit led. A player who cannot follow may play any card.",
        "Wer die ausgespielte Farbe hat, muss bedienen, darf aber stattdessen jederzeit "
        "trumpfen, auch wenn er bedienen könnte. Wer nicht bedienen kann, darf jede Karte "
        "spielen.",
    ),
    "play.suit": (
        "A player must follow the suit led if they can; otherwise any card may be played.",
        "Wer die ausgespielte Farbe hat, muss bedienen; sonst darf jede Karte gespielt werden.",
    ),
    "play.trump_led": (
        "When trump is led, a player holding trump must play trump.",
        "Wird Trumpf ausgespielt, muss Trumpf zugeben, wer Trumpf hat.",
    ),
    "play.puur_exempt": (
        "Exception for the Puur, the Jack (Under) of trump: a player whose only trump is the "
        "Puur need not play it when trump is led and may play any card.",
        "Ausnahme für den Puur, den Buben (Under) der Trumpffarbe: wer als einzigen Trumpf den "
        "Puur hat, muss ihn auf ausgespielten Trumpf nicht zugeben und darf jede Karte spielen.",
    ),
    "play.puur_follows": (
        "The Puur, the Jack (Under) of trump, has no exemption: it must be played when trump is "
        "led and it is the only trump.",
        "Der Puur, der Bube (Under) der Trumpffarbe, hat keine Ausnahme: ist er der einzige "
        "Trumpf, muss er auf ausgespielten Trumpf zugegeben werden.",
    ),
    "play.strict": (
        "Undertrumping (strict rule): once someone has trumped a trick in a side suit, "
        "nobody may play a lower trump to it, unless they hold nothing but trumps.",
        "Untertrumpfen (strenge Regel): hat jemand einen Stich in einer Nebenfarbe getrumpft, "
        "darf niemand einen tieferen Trumpf dazugeben, ausser er hat nur noch Trümpfe.",
    ),
    "play.weak": (
        "Undertrumping (weak rule): once someone has trumped a trick in a side suit, a lower "
        "trump may be played to it only by a player who has no card of the suit led; such a "
        "player may play any card.",
        "Untertrumpfen (schwache Regel): hat jemand einen Stich in einer Nebenfarbe getrumpft, "
        "darf nur einen tieferen Trumpf dazugeben, wer die ausgespielte Farbe nicht hat; "
        "dieser Spieler darf jede Karte spielen.",
    ),
    "play.no_trump": (
        "Without trump, the highest card of the suit led wins the trick.",
        "Ohne Trumpf macht die höchste Karte der ausgespielten Farbe den Stich.",
    ),
    "play.winner": (
        "A trick goes to the highest trump in it, or, without a trump, to the highest card of "
        "the suit led.",
        "Den Stich macht der höchste Trumpf, oder, wenn kein Trumpf darin liegt, die höchste "
        "Karte der ausgespielten Farbe.",
    ),
    # -- declarations
    "ov.piles": (
        "the cards left over are laid face down as {piles}",
        "die übrigen Karten werden verdeckt abgelegt als {piles}",
    ),
    "ov.piles_fewer": (
        "the cards left over (with fewer than {full} at the table) are laid face down as "
        "{piles}",
        "die übrigen Karten (mit weniger als {full} am Tisch) werden verdeckt abgelegt als "
        "{piles}",
    ),
    "pile.count": ("the {name} ({n} cards)", "{name} ({n} Karten)"),
    "pile.rest": ("the {name} (the rest)", "{name} (der Rest)"),
    "pile.each": ("the {name} ({n} cards for each player)", "{name} ({n} Karten pro Spieler)"),
    "ov.lead_playing": (
        "the first of those who play, from forehand on; whoever wins a trick leads the next",
        "wer als erster ab der Vorhand mitspielt; wer einen Stich gewinnt, spielt zum nächsten "
        "aus",
    ),
    "trump.turned": (
        "When cards are left over after the deal, the top card of the first of these piles "
        "that holds cards is turned face up: {piles}. Its suit is trump for the hand. When "
        "none of them holds a card, the last card of the deal, which the dealer receives, is "
        "shown to everyone and sets trump instead.",
        "Bleiben nach dem Geben Karten übrig, wird die oberste Karte des ersten dieser "
        "Haufen, der Karten hat, aufgedeckt: {piles}. Ihre Farbe ist Trumpf für diese Runde. "
        "Hat keiner davon eine Karte, wird stattdessen die letzte Karte beim Geben, die der "
        "Geber erhält, allen gezeigt und bestimmt den Trumpf.",
    ),
    "trump.show": (
        "Everybody may look at the bottom card of the {pile}.",
        "Die unterste Karte von {pile} dürfen alle ansehen.",
    ),
    "declare.none": (
        "Nothing is declared: play starts right after the deal and the setting of trump.",
        "Es wird nichts angesagt: nach dem Geben und der Trumpfbestimmung beginnt das Spiel.",
    ),
    "declare.trump_phase": (
        "First forehand chooses trump or pushes (see above).",
        "Zuerst wählt die Vorhand den Trumpf oder schiebt (siehe oben).",
    ),
    "declare.trump_phase_alone": (
        "First forehand chooses trump (see above).",
        "Zuerst wählt die Vorhand den Trumpf (siehe oben).",
    ),
    "declare.value": (
        "Starting with forehand, every player in turn declares {a_name}: a whole number from "
        "{low} to {high}.",
        "Beginnend mit der Vorhand sagt reihum jeder Spieler {a_name} an: eine ganze Zahl von "
        "{low} bis {high}.",
    ),
    "declare.after_role": (
        "After trump is set, every player in turn declares {a_name}: a whole number from "
        "{low} to {high}, starting with the player to the right of {role}.",
        "Nach der Trumpfbestimmung sagt reihum jeder Spieler {a_name} an: eine ganze Zahl von "
        "{low} bis {high}, beginnend mit dem Spieler rechts von {role}.",
    ),
    "declare.after_bidder": (
        "After trump is set, every player in turn declares {a_name}: a whole number from "
        "{low} to {high}, starting with the player to the right of the highest bidder.",
        "Nach der Trumpfbestimmung sagt reihum jeder Spieler {a_name} an: eine ganze Zahl von "
        "{low} bis {high}, beginnend mit dem Spieler rechts vom Höchstbietenden.",
    ),
    # `declare NAME yes or no`: a question each player answers
    "declare.yes_no": (
        "Starting with forehand, every player in turn answers the question {name}: yes or "
        "no. In the scoring a yes counts 1 and a no 0.",
        "Beginnend mit der Vorhand beantwortet reihum jeder Spieler die Frage {name}: ja oder "
        "nein. In der Abrechnung zählt ein Ja 1 und ein Nein 0.",
    ),
    "declare.yes_no_after_role": (
        "After trump is set, every player in turn answers the question {name}: yes or no, "
        "starting with the player to the right of {role}. In the scoring a yes counts 1 and "
        "a no 0.",
        "Nach der Trumpfbestimmung beantwortet reihum jeder Spieler die Frage {name}: ja oder "
        "nein, beginnend mit dem Spieler rechts von {role}. In der Abrechnung zählt ein Ja 1 "
        "und ein Nein 0.",
    ),
    "declare.yes_no_after_bidder": (
        "After trump is set, every player in turn answers the question {name}: yes or no, "
        "starting with the player to the right of the highest bidder. In the scoring a yes "
        "counts 1 and a no 0.",
        "Nach der Trumpfbestimmung beantwortet reihum jeder Spieler die Frage {name}: ja oder "
        "nein, beginnend mit dem Spieler rechts vom Höchstbietenden. In der Abrechnung zählt "
        "ein Ja 1 und ein Nein 0.",
    ),
    "declare.bidder_keeps": (
        "The highest bidder does not declare: their {name} is their {kept}.",
        "Der Höchstbietende sagt nicht an: als {name} zählt sein {kept}.",
    ),
    "declare.steps": (
        "Values go in steps of {step}: from {low} up, and {high} itself.",
        "Angesagt wird in Schritten von {step}: ab {low}, und {high} selbst.",
    ),
    # the numbers of a range in steps, all known: 60, 70, ..., 150 and 157
    "declare.steps_list": (
        "Only these numbers may be {declared}: {first}, {second} and so on in steps of "
        "{step} up to {last}{top}.",
        "Nur diese Zahlen dürfen {declared} werden: {first}, {second} und so weiter in "
        "Schritten von {step} bis {last}{top}.",
    ),
    "declare.steps_top": (", and {high} itself", ", dazu {high} selbst"),
    "declare.declared": ("declared", "angesagt"),
    "declare.named": (
        "Beside the numbers, {names} may be {declared}.",
        "Neben den Zahlen kann {names} {declared} werden.",
    ),
    "declare.named_one": ("*{name}* (worth {value})", "*{name}* (im Wert von {value})"),
    "declare.hook": (
        "The last player to declare may not choose a number that makes the sum of all "
        "declarations {total}.",
        "Wer zuletzt ansagt, darf keine Zahl wählen, mit der die Summe aller Ansagen {total} "
        "ergibt.",
    ),
    "declare.hidden": (
        "The declarations stay hidden from the other players until the hand is over.",
        "Die Ansagen bleiben vor den anderen verborgen, bis die Runde vorbei ist.",
    ),
    "declare.open": ("The declarations are open to all.", "Die Ansagen sind für alle offen."),
    "declare.by": (
        "After trump is set, only {who} {may} declare {a_name}, one player after the other "
        "{start}: a whole number from {low} to {high}.",
        "Nach der Trumpfbestimmung {may} nur {who} {a_name} ansagen, ein Spieler nach dem "
        "anderen {start}: eine ganze Zahl von {low} bis {high}.",
    ),
    "declare.by_yes_no": (
        "After trump is set, only {who} {may} answer the question {name}: yes or no, one "
        "player after the other {start}. In the scoring a yes counts 1 and a no 0.",
        "Nach der Trumpfbestimmung {may} nur {who} die Frage {name} beantworten: ja oder "
        "nein, ein Spieler nach dem anderen {start}. In der Abrechnung zählt ein Ja 1 "
        "und ein Nein 0.",
    ),
    # where the turns of a declaration `by` some players begin
    "declare.start.forehand": ("from forehand on", "ab der Vorhand"),
    "declare.start.role": ("from the player to the right of {role} on",
                           "ab dem Spieler rechts von {role}"),
    "declare.start.bidder": ("from the player to the right of the highest bidder on",
                             "ab dem Spieler rechts vom Höchstbietenden"),
    "declare.may": ("may", "darf"),
    "declare.may_pl": ("may", "dürfen"),
    "declare.by_role": ("the {subject} of {role}", "das {subject} {role}"),
    "declare.by_not_role": ("the opponents of {role}", "die Gegner {role}"),
    "declare.only_when": (
        "A player is asked for {a_name} only if, at their turn, {cond}.",
        "Ein Spieler wird nur nach {a_name} gefragt, wenn bei seinem Zug {cond}.",
    ),
    "declare.only_if": (
        "This is declared only when the option {name} is {value}.",
        "Angesagt wird das nur, wenn die Option {name} {value} ist.",
    ),
    # -- Weis
    "weis.only_if": (" (only with the option {name})", " (nur mit der Option {name})"),
    # -- scoring
    "scoring.intro": (
        "After the last trick the rules below are read from the top; the first one that "
        "applies decides the score of the hand, and the rest are skipped.",
        "Nach dem letzten Stich werden die folgenden Regeln von oben gelesen; die erste, die "
        "zutrifft, entscheidet die Abrechnung der Runde, die übrigen entfallen.",
    ),
    "scoring.units": ("Scores are kept in {units}.", "Angeschrieben werden {units}."),
    "scoring.cancels": (
        "One {a} cancels one {b}: a total is shown as whichever is left over.",
        "Ein {a} hebt einen {b} auf: angezeigt wird, was übrig bleibt.",
    ),
    "scoring.floor": (
        "A total of {unit} never drops below {floor}.",
        "Ein Stand an {unit} fällt nie unter {floor}.",
    ),
    "scoring.abeyance": (
        "Held in abeyance: such an award belongs to none of the players it is held between "
        "yet. It goes to whichever of them is the only one of them to gain {unit} in a later "
        "hand; until then it waits.",
        "Zurückgestellt: ein solcher Gewinn gehört noch keinem der Spieler, zwischen denen er "
        "steht. Er geht an denjenigen von ihnen, der als Einziger von ihnen in einer späteren "
        "Runde {unit} gewinnt; bis dahin wartet er.",
    ),
    "scoring.where": ("Where", "Dabei gilt"),
    "scoring.clause_id": ("rule `{id}`", "Regel `{id}`"),
    "scoring.none": ("This file has no scoring rules.", "Diese Datei hat keine Abrechnungsregeln."),
    "cond.if": ("If {cond}:", "Wenn {cond}:"),
    "cond.otherwise": ("In every other case:", "In allen anderen Fällen:"),
    "cond.always": ("In every case:", "In jedem Fall:"),
    "let.def": ("{name} is {value}", "{name} ist {value}"),
    "option.ref": ("{name} is the option of that name ({value} unless chosen otherwise)",
                   "{name} ist die gleichnamige Option (voreingestellt {value})"),
    "checks.intro": (
        "The engine and the tests check these statements after every hand; they say what the "
        "rules above must add up to.",
        "Die Engine und die Tests prüfen diese Aussagen nach jeder Runde; sie halten fest, "
        "worauf die Regeln oben hinauslaufen müssen.",
    ),
    # -- end
    "end.hands": ("The game ends after {hands} hands.", "Das Spiel endet nach {hands} Runden."),
    "end.when": (
        "The score is checked after every hand. The game ends as soon as {cond}.",
        "Nach jeder Runde wird der Stand geprüft. Das Spiel endet, sobald {cond}.",
    ),
    "end.count_first": (
        "The score is also checked in the middle of a hand: first {facts} count, in this "
        "order, and only then the tricks (card points and their bonuses). As soon as the "
        "condition holds after one of them, the game ends at once, and the rest of that hand "
        "no longer counts.",
        "Der Stand wird auch mitten in einer Runde geprüft: zuerst zählen {facts}, in dieser "
        "Reihenfolge, und erst danach die Stiche (Kartenpunkte und ihre Zuschläge). Sobald die "
        "Bedingung nach einem davon erfüllt ist, endet das Spiel sofort, und der Rest dieser "
        "Runde zählt nicht mehr.",
    ),
    "end.count_first_tricks": (
        "The score is also checked in the middle of a hand: first {facts} count, then the "
        "tricks one by one as they are taken, each with its card points (the last trick with "
        "its bonuses). As soon as the condition holds after one of them, the "
        "game ends at once, and the rest of that hand no longer counts: when both sides pass "
        "the target in one hand, the side that got there first wins.",
        "Der Stand wird auch mitten in einer Runde geprüft: zuerst zählen {facts}, dann die "
        "Stiche einzeln, wie sie gemacht werden, jeder mit seinen Kartenpunkten (der letzte "
        "Stich mit seinen Zuschlägen). Sobald die Bedingung nach "
        "einem davon erfüllt ist, endet das Spiel sofort, und der Rest dieser Runde zählt nicht "
        "mehr: überschreiten beide Seiten das Ziel in einer Runde, gewinnt die Seite, die "
        "zuerst dort war.",
    ),
    "end.count_tricks": (
        "The score is also checked in the middle of a hand: the tricks count one by one as "
        "they are taken, each with its card points (the last trick with its bonuses). As soon "
        "as the condition holds after one of them, the game ends at once, and the rest of that "
        "hand no longer counts: when both sides pass the target in one hand, the side that "
        "got there first wins.",
        "Der Stand wird auch mitten in einer Runde geprüft: die Stiche zählen einzeln, wie sie "
        "gemacht werden, jeder mit seinen Kartenpunkten (der letzte Stich mit seinen "
        "Zuschlägen). Sobald die Bedingung nach einem davon erfüllt ist, endet das Spiel "
        "sofort, und der Rest dieser Runde zählt nicht mehr: überschreiten beide Seiten das "
        "Ziel in einer Runde, gewinnt die Seite, die zuerst dort war.",
    ),
    "count.then": (", then ", ", dann "),
    "count.stoeck": ("Stöck", "die Stöck"),
    "count.weis": ("the Weise", "die Weise"),
    "end.winner_most": (
        "The winner is {article} {subject} with the most {unit}; equal totals share the win.",
        "Es gewinnt {article} {subject} mit den meisten {unit}; bei Gleichstand teilen sich "
        "die Punktgleichen den Sieg.",
    ),
    "end.winner_first_out": (
        "The first to leave the table wins; of several who leave after the same "
        "hand, the one with the {most} {unit} wins, equal totals sharing the win. The others "
        "are placed in the order they leave, then those still at the table by the {most} "
        "{unit}.",
        "Es gewinnt, wer zuerst den Tisch verlässt; gehen mehrere nach derselben Runde, "
        "gewinnt unter ihnen der mit den {most} {unit}, bei Gleichstand teilen sich die "
        "Punktgleichen den Sieg. Die anderen werden in der Reihenfolge ihres Gehens platziert, "
        "danach wer noch am Tisch sitzt, nach den {most} {unit}.",
    ),
    "end.winner_fewest": (
        "The winner is {article} {subject} with the fewest {unit}; equal totals share the win.",
        "Es gewinnt {article} {subject} mit den wenigsten {unit}; bei Gleichstand teilen sich "
        "die Punktgleichen den Sieg.",
    ),
    # -- options
    "options.none": (
        "This file offers no options; a house rule is a copy of the file with the change.",
        "Diese Datei bietet keine Optionen; eine Hausregel ist eine Kopie der Datei mit der "
        "Änderung.",
    ),
    "options.intro": (
        "Each option is one choice inside this file; the default is used unless a game sets "
        "another value, e.g. {command}.",
        "Jede Option ist eine Wahl innerhalb dieser Datei; ohne andere Angabe gilt die "
        "Voreinstellung, z. B. {command}.",
    ),
    "options.col.name": ("Option", "Option"),
    "options.col.what": ("What it sets (from the rule file)",
                         "Was sie festlegt (aus der Regeldatei)"),
    "options.col.default": ("Default", "Voreinstellung"),
    "options.col.choices": ("Choices", "Auswahl"),
    # -- sources
    "sources.intro": (
        "The rules follow these sources. Where a source is silent or unclear, the rule file "
        "records the decision taken; the texts below are quoted from the rule file.",
        "Die Regeln folgen diesen Quellen. Wo eine Quelle schweigt oder unklar ist, hält die "
        "Regeldatei die getroffene Entscheidung fest; die Texte unten stammen aus der "
        "Regeldatei.",
    ),
    "sources.english": ("in English", "englisch"),
    "sources.sources": ("Sources", "Quellen"),
    "sources.decisions": ("Decisions", "Entscheidungen"),
    "sources.none": ("No decisions recorded.", "Keine Entscheidungen festgehalten."),
    # -- example
    "ex.intro": (
        "The engine plays the first hand of a game with seed {seed}, every seat played by "
        "the heuristic bot: legal, plausible Jass, not expert play. Where a rule decided a "
        "card or a trick, the list below the tricks says why. Players are named by their "
        "seat, P0, P1 and so on, as at the terminal.",
        "Die Engine spielt die erste Runde eines Spiels mit dem Startwert {seed}; an jedem "
        "Platz spielt der heuristische Bot: regelkonform und plausibel, aber nicht meisterhaft. "
        "Wo eine Regel eine Karte oder einen Stich entschied, sagt die Liste unter den "
        "Stichen, warum. Die Spieler heissen nach ihrem Platz P0, P1 und so weiter, wie am "
        "Terminal.",
    ),
    "ex.suits": ("Suits: {suits}.", "Farben: {suits}."),
    "ex.deal": ("The deal", "Die Karten"),
    "ex.dealer": ("{dealer} deals; {forehand} is forehand.", "{dealer} gibt; {forehand} ist Vorhand."),
    "ex.col.player": ("Player", "Spieler"),
    "ex.col.cards": ("Cards", "Karten"),
    "ex.col.no": ("Trick", "Stich"),
    "ex.col.leader": ("Leads", "Spielt aus"),
    "ex.col.played": ("Cards in playing order", "Karten in Spielreihenfolge"),
    "ex.col.winner": ("Wins", "Macht den Stich"),
    "ex.col.points": ("Points", "Punkte"),
    "ex.tricks": ("The tricks", "Die Stiche"),
    "ex.tricks_modes": (
        "Beside each trick number is the mode the trick was played in: it decides which card "
        "wins it.",
        "Neben jeder Stichnummer steht die Spielart, in der der Stich gespielt wurde: sie "
        "entscheidet, welche Karte ihn macht.",
    ),
    "ex.trick_trump": ("{suit} trump", "{suit} Trumpf"),
    "ex.tricks_note": (
        "The winning card of each trick is in bold. Points use the final trump; the last "
        "trick includes its bonus.",
        "Die stechende Karte jedes Stichs ist fett. Die Punkte gelten mit dem endgültigen "
        "Trumpf; im letzten Stich ist der Bonus enthalten.",
    ),
    "ex.why": (
        "Why, where a rule decided (each kind of case once, the first time it comes up):",
        "Warum, wo eine Regel entschied (jeder Fall einmal, beim ersten Vorkommen):",
    ),
    "ex.why_trick": ("Trick {n}", "Stich {n}"),
    "ex.forced_only": (
        "{player} has to play {card}, the only legal card: {reasons}.",
        "{player} muss {card} spielen, die einzige erlaubte Karte: {reasons}.",
    ),
    "ex.forced_barred": (
        "{player} plays {card}; not allowed: {cards}, since {reason}.",
        "{player} spielt {card}; nicht erlaubt: {cards}, denn {reason}.",
    ),
    # the regime statements of `Game.why_illegal` (jassdsl/compile/play.py), as reasons
    "ex.reason.follow": ("the suit led must be followed",
                         "die ausgespielte Farbe muss bedient werden"),
    "ex.reason.follow-trump": ("trump was led and must be followed",
                               "Trumpf ist ausgespielt und muss bedient werden"),
    "ex.reason.undertrump": (
        "a trump lower than the one on the trick may not be played (no undertrumping)",
        "ein tieferer Trumpf als der im Stich darf nicht gespielt werden (kein "
        "Untertrumpfen)",
    ),
    # the exceptions of `corpus.coverage.legal_paths` that allowed a card
    "ex.allowed.puur-exempt": (
        "{player} plays {card} although trump was led: the Jack of trump (Puur), when it "
        "is the only trump held, need not be played.",
        "{player} spielt {card}, obwohl Trumpf ausgespielt ist: den Trumpf-Buben (Puur) "
        "muss niemand spielen, wenn er der einzige Trumpf in der Hand ist.",
    ),
    "ex.allowed.undertrump-strict-only-trumps": (
        "{player} plays {card}, a lower trump: allowed, since only trumps are left in the "
        "hand.",
        "{player} spielt {card}, einen tieferen Trumpf: erlaubt, weil nur noch Trümpfe in "
        "der Hand sind.",
    ),
    "ex.allowed.undertrump-weak-void": (
        "{player} plays {card}, a lower trump: allowed, since the hand holds no card of "
        "the suit led.",
        "{player} spielt {card}, einen tieferen Trumpf: erlaubt, weil die ausgespielte "
        "Farbe in der Hand fehlt.",
    ),
    "ex.won.trump": (
        "{player} takes the trick with {card}: the highest trump wins whatever suit was led.",
        "{player} macht den Stich mit {card}: der höchste Trumpf sticht, gleich welche Farbe "
        "ausgespielt ist.",
    ),
    "ex.won.trump-order": (
        "{player} takes the trick with {card}: trumps rank {ranks}.",
        "{player} macht den Stich mit {card}: die Trümpfe haben die Rangfolge {ranks}.",
    ),
    "ex.won.order": (
        "{player} takes the trick with {card}: in {mode} the cards of the suit led rank "
        "{ranks}.",
        "{player} macht den Stich mit {card}: bei {mode} gilt in der ausgespielten Farbe die "
        "Rangfolge {ranks}.",
    ),
    "ex.turned": (
        "The card {card} is turned face up. {trump}",
        "Die Karte {card} wird aufgedeckt. {trump}",
    ),
    "ex.playing": ("Playing this hand: {players}.", "In dieser Runde spielen mit: {players}."),
    "ex.shown": ("The card shown is {card}: {trump}.", "Die gezeigte Karte ist {card}: {trump}."),
    "ex.random": ("The suit drawn is {trump}.", "Gezogen wird {trump}."),
    "ex.push": ("{player} pushes.", "{player} schiebt."),
    "ex.choose": ("{player} chooses {trump}.", "{player} wählt {trump}."),
    "ex.no_trump": ("The hand is played {mode}.", "Die Runde wird {mode} gespielt."),
    "ex.trump_is": ("{suit} is trump", "{suit} ist Trumpf"),
    "ex.declared": ("Declared {name}: {values}.", "Angesagt ({name}): {values}."),
    "ex.declared_all": ("{names}: {values}.", "{names}: {values}."),
    "ex.points": ("Card points of the hand: {points}.", "Kartenpunkte der Runde: {points}."),
    "ex.match_bonus": ("(including {bonus} for a match)", "(mit {bonus} für ein Match)"),
    "ex.clause": (
        "The first scoring rule that applies is `{id}`{title}:",
        "Die erste zutreffende Regel ist `{id}`{title}:",
    ),
    "ex.bonuses": ("Weis and Stöck: {items}.", "Weis und Stöck: {items}."),
    "ex.bonus.weis": ("Weis from the hand", "Weis aus der Hand"),
    "ex.bonus.stoeck": ("Stöck from the hand", "Stöck aus der Hand"),
    "ex.bonus.table-weis": ("table Weis", "Tischweis"),
    "ex.bonus.table-stoeck": ("table Stöck", "Tisch-Stöck"),
    "ex.grants": ("Scored: {grants}.", "Angeschrieben: {grants}."),
    "ex.no_grants": ("Nobody scores anything in this hand.", "In dieser Runde schreibt niemand etwas an."),
    "ex.held": ("{amount} held in abeyance between {who}", "{amount} zurückgestellt zwischen {who}"),
    "ex.totals": ("Totals after the hand: {totals}.", "Stand nach der Runde: {totals}."),
    "ex.team": ("team {members}", "Team {members}"),
    # -- file
    "file.intro": (
        "The page above is generated from this file, {file}.",
        "Diese Seite ist aus dieser Datei erzeugt, {file}.",
    ),
    # -- comparison page
    "cmp.title": ("Variants", "Varianten"),
    "cmp.intro": (
        "Every variant has its own page, generated from its rule file in `rules/`. This table "
        "sets them side by side, in alphabetical order; a variant whose name begins with the "
        "name of another comes right after it.",
        "Jede Variante hat eine eigene Seite, erzeugt aus ihrer Regeldatei in `rules/`. Diese "
        "Tabelle stellt sie nebeneinander, alphabetisch; eine Variante, deren Name mit dem "
        "Namen einer anderen beginnt, steht gleich nach dieser.",
    ),
    "cmp.col.variant": ("Variant", "Variante"),
    "cmp.col.players": ("Players", "Spieler"),
    "cmp.col.trump": ("Trump", "Trumpf"),
    "cmp.col.undertrump": ("Undertrumping", "Untertrumpfen"),
    "cmp.col.scored": ("Scored in", "Gezählt in"),
    "cmp.scored": ("{units}; bonuses: {bonuses}", "{units}; Zuschläge: {bonuses}"),
    "cmp.col.end": ("Game end and winner", "Spielende und Sieger"),
    "cmp.teams": ("{n} in two teams", "{n} in zwei Teams"),
    "cmp.alone": ("{n}, each alone", "{n}, jeder für sich"),
    "cmp.after": ("after {hands} hands", "nach {hands} Runden"),
    "cmp.when": ("as soon as {cond}", "sobald {cond}"),
    "cmp.first_out": ("the first to leave wins", "wer zuerst geht, gewinnt"),
    "cmp.winner_most": ("{article} {subject} with the most {unit} wins",
                        "es gewinnt {article} {subject} mit den meisten {unit}"),
    "cmp.winner_fewest": ("{article} {subject} with the fewest {unit} wins",
                          "es gewinnt {article} {subject} mit den wenigsten {unit}"),
    "short.random_suit": ("random suit", "zufällige Farbe"),
    "short.bottom_card": ("bottom card", "unterste Karte"),
    "short.turned": ("turned top card of a pile, else the bottom card",
                     "aufgedeckte oberste Karte eines Haufens, sonst die unterste Karte"),
    "short.none": ("none ({mode})", "keiner ({mode})"),
    "short.forehand_chooses": ("forehand chooses", "Vorhand wählt"),
    "short.push": ("forehand chooses or pushes", "Vorhand wählt oder schiebt"),
    "short.push_next": ("forehand chooses or pushes on", "Vorhand wählt oder schiebt weiter"),
    "short.bidder_chooses": ("highest bidder chooses", "Höchstbietender wählt"),
    "short.strict": ("not allowed, unless a player holds only trumps",
                     "verboten, ausser man hat nur noch Trümpfe"),
    "short.weak": ("allowed only for a player who cannot follow suit",
                   "nur erlaubt, wenn man nicht bedienen kann"),
    "short.puur": ("a lone Puur need not be played to trump",
                   "ein blanker Puur muss nicht zugegeben werden"),
    "short.no_trump": ("does not arise (no trump)", "entfällt (kein Trumpf)"),
    "short.bonus.stoeck": ("Stöck {points}", "Stöck {points}"),
    "short.bonus.match": ("match {points}", "Match {points}"),
    "short.bonus.last-trick": ("last trick {points}", "letzter Stich {points}"),
    "short.none_counted": ("—", "—"),
    "short.not_with": ("{item} (not with {setting})", "{item} (nicht mit {setting})"),
    "short.only_with": ("{item} with {setting}", "{item} mit {setting}"),
    # -- words a file may use as option values (only the German is used)
    "word.yes": ("yes", "ja"),
    "word.no": ("no", "nein"),
    "word.none": ("none", "keine"),
    "word.match": ("match", "Match"),
    "corpus.total": ("all", "alle"),
    # -- page chrome
    "site.title": ("Jass rulebook", "Jass-Regelbuch"),
    "page.summary": ("Summary from the rule file", "Zusammenfassung"),
    "page.seat": ("seat", "Platz"),
    # -- the table (`jassdsl serve`) and the terminal (`jassdsl play`)
    "live.you": ("you", "du"),
    "live.push": ("Push", "Schieben"),
    "live.pass": ("Pass", "Passen"),
    "live.prompt.trump": ("Choose trump", "Trumpf wählen"),
    "live.prompt.play": ("Play a card", "Karte spielen"),
    "live.prompt.declare": ("{your} {name}", "{your} {name}"),
    "live.prompt.other": ("Your decision", "Deine Entscheidung"),
    "live.wait": ("Waiting for {name}", "Warten auf {name}"),
    "live.trump": ("Trump", "Trumpf"),
    "live.no_trump": ("not set yet", "noch nicht bestimmt"),
    "live.hand": ("Your hand", "Deine Karten"),
    "live.trick": ("Trick", "Stich"),
    "live.last_trick": ("Last trick", "Letzter Stich"),
    "live.won_by": ("taken by {name}", "gemacht von {name}"),
    "live.running": ("This hand", "Diese Runde"),
    "live.tricks": ("tricks", "Stiche"),
    "live.points": ("points", "Punkte"),
    "live.sheet": ("Scoresheet", "Jasstafel"),
    "live.columns": ("Columns", "Spalten"),
    "live.hand_no": ("Hand", "Runde"),
    "live.total": ("Total", "Total"),
    "live.open": ("open", "offen"),
    "live.scored_by": ("Scored by rule {clause}", "Gezählt nach der Regel «{clause}»"),
    "live.rule_page": ("rule page", "Regelseite"),
    "live.over": ("Game over", "Spiel beendet"),
    "live.save": ("Save the game", "Partie speichern"),
    "live.log": ("At the table", "Am Tisch"),
    "live.reports": ("Hands played", "Gespielte Runden"),
    "live.dealer": ("dealer", "Geber"),
    "live.seat": ("Seat {n}", "Platz {n}"),
    "live.links": ("Links to the seats", "Links zu den Plätzen"),
    "live.new": ("New game", "Neues Spiel"),
    "live.start": ("Start the game", "Spiel starten"),
    "live.variant": ("Variant", "Variante"),
    "live.path": ("or a rule file's path", "oder Pfad einer Regeldatei"),
    "live.options": ("Options", "Optionen"),
    "live.path_example": ("my-variant.jass", "meine-variante.jass"),
    "live.seats": ("Seats", "Plätze"),
    "live.person": ("person", "Person"),
    "live.heuristic": ("bot (heuristic)", "Bot (Heuristik)"),
    "live.random": ("bot (random)", "Bot (Zufall)"),
    "live.seed": ("Seed (empty: random)", "Startwert (leer: zufällig)"),
    "live.language": ("Language", "Sprache"),
    "live.pack": ("Card pack", "Kartenblatt"),
    "live.french": ("French", "Französisch"),
    "live.swiss": ("German-Swiss", "Deutschschweizer"),
    "live.replay": ("Replay a saved game", "Gespeicherte Partie fortsetzen"),
    "live.title": ("Jass table", "Jasstisch"),
    "live.confirm": ("OK", "OK"),
    "live.entry.range": ("enter a whole number from {min} to {max}",
                         "gib eine ganze Zahl von {min} bis {max} ein"),
    "live.connection": ("Connection lost: reconnecting …", "Verbindung unterbrochen: verbinde neu …"),
    # -- names at the table, the evening's games, the Jasstafel's strokes (jassdsl.table)
    "live.name": ("Name", "Name"),
    "live.name.ask": ("Your name at this table", "Dein Name an diesem Tisch"),
    "live.name.player": ("Player {n}", "Spieler {n}"),
    "live.name.bot": ("Bot{n} ({level})", "Bot{n} ({level})"),
    "live.level.random": ("random", "Zufall"),
    "live.level.heuristic": ("heuristic", "Heuristik"),
    "live.level.search.easy": ("easy", "leicht"),
    "live.level.search.medium": ("medium", "mittel"),
    "live.level.search.hard": ("strong", "stark"),
    "live.search:easy": ("bot (search, easy)", "Bot (Suche, leicht)"),
    "live.search:medium": ("bot (search, medium)", "Bot (Suche, mittel)"),
    "live.search:hard": ("bot (search, strong: up to about a second a card)",
                         "Bot (Suche, stark: bis etwa eine Sekunde pro Karte)"),
    "live.name.refuse.text": ("a name is a short text", "ein Name ist ein kurzer Text"),
    "live.name.refuse.chars": ("a name may not hold control characters",
                               "ein Name darf keine Steuerzeichen enthalten"),
    "live.name.refuse.long": ("a name has at most {n} characters",
                              "ein Name hat höchstens {n} Zeichen"),
    "live.name.refuse.taken": ("the name {name} is taken at this table",
                               "der Name {name} ist an diesem Tisch schon vergeben"),
    "live.name.refuse.late": ("this seat has its name already", "dieser Platz hat schon einen Namen"),
    "live.evening": ("This evening's games", "Die Partien des Abends"),
    "live.evening.none": ("No games yet.", "Noch keine Partien."),
    "live.evening.started": ("Started", "Begonnen"),
    "live.evening.players": ("Players", "Spieler"),
    "live.evening.state": ("State", "Stand"),
    "live.evening.open": ("open, hand {n}", "offen, Runde {n}"),
    "live.evening.done": ("finished", "beendet"),
    "live.evening.stopped": ("stopped", "angehalten"),
    "live.evening.resume": ("Resume", "Weiterspielen"),
    "live.evening.resume_how": ("resume with your seat's link or the host link",
                                "weiter mit dem Link deines Platzes oder dem Gastgeber-Link"),
    "live.evening.replay": ("Replay step by step", "Schritt für Schritt nachspielen"),
    "live.evening.saved": ("Every game is saved as it is played: a restart of the server "
                           "loses nothing, and every seat's link keeps working.",
                           "Jede Partie wird beim Spielen gespeichert: ein Neustart des "
                           "Servers verliert nichts, und der Link jedes Platzes bleibt gültig."),
    "live.host": ("Host link: it opens every seat's link of this game; keep it to yourself",
                  "Gastgeber-Link: er öffnet die Links aller Plätze dieser Partie; behalte "
                  "ihn für dich"),
    "live.host.title": ("The seats of this game", "Die Plätze dieser Partie"),
    "live.step": ("Step {k} of {n}", "Schritt {k} von {n}"),
    "live.step.start": ("the cards are dealt", "die Karten sind verteilt"),
    "live.back": ("Back", "Zurück"),
    "live.forward": ("Forward", "Weiter"),
    "live.first": ("Start", "Anfang"),
    "live.last": ("End", "Ende"),
    "live.plays": ("{name} plays", "{name} spielt"),
    "live.hands": ("The hands", "Die Karten"),
    "live.replay.open": ("an open game is not replayed: its cards are still hidden",
                         "eine offene Partie wird nicht nachgespielt: ihre Karten sind "
                         "noch verdeckt"),
    "live.replay.unknown": ("there is no such game this evening",
                            "diese Partie gibt es an diesem Abend nicht"),
    "live.strokes": ("As a Jasser writes it", "Wie ein Jasser schreibt"),
    "live.strokes.label": ("{name}: {total}, {h} strokes of 100, {f} of 50, {t} of 20 "
                           "and {rest}",
                           "{name}: {total}, {h} Striche für 100, {f} für 50, {t} für 20 "
                           "und {rest}"),
    # the narration of a game (textview): the English keeps the terminal's words exactly
    "live.trump_label": ("trump {mode}", "Trumpf {mode}"),
    "live.how.random": ("drawn at random", "zufällig gezogen"),
    "live.how.bottom": ("bottom card {card} shown", "unterste Karte {card} gezeigt"),
    "live.how.turned": ("card {card} turned{robbed}", "Karte {card} gewendet{robbed}"),
    "live.how.none": ("no trump (cards rank as {mode})", "kein Trumpf (Rangfolge wie {mode})"),
    "live.call.pushed": ("{name} pushed", "{name} hat geschoben"),
    "live.call.chosen_by": ("chosen by {name}", "gewählt von {name}"),
    "live.call.chosen": ("chosen", "gewählt"),
    "live.trick_line": ("trick {n}: {cards} -> {winner}{tail}", "Stich {n}: {cards} -> {winner}{tail}"),
    "live.abeyance": ("{amount} held in abeyance between {between}",
                      "{amount} zurückgestellt zwischen {between}"),
    "live.released": (" (held from an earlier hand)", " (aus einer früheren Runde)"),
    "live.counted": ("counted", "gezählt"),
    "live.not_counted": ("not counted", "nicht gezählt"),
    "live.card_points": ("card points", "Kartenpunkte"),
    "live.tricks_fact": ("tricks", "Stiche"),
    "live.last_fact": ("last trick: {name}", "letzter Stich: {name}"),
    "live.taken": ("{what} taken", "{what} gewonnen"),
    "live.taken_by": ("{what} taken by: {name}", "{what} gewonnen von: {name}"),
    "live.nobody": ("nobody", "niemand"),
    "live.trick_taken_by": ("trick {n} taken by: {name}", "Stich {n} gewonnen von: {name}"),
    "live.hand_head": ("hand {n}, dealer {dealer}, {how}", "Runde {n}, Geber {dealer}, {how}"),
    "live.playing": ("playing: {names}{swap}", "spielen mit: {names}{swap}"),
    "live.scored_line": ("scored by: {clause}", "gezählt nach: {clause}"),
    "live.grants": ("grants: {grants}", "geschrieben: {grants}"),
    "live.nothing": ("nothing", "nichts"),
    "live.trick_number": ("trick {n}", "Stich {n}"),
    "live.counted_after": ("{trick}, counted after {facts}", "{trick}, gezählt nach {facts}"),
    "live.won_at_once": ("the target is reached with {facts}: the game ends at once, the rest of "
                         "this hand does not count",
                         "das Ziel ist mit {facts} erreicht: das Spiel endet sofort, der Rest "
                         "dieser Runde zählt nicht"),
    "live.standings": ("standings:", "Stand:"),
    "live.game_over": ("game over after {hands} ({reason}): {who} {verb} with {best} {unit}{how}"
                       "{places}",
                       "Spiel beendet nach {hands} ({reason}): {who} {verb} mit {best} {unit}"
                       "{how}{places}"),
    "live.wins": ("wins", "gewinnt"),
    "live.share": ("share the win", "teilen sich den Sieg"),
    "live.first_out": (", the first to leave the table", ", als Erste vom Tisch"),
    "live.left_order": ("; left the table in this order: {order}",
                        "; haben den Tisch in dieser Reihenfolge verlassen: {order}"),
    "live.left_hand": ("{name} (hand {n})", "{name} (Runde {n})"),
    "live.hand_word": ("hand", "Runde"),
    "live.hands_word": ("hands", "Runden"),
    "live.so_far": ("so far: {parts}", "bisher: {parts}"),
    "live.trick_one": ("trick", "Stich"),
    "live.point_one": ("point", "Punkt"),
    "live.team": ("team {name}", "Team {name}"),
    "live.your_value": ("your {name} {value}", "dein(e) {name} {value}"),
    "live.deal_head": ("--- hand {n}, dealer {dealer} ---", "--- Runde {n}, Geber {dealer} ---"),
    "live.at_table": ("at the table: {names}", "am Tisch: {names}"),
    "live.card_shown": ("card shown: {card}", "gezeigte Karte: {card}"),
    "live.card_turned": ("card turned (trump): {card}", "gewendete Karte (Trumpf): {card}"),
    "live.bottom_of": ("bottom card of the {pile}: {card}", "unterste Karte von {pile}: {card}"),
    "live.face_down": ("face down: {piles}", "verdeckt: {piles}"),
    "live.pile_cards": ("{pile} {k} cards", "{pile} {k} Karten"),
    "live.says.trump": ("{name} chooses trump {mode}", "{name}: Trumpf {mode}"),
    "live.says.void": ("{name} could not follow: trump is now {mode}",
                       "{name} konnte nicht Farbe bekennen: Trumpf ist jetzt {mode}"),
    "live.says.push": ("{name} pushes", "{name}: geschoben"),
    "live.says.hidden": ("{name} gives a hidden {what}", "{name}: verdeckte {what}"),
    "live.says.value": ("{name}'s {what}: {value}", "{name}: {what} {value}"),
    "live.reason.follow": ("you must follow the suit led", "du musst Farbe bekennen"),
    "live.reason.follow-trump": ("trump was led and you must follow with a trump",
                                 "Trumpf wurde ausgespielt, du musst Trumpf zugeben"),
    "live.reason.undertrump": ("you may not play a lower trump here (undertrump rule)",
                               "du darfst hier nicht untertrumpfen"),
    "live.reason.not in hand": ("you do not hold it", "du hast sie nicht"),
    "live.refuse.over": ("the game is over", "das Spiel ist beendet"),
    "live.refuse.moved": ("the table has moved on since: look again and choose anew",
                          "am Tisch ist seither gespielt worden: schau nochmals und wähle neu"),
    "live.refuse.turn": ("it is not your turn", "du bist nicht an der Reihe"),
    "live.refuse.short": ("an action is a short text such as 'DA' or 'trump H'",
                          "eine Aktion ist ein kurzer Text wie 'DA' oder 'trump H'"),
    "live.refuse.illegal": ("{text} is not a legal action now; legal: {legal}",
                            "{text} ist jetzt nicht erlaubt; erlaubt: {legal}"),
    "live.refuse.sealed": ("this saved game was changed, or saved by another server: a game "
                           "saved while open replays only as saved, where it was saved",
                           "diese gespeicherte Partie wurde verändert oder von einem anderen "
                           "Server gespeichert: eine offen gespeicherte Partie lässt sich nur "
                           "unverändert fortsetzen, und nur dort, wo sie gespeichert wurde"),
    "live.refuse.links": ("the saved game's links do not fit its seats",
                          "die Links der gespeicherten Partie passen nicht zu ihren Plätzen"),
    # a game the engine cannot continue (jassdsl.table.failure), told to every seat
    "live.stopped": ("The game has stopped: {why}. It cannot go on. “Save the game” keeps "
                     "it up to its last action that worked.",
                     "Das Spiel ist angehalten: {why}. Es kann nicht weitergehen. „Partie "
                     "speichern“ behält es bis zur letzten Aktion, die gelang."),
    "live.stopped.prompt": ("The game has stopped", "Das Spiel ist angehalten"),
    "live.stopped.bot": ("a bot ({seat}) could not act: {error}",
                         "ein Bot ({seat}) konnte nicht handeln: {error}"),
    "live.stopped.person": ("the action {action} ({seat}) could not be carried out: {error}",
                            "die Aktion {action} ({seat}) ließ sich nicht ausführen: {error}"),
    "live.stopped.view": ("the table cannot draw a seat's page ({seat}): {error}",
                          "der Tisch kann die Seite eines Platzes nicht zeigen ({seat}): "
                          "{error}"),
    "live.stopped.invariant": (
        "{where}: invariant {name}{title} does not hold after hand {hand}: {said} "
        "({formula}); the card points were {points}, and the hand scored {scored}{clause}",
        "{where}: die Invariante {name}{title} gilt nach Runde {hand} nicht: {said} "
        "({formula}); die Kartenpunkte waren {points}, und die Runde schrieb {scored}{clause}"),
    "live.stopped.clause": (", by the clause {clause}", ", nach der Regel {clause}"),
    "live.stopped.nothing": ("nothing", "nichts"),
    "live.stopped.rules": ("the rule file's engine refused it ({text})",
                           "die Spiel-Engine lehnte es ab ({text})"),
    "live.stopped.bug": ("the engine failed ({kind}: {text}), a fault of jassdsl or of a rule "
                         "file that check does not find yet",
                         "die Spiel-Engine ist gescheitert ({kind}: {text}), ein Fehler von "
                         "jassdsl oder einer Regeldatei, den check noch nicht findet"),
    # the table server's refusals of a request or a page (jassdsl.table.guard, .session)
    "live.refuse.large": ("the request is too large (at most {limit} bytes)",
                          "die Anfrage ist zu gross (höchstens {limit} Bytes)"),
    "live.refuse.json": ("the request is not JSON", "die Anfrage ist kein JSON"),
    "live.refuse.slow": ("the request came too slowly", "die Anfrage kam zu langsam"),
    "live.refuse.deep": ("the JSON is nested too deeply", "das JSON ist zu tief verschachtelt"),
    "live.refuse.object": ("the request is a JSON object", "die Anfrage ist ein JSON-Objekt"),
    "live.refuse.media": ("send the request as {kind}", "schicke die Anfrage als {kind}"),
    "live.refuse.origin": ("this table takes requests only from its own pages",
                           "dieser Tisch nimmt Anfragen nur von seinen eigenen Seiten an"),
    "live.refuse.full": ("the table is full: a game is being played at every place; "
                         "try again later",
                         "der Tisch ist voll: an jedem Platz wird gespielt; versuche es später"),
    "live.refuse.yours": ("you have {n} games open that are still being played: finish one "
                          "first",
                          "du hast {n} offene Spiele, an denen noch gespielt wird: beende "
                          "zuerst eines"),
    "live.refuse.seed": ("a seed is a whole number from 0 to {high}",
                         "ein Startwert ist eine ganze Zahl von 0 bis {high}"),
    "live.refuse.options": ("options are names with a number or a word each",
                            "Optionen sind Namen mit je einer Zahl oder einem Wort"),
    "live.refuse.digits": ("option {name}: a number has at most {n} digits (0-9)",
                           "Option {name}: eine Zahl hat höchstens {n} Ziffern (0-9)"),
    "live.refuse.variant": ("choose a variant", "wähle eine Variante"),
    "live.refuse.file": ("{source} is neither a variant of rules/ nor a .jass file",
                         "{source} ist weder eine Variante aus rules/ noch eine .jass-Datei"),
    "live.refuse.outside": ("{source} lies outside the folder the table was started in "
                            "(and the watched file's)",
                            "{source} liegt ausserhalb des Ordners, in dem der Tisch gestartet "
                            "wurde (und dem der beobachteten Datei)"),
    "live.refuse.pages": ("this seat is open in too many pages: this one is closed, reload "
                          "it to play here",
                          "dieser Platz ist in zu vielen Seiten offen: diese ist geschlossen, "
                          "lade sie neu, um hier zu spielen"),
    "live.refuse.sockets": ("too many pages of this table are open from your computer",
                            "von deinem Computer sind zu viele Seiten dieses Tisches offen"),
    "live.refuse.message": ("the message is not JSON", "die Nachricht ist kein JSON"),
    "live.refuse.text": ('send text: a JSON object such as {{"type": "act", "turn": 4, '
                         '"action": "DA"}}',
                         'schicke Text: ein JSON-Objekt wie {{"type": "act", "turn": 4, '
                         '"action": "DA"}}'),
    "live.refuse.long": ("the message is too long", "die Nachricht ist zu lang"),
    "live.serve.open": ("the table is open at {url} (Ctrl-C to close)",
                        "der Jasstisch ist offen unter {url} (Ctrl-C schliesst ihn)"),
    "live.serve.saved": ("every game is saved in {folder} as it is played",
                         "jede Partie wird beim Spielen in {folder} gespeichert"),
    "live.refuse.format": ("not a saved game (its 'format' is {format})",
                           "keine gespeicherte Partie (ihr 'format' ist {format})"),
    "live.refuse.actions": ("a saved game lists its actions",
                            "eine gespeicherte Partie zählt ihre Aktionen auf"),
    "live.refuse.replay_over": ("the saved game is over before its action {k}",
                                "die gespeicherte Partie ist vor ihrer Aktion {k} zu Ende"),
    "live.refuse.replay": ("the saved game's action {k} does not replay: {why}",
                           "die Aktion {k} der gespeicherten Partie lässt sich nicht "
                           "nachspielen: {why}"),
    "live.refuse.link": ("no seat has this link (the server may have restarted)",
                         "kein Platz hat diesen Link (der Server wurde vielleicht neu "
                         "gestartet)"),
    "live.refuse.server": ("the server could not do that", "der Server konnte das nicht tun"),
    "live.refuse.failed": ("the server could not do that; the game goes on",
                           "der Server konnte das nicht tun; das Spiel geht weiter"),
    "live.refuse.form": ('a message is {{"type": "act", "turn": N, "action": TEXT}}',
                         'eine Nachricht ist {{"type": "act", "turn": N, "action": TEXT}}'),
    "live.refuse.slow_down": ("too many messages: slow down",
                              "zu viele Nachrichten: langsamer bitte"),
    "live.refuse.seats": ("{name} has {n} seats; give each one of {kinds}",
                          "{name} hat {n} Plätze; gib jedem eines von {kinds}"),
    "live.refuse.person": ("at least one seat is a person's",
                           "mindestens ein Platz gehört einer Person"),
    # the terminal (`jassdsl play`); the English keeps its words exactly
    "live.head.seed": ("{name} ({path}), seed {seed}, {bots} bots",
                       "{name} ({path}), Startwert {seed}, Bots: {bots}"),
    "live.head.seats": ("seats counter-clockwise: {seats}{teams}",
                        "Plätze im Gegenuhrzeigersinn: {seats}{teams}"),
    "live.head.teams": ("; teams {teams}", "; Teams {teams}"),
    "live.head.options": ("options: {options}", "Optionen: {options}"),
    "live.bot.heuristic": ("heuristic", "Heuristik"),
    "live.bot.random": ("random", "Zufall"),
    "live.bot.search:easy": ("search:easy", "Suche (leicht)"),
    "live.bot.search:medium": ("search:medium", "Suche (mittel)"),
    "live.bot.search:hard": ("search:hard", "Suche (schwer)"),
    "live.left": ("{why}; left the game after {hands}", "{why}; Spiel verlassen nach {hands}"),
    "live.finished_one": ("finished hand", "beendeten Runde"),
    "live.finished_many": ("finished hands", "beendeten Runden"),
    "live.closed": ("input closed", "Eingabe geschlossen"),
    "live.quit": ("you left the table", "du hast den Tisch verlassen"),
    "live.forced": ("the rest of this hand is forced: playing it out for you",
                    "der Rest dieser Runde ist gezwungen: er wird für dich gespielt"),
    "live.wrong": ("{answer}; legal: {legal}", "{answer}; erlaubt: {legal}"),
    "live.show": ("trump {trump}; your hand: {hand}", "Trumpf {trump}; deine Karten: {hand}"),
    "live.this_trick": (" (this trick: {mode})", " (dieser Stich: {mode})"),
    "live.trick_so_far": ("trick so far: {played}", "Stich bisher: {played}"),
    "live.you_lead": ("you lead", "du spielst aus"),
    "live.legal": ("legal: {legal}", "erlaubt: {legal}"),
    "live.ask.declare": ("your {kind}: ", "deine {kind}: "),
    "live.ask.declare_mn": ("your {kind}: ", "dein {kind}: "),  # a German noun not feminine
    "live.ask.trump": ("trump (number or {modes}{push}): ",
                       "Trumpf (Nummer oder {modes}{push}): "),
    "live.ask.card": ("your card (number or name): ", "deine Karte (Nummer oder Name): "),
    "live.choice.or_pass": (", or pass", ", oder passen"),
    "live.choice.steps": ("{low}..{high} by {step}", "{low} bis {high} in Schritten von {step}"),
    "live.choice.range": ("{kind} from {low} to {high}", "{kind} von {low} bis {high}"),
    "live.choice.except": (" except {values}", " ausser {values}"),
    # a wrong answer at the terminal (what `cli_play.interpret` says, in German too)
    "live.wrong.nothing": ("nothing entered", "nichts eingegeben"),
    "live.wrong.not_now": ("{what} is not allowed now", "{what} ist jetzt nicht erlaubt"),
    "live.wrong.range": ("{what} is out of range", "{what} liegt ausserhalb des Bereichs"),
    "live.wrong.number": ("enter a number for your {kind}{rest}",
                          "gib eine Zahl für deine {kind} ein{rest}"),
    "live.wrong.or_pass": (" or pass", " oder passen"),
    "live.wrong.not_held": ("{what} is not in your hand", "{what} hast du nicht"),
    "live.wrong.no_choice": ("there is no choice {k}", "es gibt keine Wahl {k}"),
    "live.wrong.card": ("{what} is not allowed: {why}", "{what} ist nicht erlaubt: {why}"),
    "live.wrong.mode": ("{what} is not a mode you can choose here",
                        "{what} ist hier keine wählbare Spielart"),
    "live.wrong.unread": ("cannot read {what}", "{what} ist nicht lesbar"),
    "live.wrong.fits": ("{what} fits {names}: enter one of them or its number",
                        "{what} passt zu {names}: gib eines davon oder seine Nummer ein"),
    # a Weis as the engine says it (compile.weis.weis_label), read back for German
    "live.weis.four": ("four {rank} ({value})", "vier {rank} ({value})"),
    "live.weis.seq": ("sequence of {n} to {card} ({value})", "{n} Blatt bis {card} ({value})"),
    # why a game ended, as the engine says it (Game.end_reason), read back for German
    "live.end.limit": ("hand limit", "Rundenlimit erreicht"),
    "live.end.anew": ("game stopped: {n} deals in a row nobody played",
                      "Spiel abgebrochen: {n} Mal in Folge neu gegeben, niemand hat gespielt"),
    "live.end.at_once": ("won at once with {fact}", "sofort gewonnen mit {fact}"),
    "live.end.game": ("game end", "Spielende"),
    "live.error": ("Refused: {text}", "Abgelehnt: {text}"),
    # `jassdsl check` plays what it accepts (jassdsl/cli/explore.py)
    "explore.game": ("Game.apply with {kind} bots", "Game.apply mit Bots ({kind})"),
    "explore.fast": ("the fast loop of simulate", "die schnelle Schleife von simulate"),
    "explore.defaults": ("default options", "Standardoptionen"),
    "explore.hand": ("hand {hand} of seed {seed} ({options}; {way})",
                     "Runde {hand} mit Startwert {seed} ({options}; {way})"),
    "explore.invariant": ("invariant {name!r} does not hold after {hand}: {compared}",
                          "die Prüfung {name!r} gilt nicht nach {hand}: {compared}"),
    "explore.compared": ("{left} is {a}, {right} is {b}", "{left} ist {a}, {right} ist {b}"),
    "explore.value": ("{expr} is {value}", "{expr} ist {value}"),
    "explore.clause": ("that hand was scored by clause {clause!r}",
                       "diese Runde hat die Regel {clause!r} abgerechnet"),
    "explore.no_clause": ("no clause scored that hand", "keine Regel hat diese Runde abgerechnet"),
    "explore.crash": ("the engine failed in {hand}: {error}",
                      "die Engine ist gescheitert in {hand}: {error}"),
    "explore.replay": ("replay: {command}", "nachspielen: {command}"),
    "explore.no_end_hand": ("{hand} does not end within {steps} actions",
                            "{hand} endet nicht innert {steps} Aktionen"),
    "explore.no_end_game": ("the game of seed {seed} ({options}; {way}) does not end: it "
                            "stopped at the engine's limit of {limit} hands",
                            "das Spiel mit Startwert {seed} ({options}; {way}) endet nicht: "
                            "es hielt an der Grenze der Engine von {limit} Runden an"),
    "explore.never": ("warning: clause {clause!r} scored none of the {hands} hands the check "
                      "played: a rare hand, or a condition that never holds or that an "
                      "earlier clause always takes first (the file is valid)",
                      "Warnung: die Regel {clause!r} hat keine der {hands} Runden abgerechnet, "
                      "die die Prüfung gespielt hat: eine seltene Runde, oder eine Bedingung, "
                      "die nie gilt oder die eine frühere Regel immer zuerst nimmt (die Datei "
                      "ist gültig)"),
    "explore.noop": ("warning: option {option!r} changes nothing: with {values} the check's "
                     "{hands} hands were the same hands with the same scores (the file is "
                     "valid)",
                     "Warnung: die Option {option!r} ändert nichts: mit {values} waren die "
                     "{hands} Runden der Prüfung dieselben Runden mit denselben Punkten (die "
                     "Datei ist gültig)"),
    "explore.noop_many": ("warning: options {options} change nothing: with each of their "
                          "values the check's {hands} hands were the same hands with the "
                          "same scores (the file is valid)",
                          "Warnung: die Optionen {options} ändern nichts: mit jedem ihrer "
                          "Werte waren die {hands} Runden der Prüfung dieselben Runden mit "
                          "denselben Punkten (die Datei ist gültig)"),
    "explore.more": (" and {n} more", " und {n} weitere"),
    "explore.rest": ("the rest of {options}", "der Rest von {options}"),
    "explore.stopped": ("{path}: the check stopped playing after {hands} hands; not "
                        "played: {left}",
                        "{path}: die Prüfung hat nach {hands} Runden aufgehört zu "
                        "spielen; nicht gespielt: {left}"),
}


class Vocabulary(Mapping[str, tuple[str, str]]):
    """The rulebook's own templates and those of the installed mechanisms, as one table
    (the mechanisms' are read when asked: they are installed after this module loads)."""

    def __init__(self, own: dict[str, tuple[str, str]]) -> None:
        self.own = own

    def __getitem__(self, key: str) -> tuple[str, str]:
        found = self.own.get(key)
        return found if found is not None else installed_words()[key]

    def __contains__(self, key: object) -> bool:
        return key in self.own or key in installed_words()

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from (k for k in installed_words() if k not in self.own)

    def __len__(self) -> int:
        return len(self.own.keys() | installed_words().keys())


TEXT: Mapping[str, tuple[str, str]] = Vocabulary(OWN)


def say(lang: Lang, key: str, **fields: object) -> str:
    """The template `key` in `lang`, filled with `fields`."""
    en, de = TEXT[key]
    return (en if lang == "en" else de).format(**fields)


def join_words(lang: Lang, items: list[str], word: str = "and") -> str:
    """'a, b and c' / 'a, b und c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {say(lang, word)} {items[-1]}"


# -- units ------------------------------------------------------------------------------------
# German words for the unit names rule files use; an unknown unit keeps the file's word.
UNIT_DE: dict[str, tuple[str, str]] = {
    "stick": ("Strich", "Striche"),
    "potato": ("Herdöpfel", "Herdöpfel"),
    "point": ("Punkt", "Punkte"),
    "penalty": ("Strafpunkt", "Strafpunkte"),
    "stroke": ("Strich", "Striche"),
    "zero": ("Nuller", "Nuller"),
    "mark": ("Kreuz", "Kreuze"),
    "minus": ("Minuspunkt", "Minuspunkte"),
}


def unit_word(lang: Lang, singular: str, plural: str, amount: int | None = None) -> str:
    """A unit's name; singular only for an amount of 1 or -1."""
    one = amount is not None and abs(amount) == 1
    if lang == "de" and singular in UNIT_DE:
        de_one, de_many = UNIT_DE[singular]
        return de_one if one else de_many
    return singular if one else plural


def de_dative(plural: str) -> str:
    """German dative plural of a noun ('Punkte' -> 'Punkten')."""
    return plural if plural.endswith(("n", "s")) else plural + "n"


# -- players and teams ------------------------------------------------------------------------
@dataclass(frozen=True)
class SubjectWords:
    """How a player or a team is named: one noun and the German forms that agree with it."""

    sg: str
    pl: str
    a: str  # "ein" / "a"
    no: str  # "kein" / "no"
    every: str  # "jeder" / "every"
    this: str  # "dieser" / "that"
    other: str  # "jeder andere" / "every other"
    rel: str  # "der" / "who"
    pron: str  # "er" / "they"
    poss: str  # "seine" / "their" (German: feminine or plural object)
    poss_dat: str  # "seinen" (German dative plural)
    article: str  # "der" / "the"


SUBJECTS: dict[str, dict[str, SubjectWords]] = {
    "en": {
        "player": SubjectWords("player", "players", "a", "no", "every", "that", "every other",
                               "who", "they", "their", "their", "the"),
        "team": SubjectWords("team", "teams", "a", "no", "every", "that", "every other",
                             "that", "it", "its", "its", "the"),
    },
    "de": {
        "player": SubjectWords("Spieler", "Spieler", "ein", "kein", "jeder", "dieser",
                               "jeder andere", "der", "er", "seine", "seinen", "der"),
        "team": SubjectWords("Team", "Teams", "ein", "kein", "jedes", "dieses", "jedes andere",
                             "das", "es", "seine", "seinen", "das"),
    },
}

NUMBER_WORDS = {
    "en": {1: "one", 2: "two", 3: "three", 4: "four"},
    "de": {1: "ein", 2: "zwei", 3: "drei", 4: "vier"},
}
ORDINALS = {
    "en": {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
           7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"},
    "de": {1: "ersten", 2: "zweiten", 3: "dritten", 4: "vierten", 5: "fünften", 6: "sechsten",
           7: "siebten", 8: "achten", 9: "neunten", 10: "zehnten", 11: "elften",
           12: "zwölften"},
}


def number_word(lang: Lang, n: int) -> str:
    return NUMBER_WORDS[lang].get(n, str(n))


# -- comparisons ------------------------------------------------------------------------------
# "at least 100 points": the word before the number, per operator.
CMP_BEFORE = {
    "en": {"=": "exactly ", ">=": "at least ", ">": "more than ", "<=": "at most ",
           "<": "fewer than ", "!=": "other than "},
    "de": {"=": "genau ", ">=": "mindestens ", ">": "mehr als ", "<=": "höchstens ",
           "<": "weniger als ", "!=": "nicht genau "},
}
# "the hand number is at most 5": the same for a value that is not counted.
CMP_IS = {
    "en": {"=": "", ">=": "at least ", ">": "more than ", "<=": "at most ", "<": "less than ",
           "!=": "not "},
    "de": {"=": "", ">=": "mindestens ", ">": "grösser als ", "<=": "höchstens ",
           "<": "kleiner als ", "!=": "nicht "},
}
# "more points than their estimate": comparing a count with another quantity.
CMP_THAN = {
    "en": {"=": "exactly as many {noun} as {other}", ">=": "at least as many {noun} as {other}",
           ">": "more {noun} than {other}", "<=": "at most as many {noun} as {other}",
           "<": "fewer {noun} than {other}", "!=": "a number of {noun} other than {other}"},
    "de": {"=": "genau so viele {noun} wie {other}", ">=": "mindestens so viele {noun} wie {other}",
           ">": "mehr {noun} als {other}", "<=": "höchstens so viele {noun} wie {other}",
           "<": "weniger {noun} als {other}", "!=": "eine andere Zahl {noun} als {other}"},
}


# -- cards --------------------------------------------------------------------------------------
GENDER_EVERY = {"m": "jeden", "f": "jede", "n": "jedes"}
GENDER_TAKEN = {"m": "gewonnenen", "f": "gewonnene", "n": "gewonnene"}

# Card kinds a rule file may count with won(...): English (sg, pl), German (sg, pl, gender).
RANK_CLASSES: dict[str, tuple[str, tuple[str, str], tuple[str, str, str]]] = {
    "aces": ("A", ("Ace", "Aces"), ("Ass", "Asse", "n")),
    "kings": ("K", ("King", "Kings"), ("König", "Könige", "m")),
    "queens": ("Q", ("Queen (Ober)", "Queens (Obers)"), ("Dame (Ober)", "Damen (Ober)", "f")),
    "jacks": ("J", ("Jack (Under)", "Jacks (Unders)"), ("Bube (Under)", "Buben (Under)", "m")),
    "tens": ("10", ("Ten (Banner)", "Tens (Banners)"), ("Zehn (Banner)", "Zehnen (Banner)", "f")),
    "nines": ("9", ("Nine", "Nines"), ("Neun", "Neunen", "f")),
    "eights": ("8", ("Eight", "Eights"), ("Acht", "Achten", "f")),
    "sevens": ("7", ("Seven", "Sevens"), ("Sieben", "Sieben", "f")),
    "sixes": ("6", ("Six", "Sixes"), ("Sechs", "Sechsen", "f")),
}
SUIT_CLASSES = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}

RANK_FULL = {
    "en": {"9": "Nine", "8": "Eight", "7": "Seven", "6": "Six"},
    "de": {"9": "Neun", "8": "Acht", "7": "Sieben", "6": "Sechs"},
}


def suit_both(suit: str) -> str:
    """A suit by both German names: 'Herz/Rosen'."""
    return f"{SUIT_NAMES['fr'][suit]}/{SUIT_NAMES['ch'][suit]}"


def suit_name(lang: Lang, suit: str) -> str:
    """A suit for prose: 'Hearts (Herz/Rosen)' or 'Herz (Rosen)'; on a screen that shows
    one pack (`cards.shown_in`) only its name: 'Rosen'."""
    shown = shown_suit(suit)
    if shown is not None:
        return shown
    if lang == "en":
        return f"{SUIT_NAMES['en'][suit]} ({suit_both(suit)})"
    return f"{SUIT_NAMES['fr'][suit]} ({SUIT_NAMES['ch'][suit]})"


def taken_out(lang: Lang, name: str) -> str:
    """Cards a pack is without, for prose: 'the Sixes', 'die Sechsen', a suit 'the cards
    of Hearts', a card 'the Six of Hearts (H6: ...)'."""
    if name in RANK_CLASSES:
        _, (_, en), (_, de, _) = RANK_CLASSES[name]
        return f"the {en}" if lang == "en" else f"die {de}"
    if name in SUIT_CLASSES:
        suit = SUIT_CLASSES[name]
        names = f"{SUIT_NAMES['fr'][suit]} / {SUIT_NAMES['ch'][suit]}"
        return f"the cards of {SUIT_NAMES['en'][suit]} ({names})" if lang == "en" \
            else f"die Karten der Farbe {names}"
    return card_name(lang, name[0], name[1:])


def rank_name(system: str, rank: str) -> str:
    """'Under', 'Bube', 'Jack', or the number for plain ranks."""
    names = RANK_NAMES[system]
    if rank in names:
        return names[rank]
    return RANK_FULL["en"].get(rank, rank) if system == "en" else rank


def card_name(lang: Lang, suit: str, rank: str) -> str:
    """A single card for prose, with the notation: 'King of Clubs (CK: Kreuz König, ...)'."""
    fr = f"{SUIT_NAMES['fr'][suit]} {rank_name('fr', rank)}"
    ch = f"{SUIT_NAMES['ch'][suit]} {rank_name('ch', rank)}"
    if lang == "en":
        en = f"{rank_name('en', rank)} of {SUIT_NAMES['en'][suit]}"
        return f"the {en} ({suit}{rank}: {fr} / {ch})"
    return f"die Karte {suit}{rank} ({fr} / {ch})"


# -- declarations -----------------------------------------------------------------------------
class Noun(NamedTuple):
    """How the pages and the table name a declared value: English with its article and
    alone, German with its article (accusative) and alone, the German gender and plural;
    `known` is False for a name without words, said as "a value *x*"."""

    en_a: str
    en: str
    de_a: str
    de: str
    gender: Gender
    de_pl: str
    known: bool = True


def noun(en_a: str, en: str, de_a: str, de: str, gender: Gender) -> Noun:
    return Noun(en_a, en, de_a, de, gender, de_plural(de))


# The declared values the language has words for; a file names its own declarations in
# German (`names in german: double "der Konter" plural "Konter"`).
DECLARED: dict[str, Noun] = {
    "estimate": noun("an estimate", "estimate", "eine Schätzung", "Schätzung", "f"),
    "bid": noun("a bid", "bid", "ein Gebot", "Gebot", "n"),
    "call": noun("a call", "call", "eine Ansage", "Ansage", "f"),
}
A_ACCUSATIVE: dict[Gender, str] = {"m": "einen", "f": "eine", "n": "ein"}


def declared_words(name: str, rf: m.RuleFile | None = None) -> Noun:
    """The words for a declared value: the file's German noun where it gives one (English
    then cites it: "a double (Konter)"), else the language's, else the name itself."""
    given = next((n for n in rf.german_names if n.name == name), None) if rf else None
    found = german_noun(given.german) if given is not None else None
    if given is not None and found is not None:
        gender, de = found
        en_a = f"{'an' if name[:1] in 'aeiou' else 'a'} {name} ({de})"
        return Noun(en_a, name, f"{A_ACCUSATIVE[gender]} {de}", de, gender,
                    given.plural or de_plural(de))
    if name in DECLARED:
        return DECLARED[name]
    de = f"Wert *{name}*"
    return Noun(f"a value *{name}*", f"*{name}*", f"einen {de}", de, "m", de_plural(de),
                known=False)


def role_words(lang: Lang, name: str) -> str:
    """The holder of a role as the subject of a sentence: 'the player who chose trump',
    'der Spieler, der den Trumpf gewählt hat,' (German closes the relative clause with a
    comma before the verb); '' for no role."""
    role = ROLES.get(name)
    if role is None:
        return ""
    return role.de_np(0) if lang == "de" else role.doc

"""The rulebook pages' own phrases, in English and German: the sections of a variant's
page, its tables, the comparison page and the page chrome (looked up by `words.say`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass


PAGE_WORDS: dict[str, tuple[str, str]] = {
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
}

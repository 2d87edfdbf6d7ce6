"""The rule-file checker's messages in German: each message is written once, in English,
where it is found (jassdsl/language/check.py, syntax.py, the mechanisms); a German screen
(`jassdsl check --lang de`, `serve --watch FILE --lang de`) reads it back against its
English template here and says it with the German one. A field that is itself a phrase of
this table ("did you mean 'x'? ", "a name") is said in German too; names, code and the
words of the rules language stay as written (they are what the file says).

`german(message)` gives the German sentence, or the message as it is when no template
fits (tests/test_rule_errors_de.py checks that every message of the checker has one).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache

# English template, German template: {fields} are the parts of the message the checker
# filled in; a field in quotes was written with repr (a name of the file, a word).
MESSAGES: tuple[tuple[str, str], ...] = (
    # reading the file (jassdsl/language/syntax.py)
    ("{what}; expected {words}", "{what}; erwartet: {words}"),
    ("the file ends too early", "die Datei endet zu früh"),
    ("unexpected '{t}'{hint}", "unerwartet: '{t}'{hint}"),
    ("unexpected character '{c}'", "unerwartetes Zeichen '{c}'"),
    ("no statement starts with '{t}'{hint}", "keine Anweisung beginnt mit '{t}'{hint}"),
    (" ({hint})", " ({hint})"),
    ("a new statement ({firsts})", "eine neue Anweisung ({firsts})"),
    # a first word naming a concept (jassdsl/language/concepts.py), a quantifier that
    # needs parentheses (jassdsl/language/quantifier_parens.py)
    ("no statement starts with '{t}': {concept}", "keine Anweisung beginnt mit '{t}': {concept}"),
    ("cards are passed between players with 'passing: each player passes 3 cards to the "
     "left' (to the right, across, in turn); they change hands also by 'talon' (the bidder "
     "takes a pile and lays away as many), 'improve' (a player takes an own pile or refuses "
     "it), 'rob' (a trump card taken for the turned card) and 'take part' (a hand swapped "
     "for a pile)",
     "Karten werden zwischen Spielern mit 'passing: each player passes 3 cards to the left' "
     "weitergegeben (nach rechts, über den Tisch, reihum); die Hand wechseln sie auch mit "
     "'talon' (der Bieter nimmt einen Stapel auf und legt ebenso viele weg), 'improve' (ein "
     "Spieler nimmt den eigenen Stapel oder lehnt ihn ab), 'rob' (eine Trumpfkarte gegen die "
     "aufgedeckte Karte getauscht) und 'take part' (eine Hand gegen einen Stapel getauscht)"),
    ("the language keeps no state across hands (bock rounds, a prize won once, a penalty "
     "carried to the next hand); what comes nearest: a scoring rule ('score each hand') that "
     "reads 'hand' or "
     "'total UNIT', or a second 'unit'",
     "die Sprache führt nichts von Runde zu Runde mit (Bockrunden, ein einmal gewonnener "
     "Preis, eine Strafe für die nächste Runde); am nächsten kommt eine Wertungsregel ('score each hand'), die "
     "'hand' oder 'total UNIT' liest, oder eine zweite 'unit'"),
    ("cards on the table that belong to a seat (Zweierjass, Tischjass) are 'table cards: 6 "
     "face down with 6 face up on them each'; cards laid aside for nobody are a 'pile', "
     "dealt with 'deal'",
     "Tischkarten, die einem Platz gehören (Zweierjass, Tischjass), sind 'table cards: 6 "
     "face down with 6 face up on them each'; Karten, die für niemanden beiseite liegen, "
     "sind ein Stapel, 'pile', verteilt mit 'deal'"),
    ("doubling is a declaration: 'declare double yes or no, by the team without chooser', "
     "read by the scoring like any value",
     "Kontern ist eine Ansage: 'declare double yes or no, by the team without chooser', "
     "die die Wertung wie jeden Wert liest"),
    ("a bid is a declaration: 'declare bid from 60 to 157 in steps of 10, auction before "
     "trump'",
     "ein Gebot ist eine Ansage: 'declare bid from 60 to 157 in steps of 10, auction before "
     "trump'"),
    ("a way of playing a hand is a 'mode' (its ranks, points and goal), chosen with "
     "'trump:' or a 'column' of the sheet",
     "eine Art, eine Runde zu spielen, ist eine Spielart, 'mode' (ihre Ränge, Punkte und ihr "
     "Ziel), gewählt mit 'trump:' oder einer Spalte der Tafel, 'column'"),
    ("Weis are a table, 'weis NAME: ...', and its use, 'weis: NAME'",
     "Weis sind eine Tabelle, 'weis NAME: ...', und ihre Verwendung, 'weis: NAME'"),
    ("Stöck, the match and the last trick are bonuses: 'bonus stoeck 20'",
     "Stöck, der Match und der letzte Stich sind Zuschläge: 'bonus stoeck 20'"),
    ("the end of the game is 'game ends when ...' or 'game ends after N hands'",
     "das Ende des Spiels ist 'game ends when ...' oder 'game ends after N hands'"),
    ("the pack is 'cards: the standard Swiss ranks and points', or 'ranks' and 'card points' "
     "per suit: 36 cards, four suits of nine; a smaller one is 'pack: without sixes'",
     "das Spiel Karten ist 'cards: the standard Swiss ranks and points', oder 'ranks' und "
     "'card points' je Farbe: 36 Karten, vier Farben zu neun; ein kleineres ist "
     "'pack: without sixes'"),
    ("partners are said with the players: 'players 4 in teams across' or 'players 6 in teams "
     "alternating'",
     "Partner stehen bei den Spielern: 'players 4 in teams across' oder 'players 6 in teams "
     "alternating'"),
    ("who leads is 'first lead: forehand'", "wer ausspielt, sagt 'first lead: forehand'"),
    ("pushing the choice of trump to the partner is part of 'trump:': 'trump: forehand "
     "chooses suits, obenabe, undenufe or pushes to partner'",
     "das Schieben der Trumpfwahl zum Partner gehört zu 'trump:': 'trump: forehand "
     "chooses suits, obenabe, undenufe or pushes to partner'"),
    ("'{q}' is a quantifier, which cannot follow '{w}' as it is; put the quantifier in "
     "parentheses: ({q} ...)",
     "'{q}' ist ein Quantor und kann so nicht nach '{w}' stehen; setze den Quantor in "
     "Klammern: ({q} ...)"),
    ("a name", "ein Name"),
    ("a number", "eine Zahl"),
    ('a quoted text ("...")', 'ein Text in Anführungszeichen ("...")'),
    ("a comparison (=, <, >=, ...)", "ein Vergleich (=, <, >=, ...)"),
    ("'+' or '-'", "'+' oder '-'"),
    ("'*' or '/'", "'*' oder '/'"),
    ("the end of the file", "das Ende der Datei"),
    (" (write 'pushes to partner', without 'the', or 'pushes to the next player')",
     " (schreibe 'pushes to partner', ohne 'the', oder 'pushes to the next player')"),
    (" (a column of several modes is written 'free choice of A, B times N')",
     " (eine Spalte mit mehreren Spielarten schreibt sich 'free choice of A, B times N')"),
    (" (a role is no subject: write 'the player with {role}' or 'the team with {role}')",
     " (eine Rolle ist kein Subjekt: schreibe 'the player with {role}' oder 'the team with "
     "{role}')"),
    ("this expression nests {a} levels deep; the limit is {b}",
     "dieser Ausdruck ist {a} Ebenen tief verschachtelt; die Grenze ist {b}"),
    ("a text may not hold U+{a}, {b}; write the text without it",
     "ein Text darf U+{a} nicht enthalten, {b}; schreibe den Text ohne"),
    ("a number has at most {a} digits; this one has {b}",
     "eine Zahl hat höchstens {a} Ziffern; diese hat {b}"),
    # fragments the messages are made of
    ("did you mean {words}? ", "meintest du {words}? "),
    ("did you mean {words}?", "meintest du {words}?"),
    ("none", "keine"),
    ("{a} or {b}", "{a} oder {b}"),
    ("{a} and {b}", "{a} und {b}"),
    ("them", "sie"),
    ("the tricks one by one", "die Stiche einzeln"),
    ("which rule applies (rule '{a}')", "welche Regel greift (Regel '{a}')"),
    ("the game's end", "das Spielende"),
    ("what the tricks bring in rule '{a}'", "was die Stiche in der Regel '{a}' bringen"),
    ("what {a} brings in rule '{b}'", "was {a} in der Regel '{b}' bringt"),
    ("the number of players", "die Zahl der Spieler"),
    ("the packet size", "die Paketgrösse"),
    ("cards each", "die Karten je Spieler"),
    ("folding: the players at the table", "Aussetzen: die Spieler am Tisch"),
    ("the {a} bonus", "der Bonus {a}"),
    ("the floor of {a}", "die Untergrenze der {a}"),
    ("the lowest value", "der tiefste Wert"),
    ("the highest value", "der höchste Wert"),
    ("the total the last may not make", "die Summe, die der Letzte nicht machen darf"),
    ("the step", "der Schritt"),
    ("{a} players", "{a} Spieler"),
    ("{a} cards each", "je {a} Karten"),
    ("deal fewer cards each, or lay fewer cards in the piles before it",
     "gib jedem weniger Karten oder lege weniger Karten in die Stapel davor"),
    ("write 'pile {a}: {b} cards'", "schreibe 'pile {a}: {b} cards'"),
    ("a scoresheet ('sheet per team' and its columns): it is the multiplier of the column "
     "played this hand",
     "eine Tafel ('sheet per team' und ihre Spalten): es ist der Multiplikator der in dieser "
     "Runde gespielten Spalte"),
    ("take the talon: it goes to a role known once the auction is over",
     "den Talon nehmen: er geht an eine Rolle, die erst nach der Auktion bekannt ist"),
    ("a player who chooses trump ('trump: forehand chooses ...' or 'trump: bidder chooses ...')",
     "einen Spieler, der den Trumpf wählt ('trump: forehand chooses ...' oder 'trump: bidder "
     "chooses ...')"),
    ("pushing ('trump: forehand chooses ... or pushes to partner')",
     "das Schieben ('trump: forehand chooses ... or pushes to partner')"),
    ("a mechanism that gives it", "einen Mechanismus, der sie vergibt"),
    ("tricks", "Stiche"),
    ("an auction ('declare bid from 1 to 9, auction before trump')",
     "eine Auktion ('declare bid from 1 to 9, auction before trump')"),
    ("no standard table '{a}'; {b}the standard tables are {c}",
     "keine Standardtabelle '{a}'; {b}die Standardtabellen sind {c}"),
    ("the standard {a} table is named twice", "die Standardtabelle {a} ist zweimal genannt"),
    # the statements of a file
    ("a second '{a}' statement; the first is on line {b}",
     "eine zweite Anweisung '{a}'; die erste steht auf Zeile {b}"),
    ("the file has no '{a}' statement", "der Datei fehlt die Anweisung '{a}'"),
    ("'{a}' is defined in terms of itself", "'{a}' ist durch sich selbst definiert"),
    ("{a}: no option named '{b}'; {c}", "{a}: keine Option namens '{b}'; {c}"),
    ("{a}: option '{b}' must offer numbers", "{a}: die Option '{b}' muss Zahlen anbieten"),
    ("{a} must be between {b} and {c}, not {d}", "{a} muss zwischen {b} und {c} liegen, nicht {d}"),
    ("option '{a}' is defined twice", "die Option '{a}' ist zweimal definiert"),
    ("the default of '{a}' is not one of its choices",
     "der Standardwert von '{a}' ist keine ihrer Wahlmöglichkeiten"),
    ("teams across need exactly 4 players; a larger even table is 'players N in teams "
     "alternating'",
     "Teams über Kreuz brauchen genau 4 Spieler; ein grösserer Tisch mit gerader Zahl ist "
     "'players N in teams alternating'"),
    ("alternating teams need an even number of players, 4 or more, not {a}",
     "abwechselnde Teams brauchen eine gerade Zahl von Spielern, 4 oder mehr, nicht {a}"),
    ("{a} players with {b} cards each need {c} cards; the deck has {d}",
     "{a} Spieler mit je {b} Karten brauchen {c} Karten; das Blatt hat {d}"),
    ("{a} cards do not split evenly among {b} players ({c} left over): take cards out with "
     "'pack: without ...', or deal N each with a pile for the rest",
     "{a} Karten lassen sich nicht gleichmässig auf {b} Spieler verteilen ({c} bleiben übrig): "
     "nimm Karten heraus mit 'pack: without ...' oder teile N each aus, mit einem Stapel für "
     "den Rest"),
    ("{a} cards each cannot be dealt in packets of {b}",
     "je {a} Karten lassen sich nicht in Paketen zu {b} geben"),
    ("'{a}' is a mode the file defines: each trick takes the rank order of the base mode its "
     "schedule names; write 'ranks' only for {b}",
     "'{a}' ist eine Spielart der Datei: jeder Stich nimmt die Rangfolge der Grundspielart, die "
     "ihr Ablauf nennt; schreibe 'ranks' nur für {b}"),
    ("no rank table '{a}'; {b}tables are {c}", "keine Rangtabelle '{a}'; {b}Tabellen sind {c}"),
    ("a rank order must list each of the nine ranks once (missing: {a}; listed {b})",
     "eine Rangfolge muss jeden der neun Ränge einmal nennen (es fehlen: {a}; genannt {b})"),
    ("no point table '{a}'; {b}tables are {c} (a mode the file defines may have one)",
     "keine Punktetabelle '{a}'; {b}Tabellen sind {c} (eine Spielart der Datei darf eine haben)"),
    ("the last-trick bonus belongs to the {a} points of a hand; give it as a number",
     "der Bonus für den letzten Stich gehört zu den {a} Punkten einer Runde; gib ihn als Zahl an"),
    ("the last-trick bonus belongs to the {a} points of a hand; it cannot depend on an option",
     "der Bonus für den letzten Stich gehört zu den {a} Punkten einer Runde; er kann nicht von "
     "einer Option abhängen"),
    ("no bonus '{a}'; {b}bonuses are {c}", "kein Bonus '{a}'; {b}Boni sind {c}"),
    ("a trump hand totals {a} points (trump table + 3 side tables + last trick); it must be {b}",
     "eine Trumpfrunde ergibt {a} Punkte (Trumpftabelle + 3 Nebentabellen + letzter Stich); "
     "es müssen {b} sein"),
    ("{a} totals {b} points; it must be {c}", "{a} ergibt {b} Punkte; es müssen {c} sein"),
    ("'{a}' is not a rank; {b}ranks are {c}", "'{a}' ist kein Rang; {b}Ränge sind {c}"),
    ("a second 'card points {a}' table for the same case; the first is on line {b}",
     "eine zweite Tabelle 'card points {a}' für denselben Fall; die erste steht auf Zeile {b}"),
    ("'card points {a} if ...' needs a plain 'card points {a}:' table for the other choices",
     "'card points {a} if ...' braucht eine einfache Tabelle 'card points {a}:' für die "
     "anderen Wahlen"),
    ("'{a}' is a base mode; give the mode a name of its own, e.g. 'slalom'",
     "'{a}' ist eine Grundspielart; gib der Spielart einen eigenen Namen, z. B. 'slalom'"),
    ("mode '{a}' is defined twice; the first is on line {b}",
     "die Spielart '{a}' ist zweimal definiert; die erste steht auf Zeile {b}"),
    ("'{a}' cannot be part of a mode; a mode is played in {b}",
     "'{a}' kann nicht Teil einer Spielart sein; eine Spielart wird gespielt in {b}"),
    ("a part lasts 1 to {a} tricks, not {b}", "ein Teil dauert 1 bis {a} Stiche, nicht {b}"),
    ("mode '{a}': {b} counts {c} in {d} but {e} in {f}{g}; give the mode its own table "
     "'card points {a}: ...'",
     "Spielart '{a}': {b} zählt {c} in {d}, aber {e} in {f}{g}; gib der Spielart eine eigene "
     "Tabelle 'card points {a}: ...'"),
    ("playing {a} needs a 'ranks {b}:' and a 'card points {b}:' table",
     "{a} zu spielen braucht eine Tabelle 'ranks {b}:' und eine Tabelle 'card points {b}:'"),
    ("'{a}' is not a trump mode; {b}modes are {c}", "'{a}' ist keine Trumpfart; {b}Spielarten sind {c}"),
    ("only forehand may push the choice of trump; the highest bidder chooses it",
     "nur die Vorhand darf die Trumpfwahl schieben; der Höchstbietende wählt selbst"),
    ("pushing to the partner needs teams, 'players 4 in teams across' or 'players N in teams "
     "alternating'",
     "das Schieben zum Partner braucht Teams, 'players 4 in teams across' oder 'players N in "
     "teams alternating'"),
    ("a game without trump plays as obenabe or undenufe (or a mode the file defines)",
     "ein Spiel ohne Trumpf wird als Obenabe oder Undenufe gespielt (oder als eine Spielart der "
     "Datei)"),
    ("{a}: '{b}' is not one mode; {c}modes are {d}", "{a}: '{b}' ist keine einzelne Spielart; {c}Spielarten sind {d}"),
    ("'{a}' is set twice (first on line {b})", "'{a}' ist zweimal gesetzt (zuerst auf Zeile {b})"),
    ("{a}: '{b}' is not known; {c}choose {d}", "{a}: '{b}' ist unbekannt; {c}wähle {d}"),
    ("the file declares no unit (e.g. 'unit stick sticks')",
     "die Datei nennt keine Einheit (z. B. 'unit stick sticks')"),
    ("unit '{a}' is declared twice", "die Einheit '{a}' ist zweimal angegeben"),
    ("no unit '{a}' to cancel; {b}", "keine Einheit '{a}' zum Aufheben; {b}"),
    ("no unit '{a}'; {b}", "keine Einheit '{a}'; {b}"),
    ("clause id '{a}' is used twice (first on line {b})",
     "die Regel-Id '{a}' ist zweimal vergeben (zuerst auf Zeile {b})"),
    ("clause '{a}' can never apply: '{b}' before it applies always",
     "die Regel '{a}' kann nie greifen: '{b}' vor ihr greift immer"),
    ("clause '{a}' can never apply: there are only {b} {c}s",
     "die Regel '{a}' kann nie greifen: es gibt nur {b} {c}"),
    ("this variant has no teams; say 'player'", "diese Variante hat keine Teams; sage 'player'"),
    ("this variant scores by team; say 'team'", "diese Variante schreibt pro Team; sage 'team'"),
    ("'that player' / 'those players' needs a condition such as 'when one player has ...' that "
     "names them",
     "'that player' / 'those players' braucht eine Bedingung wie 'when one player has ...', "
     "die sie nennt"),
    ("'{a}' is defined twice", "'{a}' ist zweimal definiert"),
    ("let '{a}' would hide the fact, option or declaration of that name; choose another name",
     "let '{a}' würde die Tatsache, Option oder Ansage dieses Namens verdecken; wähle einen "
     "anderen Namen"),
    ("no option '{a}'; {b}", "keine Option '{a}'; {b}"),
    ("option {a} has no choice '{b}'; its choices are {c}",
     "die Option {a} hat keine Wahl '{b}'; ihre Wahlen sind {c}"),
    ("no option named '{a}'; {b}", "keine Option namens '{a}'; {b}"),
    ("option '{a}' may only choose among {b}", "die Option '{a}' darf nur wählen unter {b}"),
    ("'{a}' is declared twice", "'{a}' ist zweimal als Ansage angegeben"),
    ("a declaration may not be called '{a}': that is already a fact",
     "eine Ansage darf nicht '{a}' heissen: das ist schon eine Tatsache"),
    ("a declaration may not be called '{a}': that is already an option",
     "eine Ansage darf nicht '{a}' heissen: das ist schon eine Option"),
    ("{a} from {b} to {c} leaves nothing to declare", "{a} von {b} bis {c} lässt nichts anzusagen"),
    ("{a} has one value only; the last to declare needs a choice to avoid the total",
     "{a} hat nur einen Wert; wer zuletzt ansagt, braucht eine Wahl, um die Summe zu vermeiden"),
    ("a declaration may not be called '{a}': that is already an action of the game; choose "
     "another name (actions: {b})",
     "eine Ansage darf nicht '{a}' heissen: das ist schon eine Aktion des Spiels; wähle einen "
     "anderen Namen (Aktionen: {b})"),
    ("who may declare is a group of players or teams: 'by the team with chooser', 'by teams "
     "without chooser'",
     "wer ansagen darf, ist eine Gruppe von Spielern oder Teams: 'by the team with chooser', "
     "'by teams without chooser'"),
    ("'{a}' is known only once play has begun; who declares {b} cannot depend on it",
     "'{a}' ist erst bekannt, wenn das Spiel begonnen hat; wer {b} ansagt, kann nicht davon "
     "abhängen"),
    ("'{a}' is declared after '{b}'; who declares {b} can only depend on declarations made "
     "before it",
     "'{a}' wird nach '{b}' angesagt; wer {b} ansagt, kann nur von früheren Ansagen abhängen"),
    ("'{a}' is declared hidden, and whether {b} is asked would tell every player about it",
     "'{a}' wird verdeckt angesagt, und ob {b} gefragt wird, würde es allen Spielern verraten"),
    ("'{a}' is known only once play has begun; who declares {b} may depend on roles known "
     "before play, options, declarations before it, the mode and the totals",
     "'{a}' ist erst bekannt, wenn das Spiel begonnen hat; wer {b} ansagt, darf von Rollen "
     "vor dem Spiel, Optionen, früheren Ansagen, der Spielart und den Ständen abhängen"),
    ("'if {a}' needs a yes/no option; write 'if {a} = CHOICE' with one of {b}",
     "'if {a}' braucht eine Ja/Nein-Option; schreibe 'if {a} = CHOICE' mit einem von {b}"),
    ("option '{a}' has no choice '{b}'; its choices: {c}",
     "die Option '{a}' hat keine Wahl '{b}'; ihre Wahlen: {c}"),
    ("{a} value '{b}' is {c}", "{a}: der Wert '{b}' ist {c}"),
    ("{a} is already a {b} from the range; a named value needs a number of its own",
     "{a} ist schon ein {b} aus dem Bereich; ein benannter Wert braucht eine eigene Zahl"),
    ("'{a}' says this twice", "'{a}' sagt das zweimal"),
    ("nobody is '{a}' in this file{b}: the role needs {c}",
     "niemand ist '{a}' in dieser Datei{b}: die Rolle braucht {c}"),
    ("nobody is '{a}' in this file{b}: the role needs {c}, and its 'if OPTION' leaves it out "
     "then",
     "niemand ist '{a}' in dieser Datei{b}: die Rolle braucht {c}, und ihr 'if OPTION' lässt "
     "sie dann weg"),
    ("'{a}' cannot {b}; write {c}", "'{a}' kann nicht {b}; schreibe {c}"),
    ("'{a}' is known only once play has begun, so that player cannot lead the first trick; "
     "choose {b}",
     "'{a}' ist erst bekannt, wenn das Spiel begonnen hat, also kann dieser Spieler nicht zum "
     "ersten Stich ausspielen; wähle {b}"),
    ("'{a}' cannot choose trump: it is chosen before anybody else has a role; write {b}",
     "'{a}' kann den Trumpf nicht wählen: er wird gewählt, bevor jemand sonst eine Rolle hat; "
     "schreibe {b}"),
    ("'{a}' is not a role; a declaration may start after the {b}",
     "'{a}' ist keine Rolle; eine Ansage darf nach dem {b} beginnen"),
    ("'{a}' is known only once play has begun; a declaration before play cannot start after "
     "that player",
     "'{a}' ist erst bekannt, wenn das Spiel begonnen hat; eine Ansage vor dem Spiel kann "
     "nicht nach diesem Spieler beginnen"),
    ("'{a}' is a role ({b}); choose another name", "'{a}' ist eine Rolle ({b}); wähle einen anderen Namen"),
    ("'{a}' has a second German word", "'{a}' hat ein zweites deutsches Wort"),
    ("no pile, Weis table, option, option value, clause, invariant, declaration, named value or "
     "let named '{a}'; {b}names of this file: {c}",
     "kein Stapel, keine Weistabelle, Option, Optionswert, Regel, Invariante, Ansage, kein "
     "benannter Wert und kein let namens '{a}'; {b}Namen dieser Datei: {c}"),
    ("the German word for '{a}' is empty", "das deutsche Wort für '{a}' ist leer"),
    ("'{a}' is a declaration: give its German noun with the article, as \"der Konter\", \"die "
     "Ansage\" or \"das Gebot\" (not '{b}')",
     "'{a}' ist eine Ansage: gib ihr deutsches Nomen mit dem Artikel an, wie \"der Konter\", "
     "\"die Ansage\" oder \"das Gebot\" (nicht '{b}')"),
    ("only a declaration's German word has a plural; '{a}' is no declaration",
     "nur das deutsche Wort einer Ansage hat einen Plural; '{a}' ist keine Ansage"),
    ("the German plural for '{a}' is empty", "der deutsche Plural für '{a}' ist leer"),
    ("no pile '{a}'; {b}piles: {c}", "kein Stapel '{a}'; {b}Stapel: {c}"),
    ("none (write pile NAME: 9 cards)", "keine (schreibe pile NAME: 9 cards)"),
    ("'{a}' is one pile per player; name a pile of the table here",
     "'{a}' ist ein Stapel pro Spieler; nenne hier einen Stapel des Tisches"),
    ("pile '{a}' is defined twice", "der Stapel '{a}' ist zweimal definiert"),
    ("nobody leaves the table: add 'players leave the table when CONDITION' or write 'winner: "
     "most UNIT'",
     "niemand verlässt den Tisch: füge 'players leave the table when CONDITION' hinzu oder "
     "schreibe 'winner: most UNIT'"),
    ("a player who takes '{a}' plays it as their hand, but with {b} it holds {c} cards, not a "
     "hand of {d}; {e}",
     "wer '{a}' nimmt, spielt ihn als Hand, aber mit {b} hält er {c} Karten, keine Hand von "
     "{d}; {e}"),
    ("invariant id '{a}' is used twice", "die Invarianten-Id '{a}' ist zweimal vergeben"),
    ("the match bonus breaks invariant '{a}' (line {b}): a hand with a match is worth {c} + {d} "
     "= {e} card points, which the invariant does not allow; give the bonus the invariant "
     "expects, or allow {e} in the invariant",
     "der Matchbonus verletzt die Invariante '{a}' (Zeile {b}): eine Runde mit Match ist {c} + "
     "{d} = {e} Kartenpunkte wert, was die Invariante nicht zulässt; gib den Bonus, den die "
     "Invariante erwartet, oder lass {e} in der Invariante zu"),
    ("'count first' needs 'game ends when ...': the game can end in the middle of a hand only "
     "on a condition",
     "'count first' braucht 'game ends when ...': das Spiel kann nur mit einer Bedingung "
     "mitten in einer Runde enden"),
    ("'{a}' is not known before the tricks are over; {b}'count first' may name {c}",
     "'{a}' ist vor dem Ende der Stiche nicht bekannt; {b}'count first' darf {c} nennen"),
    ("'{a}' is counted first twice", "'{a}' wird zweimal zuerst gezählt"),
    ("'{a}' needs {b}", "'{a}' braucht {b}"),
    ("'tricks' comes last in 'count first': the tricks are counted one by one after "
     "everything else",
     "'tricks' kommt in 'count first' zuletzt: die Stiche werden nach allem anderen einzeln "
     "gezählt"),
    ("'{a}' is known only once the hand is played, but 'count first' books {b} before the hand "
     "is over, so {c} cannot depend on it; ask it only of what is known before the first card "
     "(options, declared values, the mode, the hand, the totals), or leave out 'count first'",
     "'{a}' ist erst bekannt, wenn die Runde gespielt ist, aber 'count first' bucht {b} vor "
     "dem Ende der Runde, also kann {c} nicht davon abhängen; frage nur nach dem, was vor der "
     "ersten Karte bekannt ist (Optionen, Ansagen, die Spielart, die Hand, die Stände), oder "
     "lass 'count first' weg"),
    ("rule '{a}' does not just add the card points and what is counted first, so 'count first: "
     "... tricks' cannot count them trick by trick; a rule must give every team (or player) "
     "points + ..., times a factor fixed for the hand",
     "die Regel '{a}' zählt nicht einfach die Kartenpunkte und das zuerst Gezählte zusammen, "
     "also kann 'count first: ... tricks' sie nicht Stich für Stich zählen; eine Regel muss "
     "jedem Team (oder Spieler) points + ... geben, mal einen für die Runde festen Faktor"),
    ("with its lets this expression nests {a} levels deep; the limit is {b}",
     "mit seinen lets ist dieser Ausdruck {a} Ebenen tief verschachtelt; die Grenze ist {b}"),
    ("{a} quantifiers, sums, counts, most, least or place nest in each other here (with its "
     "lets); the limit is {b}, as each goes over every player",
     "{a} Quantoren, Summen, Zählungen, most, least oder place sind hier ineinander "
     "verschachtelt (mit seinen lets); die Grenze ist {b}, da jeder über alle Spieler geht"),
    ("written out with its lets this expression has more than {a} parts, the limit",
     "mit seinen lets ausgeschrieben hat dieser Ausdruck mehr als {a} Teile, die Grenze"),
    ("'{a}' is not a mode; {b}write 'in' and one of {c}",
     "'{a}' ist keine Spielart; {b}schreibe 'in' und eines von {c}"),
    ("division by zero: this divisor is always 0", "Division durch null: dieser Teiler ist immer 0"),
    ("'{a}' is a fact about one player or team; ask it inside 'one player has ...' or a target "
     "such as 'players with ...'",
     "'{a}' ist eine Tatsache über einen Spieler oder ein Team; frage sie innerhalb von 'one "
     "player has ...' oder einem Ziel wie 'players with ...'"),
    ("option '{a}' offers words, not numbers; it cannot be used in an expression (a yes/no "
     "option can: yes is 1, no is 0)",
     "die Option '{a}' bietet Wörter, keine Zahlen; sie kann in keinem Ausdruck stehen (eine "
     "Ja/Nein-Option schon: yes ist 1, no ist 0)"),
    ("in a team game '{a}' read for a team would add up both partners' {a}s; write 'team {a}' "
     "for that sum, or '{a} of ROLE' for one player's (e.g. '{a} of {b}')",
     "in einem Teamspiel würde '{a}' für ein Team die Werte beider Partner zusammenzählen; "
     "schreibe 'team {a}' für diese Summe oder '{a} of ROLE' für den eines Spielers (z. B. "
     "'{a} of {b}')"),
    ("unknown name '{a}'{b}; {c}known names: {d}; functions: {e}; a unit's total: {f}",
     "unbekannter Name '{a}'{b}; {c}bekannte Namen: {d}; Funktionen: {e}; der Stand einer "
     "Einheit: {f}"),
    ("this variant has no teams; write '{a}'", "diese Variante hat keine Teams; schreibe '{a}'"),
    ("'team {a}': no declaration named '{a}'; declarations: {b}",
     "'team {a}': keine Ansage namens '{a}'; Ansagen: {b}"),
    ("'{a} of {b}': no declaration named '{a}'; declarations: {c}",
     "'{a} of {b}': keine Ansage namens '{a}'; Ansagen: {c}"),
    ("'{a} of {b}': '{b}' is not a role; roles: {c}", "'{a} of {b}': '{b}' ist keine Rolle; Rollen: {c}"),
    ("the language has no function '{a}'{b}; {c}functions: {d}",
     "die Sprache hat keine Funktion '{a}'{b}; {c}Funktionen: {d}"),
    ("{a}() takes {b} argument{c}, not {d}", "{a}() nimmt {b} Argument{c}, nicht {d}"),
    ("won() takes a card (CK), a suit (hearts) or a rank (queens){a}",
     "won() nimmt eine Karte (CK), eine Farbe (hearts) oder einen Rang (queens){a}"),
    ("change() is known only after the hand is scored: use it in an invariant or in 'game ends "
     "when'",
     "change() ist erst bekannt, wenn die Runde geschrieben ist: verwende es in einer "
     "Invariante oder in 'game ends when'"),
    ("change() takes a unit, e.g. change(sticks); {a}",
     "change() nimmt eine Einheit, z. B. change(sticks); {a}"),
    ("trick() takes the number of a trick", "trick() nimmt die Nummer eines Stichs"),
    # warnings (jassdsl/language/team_sums.py, quantifier_scope.py, empty_piles.py)
    ("warning: {a} (the file is valid; this is only a warning)",
     "Warnung: {a} (die Datei ist gültig; das ist nur eine Warnung)"),
    ("warning: {a} (the file is valid)", "Warnung: {a} (die Datei ist gültig)"),
    ("'team {a}' adds up the {a}s of both partners, but it is compared with '{b} of {c}', one "
     "player's {b}: write '{a} of {c}' if the contract is that player's",
     "'team {a}' zählt die Werte beider Partner zusammen, wird aber mit '{b} of {c}' "
     "verglichen, dem Wert eines Spielers: schreibe '{a} of {c}', wenn der Vertrag der dieses "
     "Spielers ist"),
    ("'team {a}' adds up the {a}s of both partners, but the contract of an auction is one "
     "player's {a}, the highest bidder's: write '{a} of bidder' for it",
     "'team {a}' zählt die Werte beider Partner zusammen, aber der Vertrag einer Auktion ist "
     "der eines Spielers, des Höchstbietenden: schreibe dafür '{a} of bidder'"),
    ("pile '{a}' never gets a card: {b}, so whatever takes or turns it finds nothing; deal "
     "fewer cards each, or leave the pile out",
     "der Stapel '{a}' bekommt nie eine Karte: {b}, also findet, was ihn nimmt oder wendet, "
     "nichts; gib jedem weniger Karten oder lass den Stapel weg"),
    ("with {a} players and {b} cards each {c} cards are dealt to nobody and lie on no pile: "
     "they are set aside for the hand (nobody holds, plays or counts them); deal them all, or "
     "lay them on a pile ('pile stock: the rest')",
     "mit {a} Spielern und je {b} Karten werden {c} Karten niemandem gegeben und liegen auf "
     "keinem Stapel: sie bleiben für die Runde beiseite (niemand hält, spielt oder zählt "
     "sie); gib sie alle oder lege sie auf einen Stapel ('pile stock: the rest')"),
    ("'{a}' is not about a {b}, yet the quantifier before it asks it of each {b} (true for all "
     "or for none), so the quantifier's count fails just when it holds; to join it to the "
     "whole condition, write '(one {b} has ...) or {a}'",
     "'{a}' handelt nicht von einem {b}, doch der Quantor davor fragt es für jeden {b} (wahr "
     "für alle oder für keinen), also schlägt die Zählung des Quantors gerade dann fehl, wenn "
     "es gilt; um es mit der ganzen Bedingung zu verbinden, schreibe '(one {b} has ...) or "
     "{a}'"),
    # the mechanisms' checks (jassdsl/mechanisms)
    ("a hand has one auction; '{a}' is already one", "eine Runde hat eine Auktion; '{a}' ist schon eine"),
    ("an auction asks every player in turn; 'by' and 'only when' are for the declarations "
     "after trump",
     "eine Auktion fragt jeden Spieler reihum; 'by' und 'only when' sind für die Ansagen nach "
     "dem Trumpf"),
    ("'{a}' is a yes/no question, not an auction: an auction bids numbers ('declare bid from "
     "60 to 157, auction before trump')",
     "'{a}' ist eine Ja/Nein-Frage, keine Auktion: eine Auktion bietet Zahlen ('declare bid "
     "from 60 to 157, auction before trump')"),
    ("'{a}' is a yes/no question; the highest bidder cannot keep the bid '{b}' as its answer",
     "'{a}' ist eine Ja/Nein-Frage; der Höchstbietende kann das Gebot '{b}' nicht als Antwort "
     "behalten"),
    ("'{a}' is said of an auction: 'declare bid from 1 to 9, auction before trump, {a}'",
     "'{a}' sagt man von einer Auktion: 'declare bid from 1 to 9, auction before trump, {a}'"),
    ("say one of 'a pass is final' (every pass) and 'a pass after a bid is final' (a pass "
     "before the first bid is not), or each under another choice of an option: 'a pass is "
     "final if passing = every, a pass after a bid is final if passing = after-bid'",
     "sage eines von 'a pass is final' (jedes Passen) und 'a pass after a bid is final' (ein "
     "Passen vor dem ersten Gebot nicht), oder jedes unter einer anderen Wahl einer Option: "
     "'a pass is final if passing = every, a pass after a bid is final if passing = "
     "after-bid'"),
    ("an auction bids in turn from forehand; the highest bidder and the total are for the "
     "declarations after it",
     "eine Auktion bietet reihum ab der Vorhand; der Höchstbietende und die Summe sind für die "
     "Ansagen danach"),
    ("the highest bidder needs an auction{a}: 'declare bid from 1 to 9, auction before trump'",
     "der Höchstbietende braucht eine Auktion{a}: 'declare bid from 1 to 9, auction before "
     "trump'"),
    ("'{a}' is not the auction (the auction is '{b}')",
     "'{a}' ist nicht die Auktion (die Auktion ist '{b}')"),
    ("the highest bidder chooses trump only after an auction{a}: 'declare bid from 1 to 9, "
     "auction before trump'",
     "der Höchstbietende wählt den Trumpf nur nach einer Auktion{a}: 'declare bid from 1 to 9, "
     "auction before trump'"),
    ("'naming the mode' is said of an auction: 'declare bid from 60 to 157, auction before "
     "trump, naming the mode'",
     "'naming the mode' sagt man von einer Auktion: 'declare bid from 60 to 157, auction "
     "before trump, naming the mode'"),
    ("a bid names the mode the highest bidder would choose: write 'trump: bidder chooses suits, "
     "obenabe, undenufe' (without pushing) to say which modes a bid names",
     "ein Gebot nennt die Spielart, die der Höchstbietende wählen würde: schreibe 'trump: "
     "bidder chooses suits, obenabe, undenufe' (ohne Schieben), um zu sagen, welche "
     "Spielarten ein Gebot nennt"),
    ("a bid naming the mode is a number from 0 up", "ein Gebot mit Spielart ist eine Zahl ab 0"),
    ("'{a}' ends the auction when a player says yes: write it as a yes/no question, 'declare "
     "{a} yes or no, ending the auction'",
     "'{a}' beendet die Auktion, wenn ein Spieler ja sagt: schreibe es als Ja/Nein-Frage, "
     "'declare {a} yes or no, ending the auction'"),
    ("'ending the auction' needs an auction: 'declare bid from 60 to 157, auction before "
     "trump'",
     "'ending the auction' braucht eine Auktion: 'declare bid from 60 to 157, auction before "
     "trump'"),
    ("'{a}' ends the auction for all to see, so it cannot stay hidden: leave out 'hidden'",
     "'{a}' beendet die Auktion für alle sichtbar, kann also nicht verdeckt bleiben: lass "
     "'hidden' weg"),
    ("no pile '{a}' for each player; write 'pile {a}: {b} cards each'",
     "kein Stapel '{a}' für jeden Spieler; schreibe 'pile {a}: {b} cards each'"),
    ("{a} cards are swapped for a pile of {b}", "{a} Karten werden gegen einen Stapel von {b} getauscht"),
    ("each player swaps {a} cards for their '{b}', but with {c} the piles get {d} cards: a "
     "player whose pile holds fewer than {a} would be left with a short hand; deal the cards "
     "so that what is left fills every such pile or none",
     "jeder Spieler tauscht {a} Karten gegen seinen '{b}', aber mit {c} bekommen die Stapel {d} "
     "Karten: wessen Stapel weniger als {a} hält, bliebe mit einer zu kurzen Hand; gib die "
     "Karten so, dass der Rest jeden solchen Stapel füllt oder keinen"),
    ("a team cannot leave the table; leaving is for players who play for themselves",
     "ein Team kann den Tisch nicht verlassen; das ist für Spieler, die für sich spielen"),
    ("only a turned trump card lies on the table to be robbed: 'trump: top card of PILE, else "
     "bottom card'",
     "nur eine gewendete Trumpfkarte liegt zum Rauben auf dem Tisch: 'trump: top card of PILE, "
     "else bottom card'"),
    ("'{a}' is neither a trump method, nor one mode ({b}), nor an option whose choices are "
     "modes",
     "'{a}' ist weder eine Art der Trumpfwahl noch eine Spielart ({b}) noch eine Option, deren "
     "Wahlen Spielarten sind"),
    ("'{a}' cannot choose from the sheet: forehand is asked first; write 'forehand chooses "
     "from the sheet'",
     "'{a}' kann nicht von der Tafel wählen: die Vorhand wird zuerst gefragt; schreibe "
     "'forehand chooses from the sheet'"),
    ("choosing from the sheet needs a sheet: write 'sheet per team' (or 'sheet per player') "
     "and its columns, e.g. 'column spades: S times 3'",
     "von der Tafel zu wählen braucht eine Tafel: schreibe 'sheet per team' (oder 'sheet per "
     "player') und ihre Spalten, z. B. 'column spades: S times 3'"),
    ("a sheet needs a chooser: write 'trump: forehand chooses from the sheet' (optionally 'or "
     "pushes to the next player')",
     "eine Tafel braucht jemanden, der wählt: schreibe 'trump: forehand chooses from the "
     "sheet' (wahlweise 'or pushes to the next player')"),
    ("the sheet has no columns: add e.g. 'column spades: S times 3'",
     "die Tafel hat keine Spalten: füge z. B. 'column spades: S times 3' hinzu"),
    ("columns need a 'sheet per team' (or 'sheet per player') statement",
     "Spalten brauchen eine Anweisung 'sheet per team' (oder 'sheet per player')"),
    ("a sheet per team needs teams, 'players 4 in teams across' or 'players N in teams "
     "alternating'; without teams write 'sheet per player'",
     "eine Tafel pro Team braucht Teams, 'players 4 in teams across' oder 'players N in teams "
     "alternating'; ohne Teams schreibe 'sheet per player'"),
    ("pushing to the partner needs teams, 'players 4 in teams across' or 'players N in teams "
     "alternating'; write 'or pushes to the next player'",
     "das Schieben zum Partner braucht Teams, 'players 4 in teams across' oder 'players N in "
     "teams alternating'; schreibe 'or pushes to the next player'"),
    ("column '{a}' is defined twice (first on line {b})",
     "die Spalte '{a}' ist zweimal definiert (zuerst auf Zeile {b})"),
    ("column {a}: '{b}' is not a trump mode; {c}modes are {d}",
     "Spalte {a}: '{b}' ist keine Trumpfart; {c}Spielarten sind {d}"),
    ("the multiplier of column '{a}' must be a whole number (or an option offering numbers), "
     "not '{b}': write e.g. '{c} times 2'",
     "der Multiplikator der Spalte '{a}' muss eine ganze Zahl sein (oder eine Option mit "
     "Zahlen), nicht '{b}': schreibe z. B. '{c} times 2'"),
    ("'game ends when the sheets are full' needs a sheet: 'sheet per team' and its columns",
     "'game ends when the sheets are full' braucht eine Tafel: 'sheet per team' und ihre "
     "Spalten"),
    # numbers kept across hands (jassdsl/mechanisms/kept_numbers.py)
    ("the number '{a}' is kept twice (first on line {b}); give each kept number its own name",
     "die Zahl '{a}' wird zweimal geführt (zuerst auf Zeile {b}); gib jeder geführten Zahl "
     "einen eigenen Namen"),
    ("the kept number '{a}' has the name of {b}; give it a name of its own, e.g. '{c}'",
     "die geführte Zahl '{a}' hat den Namen {b}; gib ihr einen eigenen Namen, z. B. '{c}'"),
    ("a fact of the language", "eines Fakts der Sprache"),
    ("an option", "einer Option"),
    ("a let", "eines 'let'"),
    ("a declaration", "einer Ansage"),
    ("a role", "einer Rolle"),
    ("a unit", "einer Einheit"),
    ("the start of '{a}' must be a whole number (or an option offering numbers), not '{b}': "
     "write e.g. 'starting at 0'",
     "der Anfang von '{a}' muss eine ganze Zahl sein (oder eine Option mit Zahlen), nicht "
     "'{b}': schreibe z. B. 'starting at 0'"),
    ("the start of '{a}'", "der Anfang von '{a}'"),
    ("'{a}' is kept from hand to hand and is not read where declarations are asked; who "
     "declares {b} may depend on roles known before play, options, declarations before it, "
     "the mode and the totals",
     "'{a}' wird von Runde zu Runde geführt und wird nicht gelesen, wo Ansagen erfragt "
     "werden; wer {b} ansagt, darf von Rollen abhängen, die vor dem Spiel feststehen, von "
     "Optionen, früheren Ansagen, der Spielart und den Gesamtständen"),
    ("with {a} the sheet has no column: every column is on it only under another choice; add a "
     "column for {a}, or one without 'if'",
     "mit {a} hat die Tafel keine Spalte: jede Spalte steht nur unter einer anderen Wahl "
     "darauf; füge eine Spalte für {a} hinzu oder eine ohne 'if'"),
    ("the teams are fixed in this file ('players 4 in teams across' or 'players N in teams "
     "alternating'); sides per hand are for players who play for themselves",
     "die Teams sind in dieser Datei fest ('players 4 in teams across' oder 'players N in "
     "teams alternating'); Seiten pro Runde sind für Spieler, die für sich spielen"),
    ("'{a}' is no role; laid-away cards count for a role (the bidder) or for 'nobody'",
     "'{a}' ist keine Rolle; weggelegte Karten zählen für eine Rolle (den Bieter) oder für "
     "'nobody'"),
    ("until the first void names the mode, tricks are played as obenabe or undenufe (or a mode "
     "the file defines)",
     "bis die erste Fehlfarbe die Spielart bestimmt, werden die Stiche als Obenabe oder "
     "Undenufe gespielt (oder als eine Spielart der Datei)"),
    ("no Weis table '{a}'; {b}tables: {c}", "keine Weistabelle '{a}'; {b}Tabellen: {c}"),
    ("'{a}' is not a trump mode; {b}a Weis entry may name {c}",
     "'{a}' ist keine Trumpfart; {b}ein Weis-Eintrag darf {c} nennen"),
    ("a sequence has {a} to {b} cards", "eine Folge hat {a} bis {b} Karten"),
    ("a sequence of {a} needs {b} cards of one suit, and the pack has at most {c}",
     "eine Folge von {a} braucht {b} Karten einer Farbe, und das Blatt hat höchstens {c}"),
    ("four {a} needs the four cards of the rank, and the pack has {b} of them: the file "
     "plays {c} cards, without {d}",
     "four {a} braucht die vier Karten des Rangs, und das Blatt hat {b} davon: die Datei "
     "spielt mit {c} Karten, ohne {d}"),
    # the pack (jassdsl/language/check.py, check_pack)
    ("'{a}' is not a card, a rank or a suit; {b}a pack is written without cards (D6), ranks "
     "(sixes) or suits (spades)",
     "'{a}' ist keine Karte, kein Rang und keine Farbe; {b}ein Blatt wird ohne Karten (D6), "
     "Ränge (sixes) oder Farben (spades) geschrieben"),
    ("'{a}' is taken out of the pack twice", "'{a}' wird zweimal aus dem Blatt genommen"),
    ("the pack has no cards left", "dem Blatt bleibt keine Karte"),
    ("'{a}' names no card of the pack: the file plays {b} cards, without {c}",
     "'{a}' nennt keine Karte des Blatts: die Datei spielt mit {b} Karten, ohne {c}"),
    ("{a} cards each cannot be dealt in packets of {b}: the packets of one round give {c} "
     "cards, and a hand is whole rounds",
     "je {a} Karten lassen sich nicht in Paketen zu {b} geben: die Pakete einer Runde geben "
     "{c} Karten, und eine Hand besteht aus ganzen Runden"),
    # reading the file and the command (jassdsl/registry.py, jassdsl/cli/check.py)
    ("the file has {a} bytes; a rule file may have at most {b}",
     "die Datei hat {a} Bytes; eine Regeldatei darf höchstens {b} haben"),
    ("not UTF-8 text: byte 0x{a} ({b}); save the file as UTF-8",
     "kein UTF-8-Text: Byte 0x{a} ({b}); speichere die Datei als UTF-8"),
    ("{a}: not UTF-8 text ({b} at byte {c})", "{a}: kein UTF-8-Text ({b} bei Byte {c})"),
    ("{a}: cannot read: {b}", "{a}: nicht lesbar: {b}"),
    ("{a} of {b} files have errors", "{a} von {b} Dateien haben Fehler"),
    # the notes after the errors (what was not checked)
    ("{a}: reading stopped after {b} syntax errors, at line {c}; the rest of the file and its "
     "meaning are checked once they are fixed",
     "{a}: das Lesen hielt nach {b} Syntaxfehlern an, auf Zeile {c}; der Rest der Datei und "
     "ihre Bedeutung werden geprüft, sobald sie behoben sind"),
    ("{a}: the meaning of the file is not checked yet: {b} could not be read, and the rest of "
     "the file may need it; fix the syntax errors and check again",
     "{a}: die Bedeutung der Datei ist noch nicht geprüft: {b} liess sich nicht lesen, und der "
     "Rest der Datei braucht es vielleicht; behebe die Syntaxfehler und prüfe nochmals"),
    ("line {a}, which begins with '{b}', an unknown statement (did you mean '{c}'?),",
     "Zeile {a}, die mit '{b}' beginnt, einer unbekannten Anweisung (meintest du '{c}'?),"),
    ("the '{a}' statement on line {b}", "die Anweisung '{a}' auf Zeile {b}"),
    ("what line {a} says", "was Zeile {a} sagt"),
)

# the words around an error's places (`RuleError.render`)
ALSO = {"en": (" (also at {places}{more})", " and {n} more"),
        "de": (" (auch bei {places}{more})", " und {n} weitere")}


def pattern(template: str) -> re.Pattern[str]:
    """The English template as a regular expression that reads its fields back."""
    out = []
    for literal, field, _, _ in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if field:
            out.append(f"(?P<{field}>.*?)" if f"(?P<{field}>" not in "".join(out)
                       else f"(?P={field})")
    return re.compile("".join(out), re.S)


# the templates the installed mechanisms bring with their checks (`Checks.messages`)
_contributed: tuple[tuple[str, str], ...] = ()


def add_messages(pairs: Iterable[tuple[str, str]]) -> None:
    """The table's templates and these, which the installed mechanisms contribute (by
    `jassdsl.core.mechanism.install`)."""
    global _contributed
    _contributed = tuple(pairs)


def patterns() -> tuple[tuple[re.Pattern[str], str, frozenset[str]], ...]:
    """Each template as a pattern, its German, and its fields in quotes (a name of the
    file, never translated); the longest templates first: a specific message before a
    general one it also fits."""
    return _patterns(_contributed)


@cache
def _patterns(contributed: tuple[tuple[str, str], ...]
              ) -> tuple[tuple[re.Pattern[str], str, frozenset[str]], ...]:
    return tuple((pattern(en), de, frozenset(re.findall(r"'\{(\w+)\}'", en)))
                 for en, de in sorted((*MESSAGES, *contributed), key=lambda p: -len(p[0])))


def german(message: str, depth: int = 0) -> str:
    """A message of the checker in German (its fields too, where they are phrases of the
    table); as it is when no template fits."""
    if depth > 6 or not message:
        return message
    for found_pattern, de, quoted in patterns():
        found = found_pattern.fullmatch(message)
        if found is not None:
            fields = {k: v if k in quoted else german(v, depth + 1)
                      for k, v in found.groupdict().items()}
            return de.format(**fields)
    parts = top_level_items(message)  # a list of phrases: 'a name, a number, ':''
    return ", ".join(german(p, depth + 1) for p in parts) if len(parts) > 1 else message


def top_level_items(text: str) -> list[str]:
    """The items of a list joined by ', ', outside brackets and quotes."""
    items, depth, quote, start = [], 0, "", 0
    for k, c in enumerate(text):
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0 and text[k + 1:k + 2] == " ":
            items.append(text[start:k])
            start = k + 2
    return [*items, text[start:]]

"""A mechanism is one module, registered once: the layers take the list by injection.

These tests hold the shape: no layer imports `jassdsl.mechanisms`, the one list runs in
the order of a hand, and what a layer does for a mechanism comes from the list it is
given (take a mechanism out of the list and every layer forgets it)."""

from __future__ import annotations

import ast
import re
from dataclasses import fields, replace
from pathlib import Path

import pytest
from source_trees import tree

from jassdsl.compile.compiler import CompiledRules, compile_rules, shaping_options
from jassdsl.core import model as m
from jassdsl.core.cards import RANKS
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.mechanism import (
    Checks,
    Mechanism,
    Rulebook,
    Runtime,
    Syntax,
    TrumpWay,
    install,
    installed,
    words_of,
)
from jassdsl.engine import Game
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.rob import RobConfig
from jassdsl.language.check import load_model
from jassdsl.language.syntax import pos_of
from jassdsl.mechanisms import MECHANISMS
from jassdsl.registry import variant_path
from jassdsl.rulebook.words import OWN, TEXT, say

PACKAGE = Path(__file__).resolve().parents[1] / "jassdsl"
TOP = {PACKAGE / "__init__.py"}  # the top installs the list; nothing else below it may


def imported(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_no_layer_imports_the_mechanisms() -> None:
    inside = PACKAGE / "mechanisms"
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if inside not in p.parents and p not in TOP
                 and any(n == "jassdsl.mechanisms" or n.startswith("jassdsl.mechanisms.")
                         for n in imported(p))]
    assert offenders == []


def test_the_list_is_installed_once_in_hand_order() -> None:
    assert installed() == MECHANISMS
    names = [x.name for x in MECHANISMS]
    assert len(names) == len(set(names))
    # robbing comes after taking part and before the auction, as at the table
    assert names.index("take_part") < names.index("rob") < names.index("auction")


def handjass() -> str:
    return variant_path("handjass").read_text(encoding="utf-8")


def without(name: str) -> tuple[Mechanism, ...]:
    return tuple(x for x in MECHANISMS if x.name != name)


def test_robbing_keeps_its_settings_in_its_own_config() -> None:
    names = {f.name for f in fields(CompiledRules)}
    assert not {n for n in names if n.startswith("rob")}
    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2})
    assert rules.config("rob", RobConfig) == RobConfig(rank=RANKS.index("6"))
    assert rules.mechanisms == MECHANISMS


def test_a_mechanism_left_out_of_the_list_is_unknown_to_check_and_play() -> None:
    # robbing without a turned card is an error only where robbing is a mechanism
    text = handjass().replace("trump: top card of stock, else top card of blind, else "
                              "bottom card", "trump: bottom card")
    with pytest.raises(RuleFileErrors, match="only a turned trump card"):
        load_model(text, "x.jass")
    # without it, its statement is not even in the language: its grammar lines are its own
    with pytest.raises(RuleFileErrors, match="no statement starts with 'rob'"):
        load_model(text, "x.jass", mechanisms=without("rob"))
    load_model(re.sub(r"\nrob:[^\n]*", "", text), "x.jass", mechanisms=without("rob"))
    bare = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2},
                         mechanisms=without("rob"))
    assert "rob" not in bare.configs
    for seed in range(40):  # never asked to rob, though the file says who may
        game = Game(bare, seed=seed)
        while not game.is_over and game.hand_number == 1:
            assert game.phase != "rob"
            game.apply(game.legal_actions()[0])


def test_every_layer_reads_the_list_the_rules_carry() -> None:
    """A game whose rules carry no robbing mechanism neither asks, tells nor labels it:
    what the terminal, the bots and the action space know of robbing is in its module."""
    from jassdsl.research.actionspace import ActionSpace

    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2})
    stripped = replace(rules, mechanisms=without("rob"))
    assert any(a.kind == "rob" for a in ActionSpace.of(rules).actions)
    assert not any(a.kind == "rob" for a in ActionSpace.of(stripped).actions)


def test_the_chain_and_the_narrator_take_the_mechanisms_the_rules_carry() -> None:
    from jassdsl.mechanisms.take_part import TookPart
    from jassdsl.rulebook.textview import Narrator

    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 3})
    stripped = replace(rules, mechanisms=without("take_part"))
    assert Game(rules, seed=1).phase == "take part"
    assert Game(stripped, seed=1).phase != "take part"  # the chain has no such phase
    assert TookPart in Narrator(Game(rules, seed=1), ["a", "b", "c"]).narrate
    assert TookPart not in Narrator(Game(stripped, seed=1), ["a", "b", "c"]).narrate


# -- a mechanism brings its own statements: a toy one, defined here and nowhere else
class Toast(m.Node):
    times: m.Value

    @property
    def reported_at(self) -> m.Pos:
        return self.times.pos


TOAST = Mechanism(
    "toast",
    syntax=Syntax(
        grammar='%extend _statement: toast\ntoast: "toast" value "times" "after" "the" "deal"\n',
        build={"toast": lambda meta, ch: Toast(pos=pos_of(meta), times=ch[0])},
        statements={Toast: "toast N times after the deal"}),
    rulebook=Rulebook(
        words={"toast.said": ("they toast {n} times", "sie stossen {n} Mal an")}))
WITH_TOAST = (*MECHANISMS, TOAST)


def test_a_mechanism_brings_its_statement_its_node_and_its_words() -> None:
    text = "# a toast\n  toast seats times after the deal\n" + handjass()
    line = 2
    rf = load_model(text, "x.jass", mechanisms=WITH_TOAST)
    toast = rf.part("toast", Toast)
    assert toast is not None and toast.times.option == "seats"
    assert (toast.pos.line, toast.pos.column, toast.times.pos.column) == (line, 3, 9)
    assert "seats" in shaping_options(rf)  # the one walk over the model enters it
    assert load_model(handjass(), "x.jass", mechanisms=WITH_TOAST).part("toast", Toast) is None
    with pytest.raises(RuleFileErrors, match=r"x.jass:\d+:7: a second .toast N times after"):
        load_model(text + "toast 2 times after the deal\n", "x.jass", mechanisms=WITH_TOAST)
    with pytest.raises(RuleFileErrors, match=rf"x.jass:{line}:3: no statement starts with "
                       r"'taost' \(did you mean 'toast'( or '\w+')?\?\); expected a new statement "
                       r"\('toast', .*'trump'"):  # the likest statement first
        load_model(text.replace("toast", "taost"), "x.jass", mechanisms=WITH_TOAST)
    with pytest.raises(RuleFileErrors, match=rf"x.jass:{line}:21: unexpected 'before'; "
                       r"expected 'after'"):
        load_model(text.replace("after", "before"), "x.jass", mechanisms=WITH_TOAST)
    with pytest.raises(RuleFileErrors, match="no statement starts with 'toast'"):
        load_model(text, "x.jass")  # not installed: not in the language


def test_the_words_of_the_installed_mechanisms_are_the_rulebooks_own() -> None:
    assert say("de", "trump.rob", rank="Sechs").startswith("Wenn alle gesagt haben")
    assert "trump.rob" in TEXT and "trump.rob" not in OWN  # robbing's, found as one table
    assert not words_of(MECHANISMS).keys() & OWN.keys()
    with pytest.raises(ValueError, match="repeats the words"):
        words_of((TOAST, replace(TOAST, name="toast2")))


def test_the_lexer_takes_a_mechanisms_keywords_from_its_grammar_lines() -> None:
    from pygments.token import Keyword

    from jassdsl.language.lexer import STATEMENT_WORDS, JassLexer

    assert "rob" not in STATEMENT_WORDS  # robbing's own grammar lines say it
    kinds = dict((v, t) for t, v in JassLexer().get_tokens("rob: trump 6 may take the "
                                                             "turned card\n"))
    assert kinds["rob"] is Keyword.Declaration and kinds["turned"] is Keyword
    assert TOAST.first_words == ("toast",)
    assert TOAST.keywords == ("toast", "times", "after", "the", "deal")


def test_play_subscribers_and_keepers_come_from_the_list_at_their_place() -> None:
    from jassdsl.engine.chain import Chain
    from jassdsl.registry import load_rules

    rules = load_rules("schieber")
    chain = Chain.of(rules)
    assert [p.name for p in chain.in_play] == ["weis"]
    assert {p.place for p in chain.steps} == {"before play"}
    assert chain.hooks["add_facts"]  # Weis and Stöck as facts, a keeper
    bare = Chain.of(replace(rules, mechanisms=tuple(x for x in rules.mechanisms
                                                    if x.name not in ("weis", "hand_bonuses"))))
    assert not bare.in_play and not bare.hooks["add_facts"]


def test_a_statement_a_file_may_repeat_is_kept_in_file_order() -> None:
    toasts = replace(TOAST, syntax=replace(TOAST.syntax, statements={}, repeated=(Toast,)))
    text = "toast 2 times after the deal\n" + handjass() + "toast 3 times after the deal\n"
    rf = load_model(text, "x.jass", mechanisms=(*MECHANISMS, toasts))
    assert [t.times.number for t in rf.parts_of("toast", Toast)] == [2, 3]


# -- a mechanism adds a way to set trump: a toy one, defined here and nowhere else
class LowestOfDealer(Phase):
    """Before play, the suit of the dealer's lowest card (by index) is trump."""

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == "lowest"

    def begin(self, g: Table) -> bool:
        s = g.s
        hand = s.hands[s.dealer]
        s.mode = ((hand & -hand).bit_length() - 1) // 9
        return False


LOWEST = Mechanism(
    "lowest",
    trump=TrumpWay(),
    syntax=Syntax(
        grammar='%extend trump_method: "lowest" "card" "of" "dealer" -> lowest_trump\n',
        build={"lowest_trump": lambda meta, ch: m.TrumpMethod(pos=pos_of(meta), kind="lowest")}),
    rulebook=Rulebook(
        words={"short.lowest": ("the dealer's lowest card", "die tiefste Karte des Gebers"),
           "trump.lowest": ("The suit of the dealer's lowest card is trump.",
                            "Die Farbe der tiefsten Karte des Gebers ist Trumpf.")}),
    checks=Checks(
        check=lambda c, rf: c.needs_tables(rf.trump.pos, "trump", rf)
    if rf.trump.kind == "lowest" else None),
    runtime=Runtime(
        phase=LowestOfDealer))


def test_a_mechanism_adds_a_trump_method_with_its_phase_words_and_playout_say() -> None:
    from jassdsl.engine.playout import uncovered
    from jassdsl.rulebook.render import trump_short

    text = (Path(__file__).parent / "fixtures" / "language" / "_base.jass").read_text(
        encoding="utf-8")
    toy = text.replace("trump: first void, else obenabe", "trump: lowest card of dealer")
    with_toy = (*MECHANISMS, LOWEST)
    rf = load_model(toy, "toy.jass", mechanisms=with_toy)
    assert rf.trump.kind == "lowest"
    install(with_toy)  # the rulebook finds the words of the installed mechanisms
    try:
        assert trump_short("de", rf) == "die tiefste Karte des Gebers"
    finally:
        install(MECHANISMS)
    rules = compile_rules(rf, mechanisms=with_toy)
    assert rules.trump_way is LOWEST.trump and uncovered(rules) == ("trump method lowest",)
    for seed in range(5):  # before the first card: trump is the dealer's lowest suit
        game = Game(rules, seed=seed)
        hand = game.s.hands[game.dealer]
        assert game.phase != "trump" and not game.trick
        assert game.s.mode == ((hand & -hand).bit_length() - 1) // 9
    with pytest.raises(RuleFileErrors, match=r"toy.jass:\d+:20: unexpected 'of'"):
        load_model(toy, "toy.jass")  # not installed: not in the language
    # its check is its own: without the trump tables, its method is refused
    bare = re.sub(r"\n(ranks|card points) trump:[^\n]*", "", toy)
    with pytest.raises(RuleFileErrors, match="playing trump needs"):
        load_model(bare, "toy.jass", mechanisms=with_toy)


@pytest.mark.parametrize(("name", "variant"), [("first_void", "molotow"),
                                               ("void_names", "wunsch-molotow")])
def test_a_trump_method_left_out_of_the_list_is_not_in_the_language(name: str,
                                                                    variant: str) -> None:
    """The shipped methods a mechanism adds are its own: its grammar line, its kind."""
    text = variant_path(variant).read_text(encoding="utf-8")
    rules = compile_rules(load_model(text, "x.jass"))
    assert rules.trump_kind == name and rules.trump_way is not None
    with pytest.raises(RuleFileErrors, match=r"x.jass:\d+:\d+: (unexpected|'first' is neither)"):
        load_model(text, "x.jass", mechanisms=without(name))

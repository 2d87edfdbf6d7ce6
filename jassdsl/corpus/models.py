"""Corpus records as pydantic models; the JSON Schema shipped with the corpus comes from here.

A record is an envelope (id, variant, options, kind, clause, tags, origin, hash) around a
kind-specific ``input`` (the question an engine is asked) and ``expect`` (the answer).
Cards use the jass-kit notation of `jassdsl.core.cards`; trump modes are a suit letter,
``obenabe`` or ``undenufe``, and ``null`` means that no trump is set (yet). A hand's mode
may also be one the rule file defines (``slalom-obenabe``); a trick or a position is
always given in the mode of the trick being played.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

FORMAT = 1  # the record format; a change that old readers cannot read bumps it
LAYOUT = 2  # the manifest's layout; a change bumps the corpus revision
KINDS = ("legal", "trick", "hand", "game", "perft", "parse")
CARD_PATTERN = r"^[DHSC](A|K|Q|J|10|9|8|7|6)$"
ID_PATTERN = r"^[a-z0-9-]+/(legal|trick|hand|game|perft|parse)/[0-9]{4,}$"

Card = Annotated[str, Field(pattern=CARD_PATTERN)]
Mode = Literal["D", "H", "S", "C", "obenabe", "undenufe"]
# a hand's mode: a base mode, or a mode the rule file defines (`mode NAME: ...`)
HandMode = Annotated[str, Field(pattern=r"^(D|H|S|C|[a-z][a-z0-9]*(-[a-z0-9]+)*)$")]
Reason = Literal["follow", "follow-trump", "undertrump"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- legal ----------------------------------------------------------------------------
class LegalInput(Strict):
    """The player to move holds ``hand``; ``trick`` are the cards already played to it."""

    hand: list[Card]
    trick: list[Card]
    trump: Mode | None


class LegalExpect(Strict):
    legal: list[Card] = Field(description="legal cards, in deck order")
    excluded: dict[str, Reason] = Field(description="each card of the hand that may not "
                                        "be played, with the reason that excludes it")


# --- trick ----------------------------------------------------------------------------
class TrickInput(Strict):
    """A whole trick in playing order; trump as it stands when the trick is led."""

    cards: list[Card]
    trump: Mode | None
    last: bool = Field(description="the last trick of the hand (adds the last-trick bonus)")


class TrickExpect(Strict):
    winner: int = Field(description="position in the trick of the winning card, 0 = led")
    points: int = Field(description="card points of the trick under the trump in force "
                        "after it, plus the last-trick bonus when last")
    trump: Mode | None = Field(description="the trump in force after the trick")


# --- hand and game --------------------------------------------------------------------
class Lot(Strict):
    """A lot drawn while scoring: the candidates in seat order, the one drawn by index."""

    index: int
    of: int


class Held(Strict):
    """Units held in abeyance between subjects until one of them alone scores."""

    unit: str
    among: list[int]
    amount: int


class Deal(Strict):
    """One hand as dealt: cards per seat, what chance fixed, and every action in order."""

    deal: list[list[Card]]
    shown: Card | None = Field(description="the card shown to all (bottom card), if any")
    trump: Mode | None = Field(description="trump drawn at random after the deal, if the "
                               "rules draw it")
    actions: list[str] = Field(description="declarations and card plays in order")
    lots: list[Lot]
    piles: dict[str, list[Card]] = Field(
        default_factory=dict, description="cards left over after the deal, per pile of the "
        "rules, from the top card (which may be turned as trump) down; absent: none")


class HandInput(Deal):
    hand_number: int
    dealer: int
    totals: dict[str, list[int]] = Field(description="game totals before the hand")
    held: list[Held] = Field(description="units held in abeyance before the hand")
    sheets: list[list[str]] = Field(
        default_factory=list, description="the columns played before the hand, per "
        "scoresheet of the rules (per team or per player), in the order played; absent: the "
        "rules keep no scoresheet")
    kept: dict[str, int] = Field(
        default_factory=dict, description="the numbers kept from hand to hand (`keep NAME "
        "...`) as they stand before the hand, by name; absent: the rules keep none")


class TrickResult(Strict):
    leader: int
    winner: int
    points: int = Field(description="card points of the trick under the final trump")


class Bonus(Strict):
    name: str
    subject: int
    points: int


class HandExpect(Strict):
    trump: HandMode | None
    tricks: list[TrickResult]
    card_points: list[int]
    bonuses: list[Bonus]
    points: list[int]
    clause: str
    changes: dict[str, list[int]]
    totals: dict[str, list[int]]
    held: list[Held]


class GameInput(Strict):
    first_dealer: int
    hands: list[Deal]


class GameHand(Strict):
    dealer: int
    clause: str
    points: list[int]
    changes: dict[str, list[int]]


class GameExpect(Strict):
    hands: list[GameHand]
    totals: dict[str, list[int]]
    held: list[Held]
    over: bool
    winners: list[int] = Field(description="subjects that won; empty while not over")
    standings: list[tuple[int, int]] = Field(description="(subject, total) best first")


# --- perft ----------------------------------------------------------------------------
class PerftInput(Strict):
    hands: list[list[Card]]
    trick: list[Card]
    leader: int
    trump: HandMode | None = Field(description="a mode the rule file defines only in the "
                                   "first trick of a hand (its schedule counts from there)")
    depth: int


class PerftExpect(Strict):
    nodes: int
    divide: dict[str, int] = Field(description="nodes below each legal first card")


# --- parse ----------------------------------------------------------------------------
class ParseInput(Strict):
    text: str


class ParseError(Strict):
    kind: str
    line: int
    column: int


class ParseExpect(Strict):
    valid: bool
    name: str | None
    errors: list[ParseError]


# --- the envelope ---------------------------------------------------------------------
class CaseBase(Strict):
    id: str = Field(pattern=ID_PATTERN)
    variant: str
    options: dict[str, int | str]
    clause: str = Field(description="the rule clause the case tests, e.g. score.middle")
    tags: list[str]
    origin: Literal["generated", "hand-written"]
    note: str
    hash: str = Field(description="sha256 of the canonical JSON of variant, options, "
                      "kind, input and expect")


class LegalCase(CaseBase):
    kind: Literal["legal"]
    input: LegalInput
    expect: LegalExpect


class TrickCase(CaseBase):
    kind: Literal["trick"]
    input: TrickInput
    expect: TrickExpect


class HandCase(CaseBase):
    kind: Literal["hand"]
    input: HandInput
    expect: HandExpect


class GameCase(CaseBase):
    kind: Literal["game"]
    input: GameInput
    expect: GameExpect


class PerftCase(CaseBase):
    kind: Literal["perft"]
    input: PerftInput
    expect: PerftExpect


class ParseCase(CaseBase):
    kind: Literal["parse"]
    input: ParseInput
    expect: ParseExpect


Case = Annotated[
    LegalCase | TrickCase | HandCase | GameCase | PerftCase | ParseCase,
    Field(discriminator="kind"),
]
CASE: TypeAdapter[Case] = TypeAdapter(Case)
INPUTS: dict[str, type[Strict]] = {
    "legal": LegalInput, "trick": TrickInput, "hand": HandInput,
    "game": GameInput, "perft": PerftInput, "parse": ParseInput,
}
EXPECTS: dict[str, type[Strict]] = {
    "legal": LegalExpect, "trick": TrickExpect, "hand": HandExpect,
    "game": GameExpect, "perft": PerftExpect, "parse": ParseExpect,
}


# --- the other files of a corpus ----------------------------------------------------------
class Source(Strict):
    """One entry of handwritten.json: a question and the part of the answer the rule text
    states (generation derives the rest)."""

    variant: str
    kind: Literal["legal", "trick", "hand", "game", "perft", "parse"]
    options: dict[str, int | str] = Field(default_factory=dict)
    note: str = Field(min_length=1, description="the source the case comes from")
    tags: list[str] = Field(default_factory=list)
    clause: str = ""
    input: dict[str, Any]
    expect: dict[str, Any]


class FileEntry(Strict):
    cases: int
    sha256: str = Field(pattern="^[0-9a-f]{64}$", description="SHA-256 of the file's bytes")


class RuleEntry(Strict):
    file: str
    sha256: str = Field(pattern="^[0-9a-f]{64}$", description="SHA-256 of the file's bytes")


class Manifest(Strict):
    """manifest.json (see tests/corpus/README.md)."""

    format: int
    layout: int
    revision: int
    corpus_version: str
    protocol: str
    generator: str
    content: str
    total: int
    counts: dict[str, dict[str, int]]
    files: dict[str, FileEntry]
    rules: dict[str, RuleEntry]
    next_id: dict[str, int]
    retired: dict[str, list[int]] = Field(description="numbers below next_id that no case "
                                          "has any more, per variant and kind")
    coverage: dict[str, dict[str, dict[str, int]]]


def canonical(data: Any) -> str:
    """The one JSON spelling used for files and hashes: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


def file_digest(data: bytes) -> str:
    """SHA-256 of a file's bytes, as `sha256sum` prints it."""
    return hashlib.sha256(data).hexdigest()


def question_key(variant: str, options: dict[str, Any], kind: str, inp: Any) -> str:
    """What identifies a case: the question, not the answer (ids follow questions)."""
    return digest({"variant": variant, "options": options, "kind": kind, "input": inp})


def content_hash(variant: str, options: dict[str, Any], kind: str, inp: Any,
                 expect: Any) -> str:
    return digest({"variant": variant, "options": options, "kind": kind, "input": inp,
                   "expect": expect})


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one corpus record (one line of a .jsonl file)."""
    schema = CASE.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "jassdsl conformance case"
    schema["description"] = f"One line of a corpus .jsonl file (record format {FORMAT})."
    return schema

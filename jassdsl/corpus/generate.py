"""`jassdsl corpus generate`: derive the conformance corpus from the rule files.

Cases come from seeded games played by generic policies, from searches for hands that
decide rare scoring clauses, from mutations of the rule files (parse cases) and from the
hand-written cases in ``handwritten.json``. Every expectation is derived by
`jassdsl.corpus.derive`. The output is deterministic: the same rules and the same
previous corpus give byte-identical files.

Ids: ``<variant>/<kind>/<number>``. A case keeps its id as long as its question (variant,
options, kind, input) is generated again; a new question gets the next number of its
variant and kind, counted in the manifest, so a number is never given twice.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from jassdsl.compile.compiler import CompiledRules, option_value
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.errors import JassError
from jassdsl.core.version import VERSION as __version__
from jassdsl.corpus import coverage as cov
from jassdsl.corpus import models as cm
from jassdsl.corpus import store
from jassdsl.corpus.derive import derive
from jassdsl.corpus.harvest import (
    HandSeen,
    Harvest,
    Position,
    bot_policy,
    play,
    random_policy,
    rigged_hand,
    sweep,
)
from jassdsl.corpus.models import (
    FORMAT,
    LAYOUT,
    CaseBase,
    content_hash,
    digest,
    file_digest,
    json_schema,
    question_key,
)
from jassdsl.corpus.position import card_names, mode_name, replay_game
from jassdsl.registry import load_rules, variant_names, variant_path

T = TypeVar("T")


class GenerateError(JassError):
    """The rules and a hand-written case disagree, or a replay does not match its game."""


@dataclass(frozen=True)
class Quota:
    """How much of each kind one option set of a variant contributes."""

    games: int  # seeded games played
    legal: int  # per legality path and per trump mode
    trick: int  # per trick feature
    hand: int  # per scoring clause
    feature: int  # per other hand feature
    perft: int
    full_games: int
    partial_games: int


FULL = Quota(games=6, legal=4, trick=3, hand=3, feature=2, perft=6, full_games=2,
             partial_games=1)
SMALL = Quota(games=2, legal=1, trick=1, hand=1, feature=1, perft=1, full_games=1,
              partial_games=0)
PERFT_CAP, PERFT_DEPTH = 3000, 6  # node cap and depth cap of one perft case
PARTIAL_HANDS = 3
SEARCH_HANDS, RIGGED_DEALS, SWEEP_BUDGET = 4000, 60, 2000
BOT_HANDS = 400  # ... then the first hands of games the heuristic bots play


@dataclass
class Draft:
    """A case before it has an expectation and an id."""

    variant: str
    options: dict[str, Any]
    kind: str
    input: dict[str, Any]
    tags: list[str] = field(default_factory=list)
    origin: str = "generated"
    note: str = ""
    clause: str = ""
    stated: dict[str, Any] | None = None  # hand-written: what the rule text states
    seen: HandSeen | None = None  # harvested hands: how the game scored it


# --- selection helpers ----------------------------------------------------------------
def spread(items: Sequence[T], k: int) -> list[T]:
    """Up to k items, evenly spaced over the sequence (deterministic)."""
    if len(items) <= k:
        return list(items)
    return [items[i * len(items) // k] for i in range(k)]


def pick_by_tag(candidates: dict[str, tuple[Any, list[str]]], quota: Callable[[str], int]
                ) -> list[str]:
    """Keys of candidates chosen so that every tag gets up to quota(tag) of them."""
    by_tag: dict[str, list[str]] = defaultdict(list)
    for key, (_, tags) in candidates.items():
        for tag in tags:
            by_tag[tag].append(key)
    chosen: dict[str, None] = {}
    for tag in sorted(by_tag):
        for key in spread(by_tag[tag], quota(tag)):
            chosen[key] = None
    return list(chosen)


def option_sets(variant: str) -> list[dict[str, Any]]:
    """The default options, then each other choice of one option."""
    model = load_rules(variant).model
    sets: list[dict[str, Any]] = [{}]
    for opt in model.options:
        default = option_value(opt.default)
        sets += [{opt.name: option_value(c)} for c in opt.choices if option_value(c) != default]
    return sets


# --- drafts per kind ------------------------------------------------------------------
def legal_drafts(rules: CompiledRules, variant: str, options: dict[str, Any],
                 harvests: list[Harvest], quota: Quota) -> list[Draft]:
    cands: dict[str, tuple[Any, list[str]]] = {}
    for h in harvests:
        for p in h.positions:
            inp = {"hand": card_names(p.hands[p.seat]), "trick": [CARD_NAMES[c] for c in p.trick],
                   "trump": mode_name(p.mode)}
            key = digest(inp)
            if key not in cands:
                cands[key] = (inp, cov.legal_tags(rules, inp))
    keys = pick_by_tag(cands, lambda tag: quota.legal)
    return [Draft(variant, options, "legal", cands[k][0]) for k in keys]


def trick_drafts(rules: CompiledRules, variant: str, options: dict[str, Any],
                 harvests: list[Harvest], quota: Quota) -> list[Draft]:
    cands: dict[str, tuple[Any, list[str]]] = {}
    way = rules.trump_way
    for h in harvests:
        for t in h.tricks:
            if t.before != t.after and way is not None and way.called:
                continue  # a mode named in the trick is no card: a trick case cannot say it
            inp = {"cards": [CARD_NAMES[c] for c in t.cards], "trump": mode_name(t.before),
                   "last": t.last}
            tags = cov.trick_features(rules, t.cards, t.before, t.after, t.last)
            cands.setdefault(digest(inp), (inp, tags))
    keys = pick_by_tag(cands, lambda tag: quota.trick)
    return [Draft(variant, options, "trick", cands[k][0]) for k in keys]


def perft_input(p: Position, depth: int) -> dict[str, Any]:
    return {"hands": [card_names(h) for h in p.hands], "trick": [CARD_NAMES[c] for c in p.trick],
            "leader": p.leader, "trump": p.perft_trump if p.scheduled else mode_name(p.mode),
            "depth": depth}


def deepest(variant: str, options: dict[str, Any], p: Position) -> dict[str, Any]:
    """The perft input of the greatest depth whose node count stays under the cap."""
    best = perft_input(p, 1)
    for depth in range(2, min(PERFT_DEPTH, p.left - 1) + 1):
        inp = perft_input(p, depth)
        if derive(variant, options, "perft", inp)["nodes"] > PERFT_CAP:
            break
        best = inp
    return best


def perft_drafts(rules: CompiledRules, variant: str, options: dict[str, Any],
                 harvests: list[Harvest], quota: Quota) -> list[Draft]:
    # a position of a file's own mode is a perft case during the hand's first trick only,
    # with that mode as trump (its schedule counts the tricks from there); later ones make
    # legal cases in their trick's mode
    pool = [p for p in harvests[0].positions if p.left > 8
            and (not p.scheduled or p.perft_trump is not None)]
    chosen = spread(pool, quota.perft)
    open_trump = [p for p in pool if p.mode < 0 and p.trick and rules.card_sets_trump]
    if open_trump and quota.perft > 1:
        chosen[-1] = open_trump[0]
    return [Draft(variant, options, "perft", deepest(variant, options, p)) for p in chosen]


def hand_tags(seen: HandSeen) -> list[str]:
    inp = seen.input
    tags = [f"clause:{seen.clause}"]
    tags += ["lot"] if inp["lots"] else []
    tags += ["abeyance-before"] if inp["held"] else []
    tags += ["pushed"] if "push" in inp["actions"] else []
    return tags


def hand_draft(variant: str, options: dict[str, Any], seen: HandSeen, tag: str = "") -> Draft:
    return Draft(variant, options, "hand", seen.input, tags=[tag] if tag else [], seen=seen)


def hand_drafts(variant: str, options: dict[str, Any], hands: list[HandSeen],
                quota: Quota) -> list[Draft]:
    cands = {digest(h.input): (h, hand_tags(h)) for h in hands}
    keys = pick_by_tag(cands, lambda tag: quota.hand if tag.startswith("clause:")
                       else quota.feature)
    return [hand_draft(variant, options, cands[k][0]) for k in keys]


def game_input(h: Harvest, hands: int | None = None) -> dict[str, Any]:
    chosen = h.hands if hands is None else h.hands[:hands]
    keys = ("deal", "shown", "trump", "actions", "lots", "piles")
    return {"first_dealer": h.first_dealer,
            "hands": [{k: seen.input[k] for k in keys if k in seen.input} for seen in chosen]}


def game_drafts(variant: str, options: dict[str, Any], harvests: list[Harvest],
                quota: Quota) -> list[Draft]:
    full = [game_input(h) for h in harvests[:quota.full_games]]
    rest = harvests[quota.full_games:quota.full_games + quota.partial_games]
    partial = [game_input(h, PARTIAL_HANDS) for h in rest]
    return [Draft(variant, options, "game", inp) for inp in full + partial]


# --- searches for rare scoring clauses ------------------------------------------------
def search_hands(rules: CompiledRules, wanted: set[str]) -> list[tuple[HandSeen, str]]:
    """Hands that decide the wanted clauses: first deals in which one seat can take every
    trick, then the first random hands of more seeded games."""
    found: list[tuple[HandSeen, str]] = []
    for k in range(RIGGED_DEALS):
        if not wanted:
            return found
        swept = swept_hand(rules, k)
        if swept is not None and swept.clause in wanted:
            wanted.discard(swept.clause)
            found.append((swept, "search:sweep"))
    # the first random hands, then (what only bidding as a player does) the bots' hands
    for first, count, policy, tag in ((10_000, SEARCH_HANDS, random_policy, "search:random"),
                                      (20_000, BOT_HANDS, bot_policy, "search:bots")):
        for seed in range(first, first + count):
            if not wanted:
                break
            seen = play(rules, seed, policy, max_hands=1, positions=False).hands[0]
            if seen.clause in wanted:
                wanted.discard(seen.clause)
                found.append((seen, tag))
    return found


def swept_hand(rules: CompiledRules, k: int) -> HandSeen | None:
    inp = rigged_hand(rules, k)
    target = inp.pop("target")
    hand = cm.HandInput.model_validate(inp)
    game = replay_game(rules, hand.dealer, hand, 1, hand.totals, [])
    actions = sweep(game, target, SWEEP_BUDGET)
    if actions is None:
        return None
    inp["actions"] = actions
    return HandSeen(inp, game.results[-1].clause)


# --- parse cases ----------------------------------------------------------------------
Mutation = Callable[[str], str | None]


def _sub(pattern: str, repl: str) -> Mutation:
    def mutate(text: str) -> str | None:
        new, count = re.subn(pattern, repl, text, count=1, flags=re.M)
        return new if count else None

    return mutate


def _cut_after(marker: str) -> Mutation:
    def mutate(text: str) -> str | None:
        at = text.find(marker)
        return text[:at + len(marker)] + "\n" if at >= 0 else None

    return mutate


# a file that takes the standard side table (jassdsl/language/standard.py) instead of writing it
STANDARD_SIDE = re.compile(r"^cards: the standard Swiss ranks and points"
                           r"(?: for [^\n]*\bside\b[^\n]*)?$", re.M)


def _side_table(pattern: str, repl: str, own: str) -> Mutation:
    """Break the written-out side table; in a file taking the standard one, write the
    broken table `own` right after that statement (a file's own table replaces it)."""
    written = _sub(pattern, repl)

    def mutate(text: str) -> str | None:
        found = STANDARD_SIDE.search(text)
        if found is None:
            return written(text)
        return f"{text[:found.end()]}\n{own}{text[found.end():]}"

    return mutate


def _twice_the_same_clause(text: str) -> str | None:
    ids = re.findall(r'^  ([a-z][a-z0-9-]*) "', text, flags=re.M)
    if len(ids) < 2:
        return None
    return re.sub(rf'^  {re.escape(ids[1])} "', f'  {ids[0]} "', text, count=1, flags=re.M)


MUTATIONS: tuple[tuple[str, Mutation], ...] = (
    ("original", lambda text: text),
    ("unknown-setting", _sub(r"^undertrump: \w+", "undertrump: sometimes")),
    ("missing-winner", _sub(r"^winner:.*\n", "")),
    ("duplicate-players", _sub(r"^(players .*\n)", r"\1\1")),
    ("file-ends-early", _cut_after("first rule that applies:")),
    ("unknown-fact", _sub(r"^(\s+when .*?)\b(points|tricks|match|hand|sharing)\b", r"\1\2x")),
    ("hand-total", _side_table(r"^(card points side:\s+A )11", r"\g<1>12",
                               "card points side: A 12, K 4, Q 3, J 2, 10 10")),
    ("stray-character", _sub(r"^(players)", r"@\1")),
    ("too-many-players", _sub(r"^players \w+", "players 7")),
    ("rank-missing", _side_table(r"^(ranks side:.*) 6$", r"\1",
                                 "ranks side: A K Q J 10 9 8 7")),
    ("unknown-unit", _sub(r"^winner: (most|fewest) \w+", r"winner: \1 bananas")),
    ("duplicate-clause", _twice_the_same_clause),
)


def parse_drafts(variant: str) -> list[Draft]:
    text = variant_path(variant).read_text(encoding="utf-8")
    out = []
    for name, mutate in MUTATIONS:
        mutated = mutate(text)
        if mutated is not None:
            out.append(Draft(variant, {}, "parse", {"text": mutated}, tags=[f"mutation:{name}"]))
    return out


# --- one variant ----------------------------------------------------------------------
def drafts_for(variant: str) -> list[Draft]:
    out: list[Draft] = []
    for options in option_sets(variant):
        rules = load_rules(variant, options)
        quota = FULL if not options else SMALL
        harvests = [play(rules, seed) for seed in range(1, quota.games + 1)]
        hands = [seen for h in harvests for seen in h.hands]
        out += legal_drafts(rules, variant, options, harvests, quota)
        out += trick_drafts(rules, variant, options, harvests, quota)
        out += perft_drafts(rules, variant, options, harvests, quota)
        hand_cases = hand_drafts(variant, options, hands, quota)
        if not options:
            covered = {d.seen.clause for d in hand_cases if d.seen is not None}
            wanted = {c.id for c in rules.clauses} - covered
            hand_cases += [hand_draft(variant, options, seen, tag)
                           for seen, tag in search_hands(rules, wanted)]
        out += hand_cases
        out += game_drafts(variant, options, harvests, quota)
    return out + parse_drafts(variant)


def handwritten_drafts(root: Path) -> list[Draft]:
    out = []
    for line, raw in store.read_handwritten(root):
        src = store.source_of(root, line, raw)
        out.append(Draft(src.variant, dict(src.options), src.kind, src.input,
                         tags=list(src.tags), origin="hand-written", note=src.note,
                         clause=src.clause, stated=src.expect))
    return out


# --- expectations, clauses, tags ------------------------------------------------------
def mismatches(stated: Any, derived: Any, where: str = "expect",
               words: tuple[str, str] = ("the text says", "the rules give")) -> list[str]:
    """Where the derived expectation differs from what a hand-written case states (a dict
    states some of its keys; a list of dicts states some keys of each item)."""
    if isinstance(stated, dict) and isinstance(derived, dict):
        out = []
        for key, value in stated.items():
            if key not in derived:
                out.append(f"{where}.{key}: not derived")
            else:
                out += mismatches(value, derived[key], f"{where}.{key}", words)
        return out
    if (isinstance(stated, list) and isinstance(derived, list) and stated
            and all(isinstance(x, dict) for x in stated)):
        if len(stated) > len(derived):
            return [f"{where}: {words[0]} {len(stated)} items, {words[1]} {len(derived)}"]
        return [m for i, x in enumerate(stated) for m in mismatches(x, derived[i], f"{where}[{i}]",
                                                                      words)]
    if stated == derived:
        return []
    return [f"{where}: {words[0]} {stated!r}, {words[1]} {derived!r}"]


def clause_of(kind: str, tags: list[str], expect: dict[str, Any]) -> str:
    """The rule clause a case is filed under (see tests/corpus/README.md)."""
    if kind == "legal":
        return cov.legal_clause([t for t in tags if t in cov.PATHS])
    if kind == "trick":
        if "first-void-sets-trump" in tags:
            return "play.trump"
        return "cards.bonus" if "last-trick" in tags else "cards.ranks"
    if kind == "hand":
        return f"score.{expect['clause']}"
    if kind == "game":
        return "game.end"
    if kind == "perft":
        return "play.trump" if "first-void-open" in tags else "play.follow"
    return "language.valid" if expect["valid"] else f"language.{expect['errors'][0]['kind']}"


def finish(draft: Draft) -> dict[str, Any]:
    """Derive the expectation, check it against the game or the text, tag and file it."""
    expect = derive(draft.variant, draft.options, draft.kind, draft.input)
    where = f"{draft.origin} {draft.variant} {draft.kind} case"
    seen = draft.seen
    if seen is not None and (expect["clause"], seen.totals or expect["totals"]) != (
            seen.clause, expect["totals"]):
        raise GenerateError(f"{where}: the replay scores {expect['clause']!r} to "
                            f"{expect['totals']}; the game scored {seen.clause!r} to "
                            f"{seen.totals}")
    if draft.stated is not None:
        wrong = mismatches(draft.stated, expect)
        if wrong:
            raise GenerateError(f"{where} ({draft.note}):\n  " + "\n  ".join(wrong))
    rules = None if draft.kind == "parse" else load_rules(draft.variant, draft.options)
    tags = sorted(set(draft.tags) | set(cov.derived_tags(draft.kind, rules, draft.input,
                                                         expect)))
    return {"variant": draft.variant, "options": draft.options, "kind": draft.kind,
            "clause": draft.clause or clause_of(draft.kind, tags, expect), "tags": tags,
            "origin": draft.origin, "note": draft.note, "input": draft.input,
            "expect": expect}


# --- ids, manifest, files -------------------------------------------------------------
def assign_ids(cases: list[dict[str, Any]], old_cases: list[dict[str, Any]],
               next_id: dict[str, Any]) -> dict[str, Any]:
    """Give each case its old id if its question is old, else the next free number."""
    old = {question_key(c["variant"], c["options"], c["kind"], c["input"]): c["id"]
           for c in old_cases}
    counters = dict(next_id)
    for c in old_cases:
        group = c["id"].rsplit("/", 1)[0]
        counters[group] = max(counters.get(group, 1), store.seq_of(c["id"]) + 1)
    for c in cases:
        key = question_key(c["variant"], c["options"], c["kind"], c["input"])
        if key in old:
            c["id"] = old[key]
            continue
        group = f"{c['variant']}/{c['kind']}"
        number = counters.get(group, 1)
        counters[group] = number + 1
        c["id"] = f"{group}/{number:04d}"
    return dict(sorted(counters.items()))


def seal(case: dict[str, Any]) -> dict[str, Any]:
    case["hash"] = content_hash(case["variant"], case["options"], case["kind"], case["input"],
                                case["expect"])
    CaseBase.model_validate({k: v for k, v in case.items()
                             if k not in ("kind", "input", "expect")})
    cm.CASE.validate_python(case)
    return case


def rules_hashes(variants: Iterable[str]) -> dict[str, dict[str, str]]:
    out = {}
    for v in variants:
        path = variant_path(v)
        out[v] = {"file": path.name, "sha256": file_digest(path.read_bytes())}
    return out


def rules_by_variant(cases: list[dict[str, Any]]) -> dict[str, list[CompiledRules]]:
    sets: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for c in cases:
        sets[c["variant"]][digest(c["options"])] = c["options"]
    return {v: [load_rules(v, o) for o in opts.values()] for v, opts in sorted(sets.items())}


def retired_numbers(cases: list[dict[str, Any]], next_id: dict[str, int]
                    ) -> dict[str, list[int]]:
    """Per variant and kind, the numbers below the counter that no case has (given once,
    never again). Verify checks that every other number has its case."""
    present: dict[str, set[int]] = defaultdict(set)
    for c in cases:
        group, _, number = c["id"].rpartition("/")
        present[group].add(int(number))
    gaps = {g: sorted(set(range(1, n)) - present[g]) for g, n in sorted(next_id.items())}
    return {g: numbers for g, numbers in gaps.items() if numbers}


def manifest(cases: list[dict[str, Any]], next_id: dict[str, Any], old: dict[str, Any],
             files: dict[str, str], retired: dict[str, list[int]]) -> dict[str, Any]:
    counts: dict[str, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    for c in cases:
        counts[c["variant"]][c["kind"]] += 1
    content = digest(sorted((c["id"], c["hash"]) for c in cases))
    revision = old.get("revision", 0)
    if old.get("format") == FORMAT and (old.get("content"), old.get("layout")) != (content,
                                                                                  LAYOUT):
        revision += 1
    if old.get("format") != FORMAT:
        revision = 0
    table = cov.coverage_table(rules_by_variant(cases), cases)
    return {
        "format": FORMAT, "layout": LAYOUT, "revision": revision,
        "corpus_version": f"{FORMAT}.{revision}",
        "protocol": store.PROTOCOL, "generator": f"jassdsl {__version__}",
        "content": content, "total": len(cases),
        "counts": {v: dict(sorted(k.items())) for v, k in sorted(counts.items())},
        "files": {name: {"cases": text.count("\n"), "sha256": file_digest(text.encode())}
                  for name, text in sorted(files.items())},
        "rules": rules_hashes(sorted(counts)), "next_id": next_id, "retired": retired,
        "coverage": table,
    }


def build(root: Path, variants: list[str] | None = None) -> tuple[list[dict[str, Any]],
                                                                  dict[str, Any]]:
    """Every case of the corpus (with ids and hashes) and its manifest; nothing written."""
    names = variants or variant_names()
    drafts = [d for v in names for d in drafts_for(v)]
    drafts += [d for d in handwritten_drafts(root) if d.variant in names]
    cases, seen = [], set()
    for d in drafts:
        key = question_key(d.variant, d.options, d.kind, d.input)
        if key not in seen:
            seen.add(key)
            cases.append(finish(d))
    old = store.read_manifest(root)
    old_cases = store.read_cases(root) if old else []
    next_id = assign_ids(cases, [c for c in old_cases if c["variant"] in names],
                         old.get("next_id", {}))
    cases = [seal(c) for c in cases] + [c for c in old_cases if c["variant"] not in names]
    cases.sort(key=lambda c: (c["variant"], c["kind"], store.seq_of(c["id"])))
    files = group_files(cases)
    return cases, manifest(cases, next_id, old, files, retired_numbers(cases, next_id))


def group_files(cases: list[dict[str, Any]]) -> dict[str, str]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in cases:
        groups[store.case_file(c["variant"], c["kind"])].append(c)
    return {name: store.lines(group) for name, group in groups.items()}


def write(root: Path, cases: list[dict[str, Any]], meta: dict[str, Any]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    files = group_files(cases)
    for stale in root.glob("*/*.jsonl"):
        if str(stale.relative_to(root)) not in files:
            stale.unlink()
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / store.SCHEMA).write_text(store.pretty(json_schema()), encoding="utf-8")
    (root / store.MANIFEST).write_text(store.pretty(meta), encoding="utf-8")


def generate(root: Path, variants: list[str] | None = None) -> tuple[dict[str, Any], float]:
    """Regenerate the corpus in root; returns the manifest and the seconds it took."""
    start = time.perf_counter()
    cases, meta = build(root, variants)
    write(root, cases, meta)
    return meta, time.perf_counter() - start


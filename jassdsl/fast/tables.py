"""The arrays the compiled playout plays from, built from `CompiledRules`, and what in a
file it does not cover.

Every array is read off the engine's own compiled data through the functions the engine
plays with: `Play.plan`'s follow regime and beat rows per mode and trick, the point
tables of the settled mode, `deal_plan`, the Weis of every suit chunk (`weis.sequences_of`)
per trump mode, the trump choices. So a rule file has one definition, and the kernel
knows no variant.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import beat_rows
from jassdsl.compile.weis import WeisTable, sequences_of, suit_sequences, weis_key
from jassdsl.core.deal import deal_plan
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.core.pack import FULL_PACK
from jassdsl.core.roles import ROLE_LIST
from jassdsl.engine.chain import Chain
from jassdsl.engine.improve import improve
from jassdsl.engine.rob import RobConfig
from jassdsl.engine.sheet import SheetConfig
from jassdsl.engine.take_part import take_part
from jassdsl.engine.weis import weis_config

# the trump methods the kernel plays (`CompiledRules.trump_kind`), by their code there
TRUMP_KINDS = {"forehand_chooses": 0, "random_suit": 1, "bottom_card": 2, "none": 3,
               "first_void": 4, "sheet": 5, "void_names": 6, "turned": 7}
# the trump methods of the table's deal (`kernel.deal_table`): set at the deal
TABLE_TRUMPS = frozenset({"random_suit", "bottom_card", "none", "turned", "first_void",
                          "forehand_chooses"})
# the phases the kernel plays, by class name (any other phase of a chain is not covered)
PHASES = frozenset({"TrumpChoice", "Declarations", "Play", "WeisPhase", "HandBonuses",
                    "FirstVoid", "SheetChoice", "TableBonuses", "VoidNames", "Piles",
                    "TakingPart", "Robbing", "Leaving", "Bettering"})
# the phases of the table's deal (`kernel.deal_table`): the seats at the table, the
# piles, who takes part; the batched environment's steps do not play them yet
TABLE_PHASES = frozenset({"Piles", "TakingPart", "Robbing", "Leaving", "Bettering"})
ROLES_MADE = frozenset({"chooser", "pusher"})  # the roles the kernel keeps


def reasons(rules: CompiledRules) -> tuple[str, ...]:
    """What in a rule file the kernel does not play (empty: it plays all of it); the
    scoring's constructs are `scorer.reasons`'."""
    out: list[str] = []
    chain = Chain.of(rules)
    owner = {x.runtime.phase: x.name for x in rules.mechanisms if x.runtime.phase is not None}
    for p in chain.phases:
        if type(p).__name__ not in PHASES:
            out.append(f"mechanism {owner.get(type(p), type(p).__name__)}")
    if rules.trump_kind not in TRUMP_KINDS:
        out.append(f"trump method {rules.trump_kind}")
    if rules.trump_kind == "void_names" and weis_config(rules) is not None:
        out.append("Weis with the mode named by the first void")
    if rules.push_next and rules.trump_kind != "sheet":
        out.append("pushing on to the next player")
    out += [f"role {ROLE_LIST[i].name}" for i in sorted(rules.roles_read)
            if ROLE_LIST[i].name not in ROLES_MADE]
    if ((rules.lead_role >= 0 and ROLE_LIST[rules.lead_role].name != "chooser")
            or rules.dealer_role >= 0):
        out.append("lead or deal by a role other than the chooser")
    if table_dealt(rules):
        out += table_reasons(rules)
    if rules.subjects not in (rules.players, len(set(rules.team_of))):
        out.append("subjects other than players or teams")
    if rules.pack != FULL_PACK:
        out.append("a pack of fewer than the 36 cards")
    if len(set(rules.packets)) > 1:
        out.append("packets of different sizes")
    for d in rules.declarations:
        if d.hook is not None or d.after_role >= 0 or d.bidder_keeps is not None:
            out.append(f"declaration {d.name} with a hook or after a role")
    return tuple(dict.fromkeys(out))


def table_dealt(rules: CompiledRules) -> bool:
    """Whether the kernel deals through `kernel.deal_table`: the file lays piles, leaves
    cards over, lets players take part or leave the table (the seats at the table)."""
    phases = {type(p).__name__ for p in Chain.of(rules).phases}
    return bool(phases & TABLE_PHASES) or rules.players * rules.cards_each != 36


def table_reasons(rules: CompiledRules) -> list[str]:
    """What the table's deal does not play (a file it deals)."""
    out = []
    if rules.trump_kind not in TABLE_TRUMPS:
        out.append(f"trump method {rules.trump_kind} with piles or seats")
    order = [type(p).__name__ for p in Chain.of(rules).phases]
    if rules.trump_kind == "forehand_chooses" and (
            rules.push or rules.push_next or "TrumpChoice" in order[:max(
                [order.index(x) for x in TABLE_PHASES - {"Leaving"} if x in order], default=0)]):
        out.append("trump chosen with a push or before the table's phases")
    if len(rules.own_piles) > 1:
        out.append("more than one pile for each player")
    bettering = improve(rules)
    if rules.own_piles and (bettering is None or bettering.pile not in rules.own_piles):
        out.append("a pile for each player that is not bettered with")
    if len(rules.piles) > MAX_PILES:
        out.append(f"more than {MAX_PILES} piles")
    config = take_part(rules)
    if config is not None and config.swap_pile is not None and rules.cards_each != dict(
            rules.piles).get(config.swap_pile):
        out.append("a pile to take for the hand of another size than a hand")
    if rules.lead_role >= 0:
        out.append("a role leads with piles or seats")
    if rules.subjects != rules.players and "leave" in rules.configs:
        out.append("teams leaving the table")
    if rules.declarations:
        out.append("declarations with piles or seats")
    if "TableBonuses" in order:
        out.append("table Weis with piles or seats")
    return out


def step_reasons(rules: CompiledRules) -> tuple[str, ...]:
    """What the kernel plays but its one-step machine (`steps`, the batched environment)
    does not: the table's deal (`table_dealt`)."""
    return ("the table's deal: piles, bettering, taking part, robbing, leaving the table",) \
        if table_dealt(rules) else ()


MAX_PILES = 4  # the piles the table's deal lays (`kernel.deal_table`)


@dataclass
class Tables:
    """One file's arrays (rows of modes are mode + 1: row 0 is 'no trump set yet')."""

    ints: np.ndarray  # settings (see `build` for the slots)
    deal_pos: np.ndarray  # [seat from forehand, card] -> position in the shuffled deck
    choices: np.ndarray  # the trump choices, in the order `TrumpChoice.legal` lists them
    plan_base: np.ndarray  # [mode row, trick] -> follow regime row (0: plain)
    plan_beat: np.ndarray  # [mode row, trick] -> index into beats
    beats: np.ndarray  # [table, a, b]: b played after a takes the trick a is winning
    f_trump: np.ndarray  # [regime row]: trump suit or -1
    f_lower: np.ndarray  # [regime row, card]: trumps below it
    f_keep: np.ndarray  # [regime row]: mask of trumps that must be played on a trump lead
    points: np.ndarray  # [mode row, card]: card points in the settled mode
    w_has: np.ndarray  # [mode row]: 1 where a Weis table counts in that mode
    w_val: np.ndarray  # [mode row, suit, chunk]: value of the chunk's sequences
    w_key: np.ndarray  # [mode row, suit, chunk]: the best key among them (-1: none)
    w_num: np.ndarray  # [mode row, suit, chunk]: how many
    w_four: np.ndarray  # [mode row, j]: rank of the j-th four the table counts (-1: end)
    w_fval: np.ndarray  # [mode row, j]: its value
    w_fkey: np.ndarray  # [mode row, j]: its key
    decl_values: np.ndarray  # [declaration, i]: the values, in order
    decl_count: np.ndarray  # [declaration]: how many values
    team_of: np.ndarray
    col_modes: np.ndarray  # [column, i]: the modes of a scoresheet's column, in order
    col_count: np.ndarray  # [column]: how many (a free column's choice where > 1)
    col_free: np.ndarray  # [column]: 1 where its player names one of its modes
    col_mult: np.ndarray  # [column]: its multiplier
    sheet_of: np.ndarray  # [seat]: the sheet it writes on
    deal_at: np.ndarray  # [seats at the table, seat from forehand, card] -> deck position
    piles: np.ndarray  # [j]: the size of pile j in file order (-1: the rest), [4+j]: the
    # order in which the trump turns them (-1: end)


# slots of `Tables.ints`
(PLAYERS, TRUMP_KIND, PUSH, FALLBACK, WITH_TRUMPS, STRICT, LAST_BONUS, MATCH_BONUS,
 STOECK_BONUS, REUSE_WEIS, EACH, DECLS, FIRST_LOT, MODES, LEAD_CHOOSER, SHEETS,
 END_FULL, TABLE, FOLD_FROM, SWAP_PILE, ROB_RANK, STOECK_AT_PLAY, PACKET, N_PILES,
 TAKE_PART, OWN_PILE, BETTER, DEALER_SEES) = range(28)


def key_number(key: tuple[int, ...]) -> int:
    """A Weis key (value, sequence, length, height, trump) as one comparable number."""
    value, seq, length, height, trump = key
    return value * 100000 + seq * 10000 + length * 1000 + height * 10 + trump


def weis_rows(table: WeisTable, mode: int) -> tuple[np.ndarray, ...]:
    """Per suit and 9-card chunk: value, best key and number of the sequences the table
    counts (the engine's own `sequences_of`); and the table's fours in its order."""
    per_suit = suit_sequences(table, mode)
    val = np.zeros((4, 512), np.int64)
    key = np.full((4, 512), -1, np.int64)
    num = np.zeros((4, 512), np.int64)
    for suit in range(4):
        for chunk in range(512):
            found = sequences_of(per_suit, suit, chunk, table, mode)
            if found:
                val[suit, chunk] = sum(w.value for w in found)
                key[suit, chunk] = max(key_number(w.key) for w in found)
                num[suit, chunk] = len(found)
    fours = np.full(10, -1, np.int64)
    fval = np.zeros(10, np.int64)
    fkey = np.zeros(10, np.int64)
    for j, (rank, value) in enumerate(table.fours.items()):
        fours[j], fval[j] = rank, value
        fkey[j] = key_number(weis_key(value, False, 4, rank, mode, False))
    return val, key, num, fours, fval, fkey


def build(rules: CompiledRules) -> Tables:
    """The arrays of a rule file the kernel covers (`reasons` is empty)."""
    r = rules
    modes = sorted(r.modes)
    rows = max(modes) + 2  # mode m in row m + 1 (a mode the file lacks: a row never read)
    play = Chain.shared(r).play
    tables: list[tuple[tuple[bool, ...], ...]] = []
    regimes: list[int] = [-1]  # base mode per regime row; row 0 plain
    plan_base = np.zeros((rows, MAX_TRICKS), np.int64)
    plan_beat = np.zeros((rows, MAX_TRICKS), np.int64)
    # mode -1 (no trump set yet) is played only where the fallback has a table
    played = [-1, *modes] if r.settled_mode(-1) in r.modes else modes
    for mode in played:
        for k in range(MAX_TRICKS):
            base = play.base_of(mode, k)
            if base >= 0 and r.modes[base].trump >= 0:
                if base not in regimes:
                    regimes.append(base)
                plan_base[mode + 1, k] = regimes.index(base)
            rows_of = beat_rows(play.order_table(mode, k))
            if rows_of not in tables:
                tables.append(rows_of)
            plan_beat[mode + 1, k] = tables.index(rows_of)
    beats = np.array(tables, dtype=np.bool_)
    f_trump = np.full(len(regimes), -1, np.int64)
    f_lower = np.zeros((len(regimes), 36), np.int64)
    f_keep = np.full(len(regimes), -1, np.int64)
    for i, base in enumerate(regimes[1:], 1):
        t = r.modes[base]
        f_trump[i] = t.trump
        f_lower[i] = t.lower_trumps
        f_keep[i] = ~t.puur if r.play.puur_exempt else -1
    points = np.zeros((rows, 36), np.int64)
    for mode in played:
        points[mode + 1] = play.points_table(mode).points
    config = weis_config(r)
    w_has = np.zeros(rows, np.int64)
    # value, key and number of a chunk side by side, so that the three lookups of a suit
    # (`kernel.weis_of`) read one cache line: the tables are views into one array
    w_seq = np.zeros((rows, 4, 512, 3), np.int64)
    w_val, w_key, w_num = w_seq[..., 0], w_seq[..., 1], w_seq[..., 2]
    w_key[:] = -1
    w_four = np.full((rows, 10), -1, np.int64)
    w_fval = np.zeros((rows, 10), np.int64)
    w_fkey = np.zeros((rows, 10), np.int64)
    reuse = 0
    if config is not None:
        for mode in played:
            table = config.table_in(mode)
            reuse = int(table.reuse)
            w_has[mode + 1] = 1
            (w_val[mode + 1], w_key[mode + 1], w_num[mode + 1], w_four[mode + 1],
             w_fval[mode + 1], w_fkey[mode + 1]) = weis_rows(table, mode)
    n, each, packet = r.players, r.cards_each, r.packet
    deal_pos = np.zeros((n, each), np.int64)
    for i, getter in enumerate(deal_plan(n, each, packet)):
        deal_pos[i] = np.asarray(getter(list(range(36))), np.int64).reshape(-1)[:each]
    decls = r.declarations
    width = max([len(d.values) for d in decls], default=1)
    decl_values = np.zeros((max(len(decls), 1), width), np.int64)
    decl_count = np.zeros(max(len(decls), 1), np.int64)
    for i, d in enumerate(decls):
        decl_values[i, :len(d.values)] = d.values
        decl_count[i] = len(d.values)
    ints = np.zeros(32, np.int64)
    ints[PLAYERS], ints[TRUMP_KIND] = n, TRUMP_KINDS[r.trump_kind]
    ints[PUSH] = 2 if r.push_next else int(r.push)  # 2: on to the next player
    ints[FALLBACK] = r.fallback if r.fallback is not None else -1
    ints[WITH_TRUMPS], ints[STRICT] = int(r.play.trump_while_following), int(r.play.strict)
    ints[LAST_BONUS], ints[MATCH_BONUS] = r.last_bonus, r.match_bonus
    ints[STOECK_BONUS], ints[REUSE_WEIS], ints[EACH] = r.stoeck_bonus, reuse, each
    ints[DECLS], ints[FIRST_LOT], ints[MODES] = len(decls), int(r.first_dealer_lot), rows - 1
    ints[LEAD_CHOOSER] = int(r.lead_role >= 0)

    sheet = r.config("sheet", SheetConfig)
    columns = sheet.columns if sheet is not None else ()
    col_modes = np.zeros((max(len(columns), 1), max([len(c.modes) for c in columns],
                                                    default=1)), np.int64)
    col_count = np.zeros(max(len(columns), 1), np.int64)
    col_free = np.zeros(max(len(columns), 1), np.int64)
    col_mult = np.zeros(max(len(columns), 1), np.int64)
    for i, c in enumerate(columns):
        col_modes[i, :len(c.modes)] = c.modes
        col_count[i], col_free[i], col_mult[i] = len(c.modes), int(c.free), c.multiplier
    sheet_of = np.asarray([sheet.sheet_of(r, x) for x in range(n)] if sheet is not None
                          else [0] * n, np.int64)
    ints[SHEETS] = sheet.sheets(r) if sheet is not None else 0
    ints[END_FULL] = int(sheet is not None and sheet.end_full)
    deal_at = np.zeros((n + 1, n, each), np.int64)
    for m in range(1, n + 1):
        for i, getter in enumerate(deal_plan(m, each, packet)):
            deal_at[m, i] = np.asarray(getter(list(range(36))), np.int64).reshape(-1)[:each]
    piles = np.full(2 * MAX_PILES, -1, np.int64)
    names = [name for name, _ in r.piles]
    for j, (_, size) in enumerate(r.piles[:MAX_PILES]):
        piles[j] = -1 if size is None else size
    turned = [names.index(x) for x in r.turned_piles if x in names] \
        if r.trump_kind == "turned" else []
    piles[MAX_PILES:MAX_PILES + len(turned)] = turned
    tp = take_part(r)
    rob = r.config("rob", RobConfig)
    ints[TABLE], ints[PACKET], ints[N_PILES] = int(table_dealt(r)), packet, len(r.piles)
    ints[TAKE_PART] = int(tp is not None)
    ints[FOLD_FROM] = tp.fold_from if tp is not None else 99
    ints[SWAP_PILE] = names.index(tp.swap_pile) if tp is not None and \
        tp.swap_pile in names else -1
    ints[ROB_RANK] = rob.rank if rob is not None else -1
    better = improve(r)
    ints[OWN_PILE] = next((j for j, x in enumerate(names) if x in r.own_piles), -1)
    ints[BETTER] = better.cards if better is not None else 0
    ints[DEALER_SEES] = int(better is not None and better.dealer_sees)
    # the Stöck of the hands as play begins where a mechanism changes them (`HandBonuses`)
    ints[STOECK_AT_PLAY] = int(any(x.runtime.phase is not None and x.runtime.phase.changes_hands
                                   for x in r.used))
    return Tables(ints, deal_pos, np.asarray(r.trump_choices or (0,), np.int64), plan_base,
                  plan_beat, beats, f_trump, f_lower, f_keep, points, w_has, w_val, w_key,
                  w_num, w_four, w_fval, w_fkey, decl_values, decl_count,
                  np.asarray(r.team_of, np.int64), col_modes, col_count, col_free, col_mult,
                  sheet_of, deal_at, piles)

"""A simulation's results as data: one row per hand and one per game.

Rows are plain dicts with the same columns for every row of a rule file (`columns`), so
they load as one table (pandas, polars, pyarrow, DuckDB). A hand row says which game and
hand it is, the game's seed, the dealer, the mode and how it was set (and who pushed),
the declarations, the card points, Weis and Stöck per side, the clause that fired, and
per unit the score the hand gave and the totals after it; lists run per seat or per
subject (player or team, `subjects` of the report). A game row gives the hands played,
the winners, why the game ended and the final totals. Columns a row does not have are
None (a game row has no dealer).

How the mode was set comes from the game's events (`TrumpSet`), so a game written as
records is played with its event log (`Game(..., events=True)`) through `Game.apply`.

`RecordWriter` writes rows as JSON Lines (`.jsonl`, `.ndjson`, `.json`) or Parquet
(`.parquet`, with the optional extra `data`: pyarrow), by the file's suffix, a batch at a
time, so a long run never holds all its rows.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import JassError
from jassdsl.engine import Game, HandResult
from jassdsl.engine.events import HandScored, Pushed, TrumpSet

Row = dict[str, Any]
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")
PARQUET_SUFFIXES = (".parquet", ".pq")
BATCH = 50_000  # rows per Parquet row group


class RecordsError(JassError):
    """Records cannot be written: an unknown suffix or a missing library."""


def columns(rules: CompiledRules) -> list[tuple[str, str]]:
    """The columns of a rule file's rows with their kinds: int, str, bool, ints (a list of
    whole numbers). The declarations and units of the file make their own columns."""
    cols = [("row", "str"), ("game", "int"), ("seed", "int"), ("hand", "int"),
            ("dealer", "int"), ("mode", "str"), ("mode_set", "str"), ("chooser", "int"),
            ("pushed", "int"), ("column", "str"), ("clause", "str"), ("points", "ints"),
            ("weis", "ints"), ("stoeck", "ints"), ("weise", "ints"), ("match", "bool"),
            ("playing", "ints")]
    cols += [(f"declared_{d.name}", "ints") for d in rules.declarations]
    cols += [(f"score_{u}", "ints") for u in rules.units]
    cols += [(f"total_{u}", "ints") for u in rules.units]
    cols += [("hands", "int"), ("winners", "ints"), ("reason", "str")]
    return cols


def took_every_trick(rules: CompiledRules, result: HandResult) -> bool:
    """One side (a player, or a team) took every trick of the hand: a match."""
    takers = {rules.team_of[t.winner] for t in result.tricks}
    return len(takers) == 1 and len(result.tricks) > 0


def hand_rows(game: Game, number: int, seed: int) -> list[Row]:
    """The rows of a finished game (played with events): one per hand, then the game's."""
    rules = game.rules
    blank: Row = dict.fromkeys(name for name, _ in columns(rules))
    how: dict[int, tuple[str, int, int]] = {}  # hand -> (how, chooser, pusher)
    for e in game.events:
        if isinstance(e, TrumpSet):
            _, _, pusher = how.get(e.hand, ("", -1, -1))
            how[e.hand] = (e.how, e.seat if e.how == "chosen" else -1, pusher)
        elif isinstance(e, Pushed):
            how[e.hand] = ("", -1, e.seat)
        elif isinstance(e, HandScored) and e.hand not in how:
            how[e.hand] = ("", -1, -1)
    rows: list[Row] = []
    before = {u: (0,) * rules.subjects for u in rules.units}
    for result in game.results:
        set_how, chooser, pusher = how.get(result.number, ("", -1, -1))
        row = dict(blank)
        row.update(
            row="hand", game=number, seed=seed, hand=result.number, dealer=result.dealer,
            mode=str(result.trump) if result.trump.is_set else None, mode_set=set_how,
            chooser=chooser, pushed=pusher, column=result.column, clause=result.clause,
            points=list(result.points), weis=list(result.bonuses.get("weis", ())),
            stoeck=list(result.bonuses.get("stoeck", ())),
            weise=[len(w) for w in result.part("weis", "weis", ())], match=took_every_trick(rules, result),
            playing=list(result.playing) or list(range(rules.players)))
        for d in rules.declarations:
            row[f"declared_{d.name}"] = list(result.declared.get(d.name, ()))
        for u in rules.units:
            after = result.totals[u]
            row[f"score_{u}"] = [a - b for a, b in zip(after, before[u], strict=True)]
            row[f"total_{u}"] = list(after)
        before = dict(result.totals)
        rows.append(row)
    outcome = game.outcome()
    assert outcome is not None  # rows are written for finished games
    end = dict(blank)
    end.update(row="game", game=number, seed=seed, hands=len(game.results),
               winners=list(outcome.winners), reason=outcome.reason)
    for u, values in game.totals.items():
        end[f"total_{u}"] = list(values)
    rows.append(end)
    return rows


def arrow_schema(rules: CompiledRules, meta: dict[str, Any],
                 cols: list[tuple[str, str]] | None = None) -> Any:
    """The pyarrow schema of the rows (`columns`, or the columns given: those of the rows
    per action, `trajectories.COLUMNS`), with the run's description as metadata."""
    pa = import_pyarrow()
    kinds = {"int": pa.int64(), "str": pa.string(), "bool": pa.bool_(),
             "ints": pa.list_(pa.int64()), "float": pa.float64(),
             "floats": pa.list_(pa.float32()), "bools": pa.list_(pa.bool_())}
    return pa.schema([(name, kinds[kind]) for name, kind in cols or columns(rules)],
                     metadata={"jassdsl": json.dumps(meta)})


def import_pyarrow() -> Any:
    try:
        import pyarrow as pa
    except ImportError:
        raise RecordsError("Parquet records need pyarrow: pip install 'jassdsl[data]' "
                           "(or write JSON Lines: a .jsonl file)") from None
    return pa


def table(rules: CompiledRules, rows: Sequence[Row], meta: dict[str, Any] | None = None
          ) -> Any:
    """Rows as a pyarrow Table (`.to_pandas()`, `polars.from_arrow` take it from there)."""
    schema = arrow_schema(rules, meta or {})
    return import_pyarrow().Table.from_pylist(list(rows), schema=schema)


class RecordWriter:
    """Writes rows to a file as JSON Lines or Parquet, by the file's suffix."""

    def __init__(self, path: str | os.PathLike[str], rules: CompiledRules, meta: dict[str, Any],
                 cols: list[tuple[str, str]] | None = None) -> None:
        self.path = Path(path)
        suffix = self.path.suffix.lower()
        if suffix not in JSON_SUFFIXES + PARQUET_SUFFIXES:
            raise RecordsError(f"records are written as JSON Lines ({', '.join(JSON_SUFFIXES)}) "
                               f"or Parquet ({', '.join(PARQUET_SUFFIXES)}), by the file's "
                               f"suffix, not {suffix or 'a file without one'!r}: {self.path}")
        self.rules = rules
        self.parquet = suffix in PARQUET_SUFFIXES
        self.pending: list[Row] = []
        self.writer: Any = None
        self.stream: IO[str] | None = None
        try:
            if self.parquet:
                import pyarrow.parquet as pq

                self.schema = arrow_schema(rules, meta, cols)
                self.writer = pq.ParquetWriter(self.path, self.schema)
            else:
                self.stream = self.path.open("w", encoding="utf-8")
        except ImportError:
            import_pyarrow()  # raises the RecordsError that says what to install
            raise
        except OSError as e:
            raise RecordsError(f"cannot write records to {self.path}: {e.strerror}") from None

    def write(self, rows: Iterable[Row]) -> None:
        if self.stream is not None:
            self.stream.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
            return
        self.pending.extend(rows)
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if self.writer is not None and self.pending:
            pa = import_pyarrow()
            self.writer.write_table(pa.Table.from_pylist(self.pending, schema=self.schema))
            self.pending = []

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        else:
            self.flush()
            self.writer.close()


def read(path: str | os.PathLike[str]) -> list[Row]:
    """The rows of a records file (JSON Lines or Parquet), as dicts."""
    path = Path(path)
    if path.suffix.lower() in PARQUET_SUFFIXES:
        import_pyarrow()
        import pyarrow.parquet as pq

        rows: list[Row] = pq.read_table(path).to_pylist()
        return rows
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]

"""Compare two house rules of a rule file from real runs, and plot them (the research page).

    python scripts/house_rules_plot.py --variant schieber --option weis-table \\
        --values big none --games 500 --seed 1 --out docs/assets/research

plays the games once per value of the option with the same seed (so the same deals
begin every game), writes each run's records (`<variant>-<option>-<value>.parquet`) and
reports (`house-rules.json`), and draws `house-rules.png`: the distribution of hands per
game under each rule, and the mean with its 95% interval. Needs the extras `data` and
`research` (pyarrow, matplotlib).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt

from jassdsl.research.simulation import read, simulate
from jassdsl.research.stats import Z95


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="schieber")
    p.add_argument("--option", default="weis-table")
    p.add_argument("--values", nargs=2, default=["big", "none"])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="heuristic")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, default=Path("docs/assets/research"))
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    reports, lengths = {}, {}
    for value in args.values:
        records = args.out / f"{args.variant}-{args.option}-{value}.parquet"
        report = simulate(args.variant, args.games, args.seed, args.bots,
                          {args.option: value}, jobs=args.jobs, records=records)
        data = report.to_json()
        for key in ("seconds", "hands_per_sec", "games_per_sec"):  # not reproducible
            del data[key]
        reports[value] = data
        lengths[value] = [r["hands"] for r in read(records) if r["row"] == "game"]
        print(f"{args.option}={value}: {data['hands_per_game']}")
    command = (f"python scripts/house_rules_plot.py --variant {args.variant} --option "
               f"{args.option} --values {' '.join(args.values)} --games {args.games} --seed "
               f"{args.seed} --bots {args.bots} --jobs {args.jobs} --out {args.out}")
    (args.out / "house-rules.json").write_text(
        json.dumps({"command": command, "reports": reports}, indent=1, ensure_ascii=False)
        + "\n", encoding="utf-8")

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6), width_ratios=(2, 1))
    low = min(min(v) for v in lengths.values())
    high = max(max(v) for v in lengths.values())
    bins = [x - 0.5 for x in range(low, high + 2)]
    for value, hands in lengths.items():
        left.hist(hands, bins=bins, alpha=0.55, label=f"{args.option}={value}")
    left.set_xlabel("hands per game")
    left.set_ylabel("games")
    left.legend()
    means = [reports[v]["hands_per_game"]["mean"] for v in args.values]
    halves = [Z95 * reports[v]["hands_per_game"]["se"] for v in args.values]
    right.bar(args.values, means, yerr=halves, capsize=6, color=["C0", "C1"], alpha=0.8)
    right.set_ylabel("mean hands per game (95% CI)")
    right.set_xlabel(args.option)
    fig.suptitle(f"{reports[args.values[0]]['variant']}: {args.games} games per rule, "
                 f"{args.bots} bots, seed {args.seed}")
    fig.tight_layout()
    fig.savefig(args.out / "house-rules.png", dpi=110)


if __name__ == "__main__":
    main()

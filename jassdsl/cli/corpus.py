"""`jassdsl corpus generate|verify` and `jassdsl conformance --engine CMD`."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from jassdsl.corpus import store
from jassdsl.corpus.coverage import gaps
from jassdsl.corpus.models import KINDS


def register(sub: Any) -> None:
    corpus = sub.add_parser("corpus", help="generate or verify the conformance corpus",
                            description="The conformance corpus under tests/corpus: cases "
                                        "derived from the rule files.")
    actions = corpus.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    gen = actions.add_parser("generate", help="derive the corpus from rules/ (deterministic)")
    gen.add_argument("--variants", nargs="+", metavar="NAME",
                     help="regenerate only these variants (the others are kept)")
    ver = actions.add_parser("verify", help="re-derive every case and check the manifest")
    exp = actions.add_parser("export", help="write the corpus as a versioned archive to pin",
                             description="Write jassdsl-corpus-<version>.tar.gz into OUT "
                                         "(or to OUT, if it ends in .tar.gz): manifest, "
                                         "schema, changelog, cases and a verify.py that "
                                         "needs only Python's standard library.")
    exp.add_argument("out", type=Path, metavar="OUT", help="a folder, or a .tar.gz path")
    exp.add_argument("--dir", type=Path, default=None, help="corpus directory "
                     "(default: tests/corpus of this checkout)")
    exp.set_defaults(handler=run_export)
    for p in (gen, ver):
        p.add_argument("--dir", type=Path, default=None, help="corpus directory "
                       "(default: tests/corpus of this checkout)")
    gen.set_defaults(handler=run_generate)
    ver.set_defaults(handler=run_verify)

    conf = sub.add_parser("conformance", help="test another engine against the corpus",
                          description="Start ENGINE as a subprocess and ask it every case "
                                      "over JSON lines (see docs/en/engine-authors.md).")
    conf.add_argument("--engine", required=True, metavar="CMD",
                      help='the command that starts the engine, e.g. "python my_engine.py"')
    conf.add_argument("--variants", nargs="+", metavar="NAME", help="only these variants")
    conf.add_argument("--kinds", nargs="+", choices=KINDS, metavar="KIND",
                      help=f"only these kinds ({', '.join(KINDS)})")
    conf.add_argument("--xfail", type=Path, metavar="FILE",
                      help="case ids expected to fail, one per line (# comments)")
    conf.add_argument("--timeout", type=float, default=10.0, metavar="S",
                      help="seconds an engine may take for one case (default 10, at most "
                           "3600)")
    conf.add_argument("--start-timeout", type=float, default=None, metavar="S",
                      help="seconds an engine may take to start and answer the hello "
                           "(default: the --timeout)")
    conf.add_argument("--only", nargs="+", metavar="ID",
                      help="only these cases (ids as printed, e.g. schieber/legal/0004)")
    conf.add_argument("--tags", nargs="+", metavar="TAG",
                      help="only cases with at least one of these tags (e.g. undertrump-strict)")
    conf.add_argument("--report", type=Path, metavar="FILE",
                      help="write a report: every case with its input, the expectation, the "
                           "engine's answer and the reason")
    conf.add_argument("--format", choices=("json", "junit"), default="json",
                      help="the report's format: json (default; schema in "
                           "jassdsl/corpus/report.schema.json) or junit (JUnit XML for CI)")
    conf.add_argument("--dir", type=Path, default=None, help="corpus directory")
    conf.set_defaults(handler=run_conformance)


def corpus_dir(args: argparse.Namespace) -> Path:
    root: Path = args.dir or store.default_dir()
    return root


def corpus_variants(given: list[str] | None) -> list[str] | None:
    """The variants named for the corpus: names of rule files in rules/, exactly as the
    cases cite them; a path or a name in other letters is told which name to give."""
    from jassdsl.cli import UsageError
    from jassdsl.registry import variant_names

    known = variant_names()
    for name in given or known:
        if name in known and re.fullmatch(r"[a-z0-9-]+", name):
            continue
        if name in known:
            raise UsageError(f"a case names its variant in small letters, digits and dashes: "
                             f"rename rules/{name}.jass to fit")
        if Path(name).suffix == ".jass" or "/" in name or "\\" in name:
            raise UsageError(f"the corpus covers the rule files of rules/ by name, not a path "
                             f"({name!r}): copy the file into rules/ and give its name "
                             f"({Path(name).stem!r})")
        folded = {k.casefold(): k for k in known}
        hint = f"; did you mean {folded[name.casefold()]!r}?" if name.casefold() in folded \
            else ""
        raise UsageError(f"no rule file {name!r} in rules/{hint} (known: {', '.join(known)})")
    return given


def run_generate(args: argparse.Namespace) -> int:
    from jassdsl.corpus.generate import generate

    root = corpus_dir(args)
    meta, seconds = generate(root, corpus_variants(args.variants))
    kinds = {k: sum(c.get(k, 0) for c in meta["counts"].values()) for k in KINDS}
    shown = ", ".join(f"{n} {k}" for k, n in kinds.items())
    print(f"corpus {meta['corpus_version']}: {meta['total']} cases ({shown}) in {root}, "
          f"{seconds:.1f} s")
    missing = gaps(meta["coverage"])
    for gap in missing:
        print(f"not covered: {gap}")
    return 1 if missing else 0


def run_verify(args: argparse.Namespace) -> int:
    from jassdsl.corpus.verify import verify

    report = verify(corpus_dir(args))
    print(report.render())
    return 0 if report.ok else 1


def run_export(args: argparse.Namespace) -> int:
    from jassdsl.cli import UsageError
    from jassdsl.corpus.export import ExportError, export

    try:
        target = export(corpus_dir(args), args.out)
    except (ExportError, OSError) as err:
        raise UsageError(str(err)) from None
    print(f"wrote {target}: verify it with `python3 verify.py` inside the unpacked folder")
    return 0


def run_conformance(args: argparse.Namespace) -> int:
    from jassdsl.cli import UsageError
    from jassdsl.corpus.reports import Explainer, full_report, junit
    from jassdsl.corpus.runner import check_timeout, read_xfail, run

    given = {"--timeout": args.timeout, "--start-timeout": args.start_timeout}
    for flag, seconds in given.items():
        try:
            if seconds is not None:
                check_timeout(seconds)
        except ValueError as err:
            raise UsageError(f"{flag}: {err}") from None
    if args.format == "junit" and args.report is None:
        raise UsageError("--format junit needs --report FILE")
    root = corpus_dir(args)
    meta = store.read_manifest(root)
    if not meta:
        raise UsageError(f"no corpus in {root} (no {store.MANIFEST})")
    version = meta.get("corpus_version")
    if not isinstance(version, str):
        raise store.CorpusError(root / store.MANIFEST, 1, "no corpus_version: run "
                                "`jassdsl corpus verify`")
    cases = store.read_cases(root)
    known = {c["variant"] for c in cases}
    unknown = sorted(set(args.variants or []) - known)
    if unknown:
        raise UsageError(f"the corpus has no variant {', '.join(unknown)} (it has "
                         f"{', '.join(sorted(known))})")
    cases = [c for c in select(cases, args.only, args.tags)
             if (not args.variants or c["variant"] in args.variants)
             and (not args.kinds or c["kind"] in args.kinds)]
    explainer = Explainer()
    report = run(args.engine, cases, version, timeout=args.timeout,
                 start_timeout=args.start_timeout, xfail=read_xfail(args.xfail),
                 explain=explainer)
    if args.report is not None:
        text = (junit(report, cases, explainer) if args.format == "junit" else
                json.dumps(full_report(report, cases, explainer), indent=2) + "\n")
        args.report.write_text(text, encoding="utf-8")
    if report.interrupted:
        return 128 + report.interrupted
    return 0 if report.ok else 1


def select(cases: list[dict[str, Any]], only: list[str] | None,
           tags: list[str] | None) -> list[dict[str, Any]]:
    """The cases named by --only and --tags (each narrows; absent: all)."""
    from jassdsl.cli import UsageError

    if only:
        unknown = sorted(set(only) - {c["id"] for c in cases})
        if unknown:
            raise UsageError(f"the corpus has no case {', '.join(unknown[:5])}")
        cases = [c for c in cases if c["id"] in set(only)]
    if tags:
        known = {t for c in cases for t in c["tags"]}
        unknown = sorted(set(tags) - known)
        if unknown:
            raise UsageError(f"no case has the tag {', '.join(unknown[:5])}")
        cases = [c for c in cases if set(tags) & set(c["tags"])]
    return cases

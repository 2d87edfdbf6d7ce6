"""German words: one per name the file gives, a declaration's with its article and plural."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.errors import did_you_mean
from jassdsl.core.german import german_noun
from jassdsl.language.checking.piles import PileChecks


class NameChecks(PileChecks):
    """German words: the checks of one concern, on the chain of jassdsl/language/check.py."""

    def check_german_names(self, rf: m.RuleFile) -> None:
        """A German word is given once, for a name the file itself gives; a declaration's
        word is a noun with its article (the gender makes "seinen Konter", "ihre Ansage"),
        and only a declaration's word has a plural."""
        declared = {d.name for d in rf.declarations}
        own = {p.name for p in rf.piles} | {n for x in self.mechanisms if x.syntax.names
                                            for n in x.syntax.names(rf)} | \
            {lt.name for lt in rf.lets} | {w.text for d in rf.declarations for w, _ in d.named} | \
            {c.option for o in rf.options for c in o.choices if c.option is not None} | declared | \
            {o.name for o in rf.options} | {c.id for c in rf.clauses} | \
            {i.id for i in rf.invariants}
        seen: set[str] = set()
        for n in rf.german_names:
            if n.name in seen:
                self.error(n.pos, "duplicate", f"{n.name!r} has a second German word")
            seen.add(n.name)
            if n.name not in own:
                self.error(n.pos, "unknown-name", f"no pile, Weis table, option, option "
                           f"value, clause, invariant, declaration, named value or let named "
                           f"{n.name!r}; "
                           f"{did_you_mean(n.name, own)}names of this file: "
                           f"{', '.join(sorted(own)) or 'none'}")
            if not n.german.strip():
                self.error(n.pos, "german", f"the German word for {n.name!r} is empty")
            elif n.name in declared and german_noun(n.german) is None:
                self.error(n.pos, "german", f"{n.name!r} is a declaration: give its German "
                           f"noun with the article, as \"der Konter\", \"die Ansage\" or "
                           f"\"das Gebot\" (not {n.german!r})")
            if n.plural and n.name not in declared:
                self.error(n.pos, "german", f"only a declaration's German word has a plural; "
                           f"{n.name!r} is no declaration")
            elif n.plural and not n.plural.strip():
                self.error(n.pos, "german", f"the German plural for {n.name!r} is empty")

"""The transformer of a parse tree into typed statements: the builders of each part of the
grammar joined, with those the mechanisms add."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lark import Tree, v_args
from lark.exceptions import (
    VisitError,
)
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.mechanism import Build
from jassdsl.language.parsing.declarations import DeclarationRules
from jassdsl.language.parsing.expressions import ExpressionRules
from jassdsl.language.parsing.header import HeaderRules
from jassdsl.language.parsing.play_rules import PlayRules
from jassdsl.language.parsing.scoring import ScoringRules


@v_args(meta=True)
class _ToModel(HeaderRules, PlayRules, DeclarationRules, ScoringRules, ExpressionRules):
    """Turns the parse tree into typed statements (see model.Statement), each with its
    position; the pieces inside a statement travel as the model nodes they become. The
    statements of a mechanism are built by its own builders (`Syntax.build`)."""

    def __init__(self, builders: Mapping[str, Build]) -> None:
        super().__init__()
        self.builders = builders
        # Lark finds a rule's method by name at every node, and `v_args` makes a new
        # wrapper at each lookup: bound once here (a Language keeps its transformer)
        for name in _RULES:
            setattr(self, name, getattr(self, name))

    def __default__(self, data: Any, children: list[Any], meta: Meta) -> Any:
        """A rule of a mechanism's grammar lines: its builder makes the node."""
        build = self.builders.get(str(data))
        if build is None:
            return super().__default__(data, children, meta)  # type: ignore[no-untyped-call]
        try:
            return build(meta, children)
        except Exception as err:  # reported at the rule, as Lark does for its own methods
            raise VisitError(str(data), Tree(data, children, meta),  # type: ignore[no-untyped-call]
                             err) from err

    def start(self, meta: Meta, ch: list[m.Statement]) -> list[m.Statement]:
        return ch


# the rule methods of _ToModel, as `v_args` wrapped them (Lark looks each up by its name)
_RULES = tuple(name for name in dir(_ToModel)
               if hasattr(getattr(_ToModel, name), "visit_wrapper"))

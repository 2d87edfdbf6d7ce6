"""What a parse tree may not hold, checked before it is built: numbers too long, expressions
too deep, texts with characters a terminal would obey."""

from __future__ import annotations

from lark import Token, Tree

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError
from jassdsl.core.limits import MAX_DEPTH, MAX_DIGITS
from jassdsl.language.parsing.nodes import (
    pos_of,
)

# the parse tree's expression nodes (after inlining): each is one level of nesting
EXPRESSION_NODES = frozenset({"number", "name", "total", "in_mode", "call", "neg", "not_",
                              "or_", "and_", "cmp", "arith", "if_else", "quant"})


def heights(tree: Tree[Token]) -> dict[int, int]:
    """How many expression levels each subtree holds, by id; without recursion, as the
    tree may be deeper than Python's stack."""
    out: dict[int, int] = {}
    stack: list[tuple[Tree[Token], bool]] = [(tree, False)]
    while stack:
        node, done = stack.pop()
        kids = [c for c in node.children if isinstance(c, Tree)]
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in kids)
            continue
        below = max((out[id(c)] for c in kids), default=0)
        out[id(node)] = below + (node.data in EXPRESSION_NODES)
    return out


def limit_errors(tree: Tree[Token], path: str) -> list[RuleError]:
    """Numbers longer than MAX_DIGITS and expressions deeper than MAX_DEPTH, each at its
    place (the whole expression for the depth); checked before the tree is transformed."""
    height = heights(tree)
    errors: list[RuleError] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.data in EXPRESSION_NODES and height[id(node)] > MAX_DEPTH:
            errors.append(RuleError(path, pos_of(node.meta), "limit",
                                    f"this expression nests {height[id(node)]} levels deep; "
                                    f"the limit is {MAX_DEPTH}"))
            continue
        for c in node.children:
            if isinstance(c, Tree):
                stack.append(c)
            elif isinstance(c, Token) and c.type == "INT" and len(c) > MAX_DIGITS:
                errors.append(RuleError(path, pos_of(c), "limit",
                                        f"a number has at most {MAX_DIGITS} digits; this one "
                                        f"has {len(c)}"))
    return errors


def unprintable(c: str) -> bool:
    """A character a text of a rule file may not hold: a control character (C0 but the tab,
    DEL, C1), which a terminal would take as a command (clear the screen, set the title),
    or a line or paragraph separator, which would break the line a message quotes."""
    o = ord(c)
    return (o < 32 and c != "\t") or 0x7F <= o < 0xA0 or c in "\u2028\u2029"


def string_errors(tree: Tree[Token], path: str) -> list[RuleError]:
    """Each quoted text holding a character it may not hold, at the first such character."""
    errors: list[RuleError] = []
    strings: list[Token] = []
    stack = [tree]  # without recursion: the tree may be deeper than Python's stack
    while stack:
        node = stack.pop()
        for c in node.children:
            if isinstance(c, Tree):
                stack.append(c)
            elif isinstance(c, Token) and c.type == "STRING":
                strings.append(c)
    for tok in sorted(strings, key=lambda t: t.start_pos or 0):
        bad = next((i for i, c in enumerate(tok) if unprintable(c)), None)
        if bad is not None:
            line, column = tok.line or 1, (tok.column or 1) + bad
            what = "a control character: a terminal would take it as a command" \
                if ord(tok[bad]) < 0xA0 else "a line separator: it would break the line " \
                "where the text is shown"
            errors.append(RuleError(path, m.Pos(line, column, line, column + 1), "text",
                                    f"a text may not hold U+{ord(tok[bad]):04X}, {what}; "
                                    "write the text without it"))
    return errors


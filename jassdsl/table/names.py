"""The names at a table: each seat's, as the players type them or as a bot is called.

A name is untrusted text that every other seat's page shows, the saves keep and the
evening's list prints: it is trimmed, its runs of spaces made one, capped at NAME_CHARS
characters, and refused if it holds a control or formatting character (a newline, a
right-to-left override, a zero-width joiner: nothing that changes how the text around it
reads). The pages only ever show it as text (`textContent`, `html.escape`). A seat
without a name is called by its number ("Player 2"); a bot by its kind and level ("Bot
(strong)"), with the seat's number where two bots of the same kind share a table.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from jassdsl.rulebook.words import Lang, say

NAME_CHARS = 24  # characters of a name: enough for "Hansruedi Müller-Meier"


class NameRefused(ValueError):
    """A name the table refuses; the message says why, for the player."""


def check_name(value: object, lang: Lang = "en") -> str:
    """The name as the table keeps it ('' for none given)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise NameRefused(say(lang, "live.name.refuse.text"))
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise NameRefused(say(lang, "live.name.refuse.chars"))
    name = " ".join(value.split())
    if len(name) > NAME_CHARS:
        raise NameRefused(say(lang, "live.name.refuse.long", n=NAME_CHARS))
    return name


def check_names(values: object, players: int, lang: Lang = "en") -> list[str]:
    """One name per seat (missing ones ''); two seats may not share a name."""
    if values is None:
        return [""] * players
    if not isinstance(values, list | tuple) or len(values) > players:
        raise NameRefused(say(lang, "live.name.refuse.text"))
    names = [check_name(v, lang) for v in values] + [""] * (players - len(values))
    taken = Counter(n.casefold() for n in names if n)
    twice = next((n for n in names if n and taken[n.casefold()] > 1), None)
    if twice is not None:
        raise NameRefused(say(lang, "live.name.refuse.taken", name=twice))
    return names


def bot_level(kind: str, lang: Lang) -> str:
    """'strong' / 'stark': what a bot kind is called in its name."""
    return say(lang, f"live.level.{kind.replace(':', '.')}")


def shown_names(names: Sequence[str], kinds: Sequence[str], lang: Lang) -> list[str]:
    """What every page calls the seats: the name given, else a person's seat number or
    the bot's kind and level."""
    bots = Counter(k for k, n in zip(kinds, names, strict=True) if k != "person" and not n)
    out = []
    for seat, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        if name:
            out.append(name)
        elif kind == "person":
            out.append(say(lang, "live.name.player", n=seat + 1))
        else:
            number = f" {seat + 1}" if bots[kind] > 1 else ""
            out.append(say(lang, "live.name.bot", n=number, level=bot_level(kind, lang)))
    given = {n.casefold() for n in names if n}
    # a person who calls themselves what a seat without a name is called: the seat's
    # number tells them apart
    return [n if names[s] or n.casefold() not in given else f"{n} #{s + 1}"
            for s, n in enumerate(out)]

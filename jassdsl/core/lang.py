"""The two languages every user-facing sentence exists in. Here, at the bottom of the
package, so that the mechanism record (`core/mechanism.py`) can type what it says in
them without importing the rulebook above it."""

from __future__ import annotations

from typing import Literal

Lang = Literal["en", "de"]
LANGS: tuple[Lang, ...] = ("en", "de")

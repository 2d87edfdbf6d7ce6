"""`import jassdsl.pettingzoo` is the import path the research docs and issue 21 name; the code
lives in `jassdsl.research.pettingzoo`, whose names this entry point shows."""

from jassdsl.research.pettingzoo import *  # noqa: F403

"""`import jassdsl.openspiel` is the import path the research docs and issue 21 name; the code
lives in `jassdsl.research.openspiel`, whose names this entry point shows."""

from jassdsl.research.openspiel import *  # noqa: F403

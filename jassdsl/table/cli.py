"""`jassdsl serve`: start the table (imports the web packages only when it runs, so the
other commands work without the `table` extra)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from jassdsl.cli import UsageError
from jassdsl.rulebook.words import LANGS


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="the card table in the browser: play any rule file",
                       description="Start the table: open the address it prints, choose a "
                                   "variant and the seats, and play in the browser.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only; "
                        "0.0.0.0 opens the table to your network; wider, put a reverse "
                        "proxy in front: docs/en/playing.md)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--watch", metavar="FILE",
                   help="show this rule file's rulebook page, or its check errors, as you "
                        "edit it, and play it at once")
    p.add_argument("--pace", type=float, default=0.5, metavar="SECONDS",
                   help="the pause between two bot actions (default 0.5)")
    p.add_argument("--lang", choices=LANGS,
                   help="the table's language for a visitor who has not chosen one: de or "
                        "en (default: the language the browser asks for)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from jassdsl.table.app import create_app
    except ImportError as err:
        raise UsageError(f"the table needs its packages ({err.name} is missing): "
                         "pip install 'jassdsl[table]'") from None
    if not 0 < args.port < 65536:
        raise UsageError("--port takes a number from 1 to 65535")
    if args.pace < 0:
        raise UsageError("--pace takes a number of seconds >= 0")
    if args.watch is not None and not args.watch.endswith(".jass"):
        raise UsageError("--watch takes a .jass file")
    from jassdsl.table.seal import data_dir

    # every game is written to the user's data folder as it is played (beside the
    # server's secret): a restart reloads the open ones
    app = create_app(pace=args.pace, watch=args.watch, default_lang=args.lang,
                     evening=data_dir() / "evening")
    from jassdsl.rulebook.words import Lang, say

    lang: Lang = "de" if args.lang == "de" else "en"
    print(say(lang, "live.serve.open", url=f"http://{args.host}:{args.port}/"),
          file=sys.stderr)
    print(say(lang, "live.serve.saved", folder=data_dir() / "evening"), file=sys.stderr)
    uvicorn.Server(server_config(app, args.host, args.port)).run()
    return 0


def server_config(app: Any, host: str, port: int) -> Any:
    """How uvicorn serves the table (a `uvicorn.Config`): quiet; no WebSocket message
    longer than `MAX_FRAME` bytes is read (a longer one closes its socket with 1009); at
    most CONNECTIONS connections and sockets at once (a request beyond gets 503); an idle
    connection closes after KEEP_ALIVE seconds, one whose request head is not in after
    `protocol.HEAD_SECONDS` is closed too, and so are one address's connections beyond
    `protocol.PER_ADDRESS` (docs/en/playing.md: behind a reverse proxy)."""
    import uvicorn

    from jassdsl.table.app import MAX_FRAME
    from jassdsl.table.protocol import GuardedProtocol

    return uvicorn.Config(app, host=host, port=port, log_level="warning",
                          http=GuardedProtocol, ws="websockets-sansio",
                          ws_max_size=MAX_FRAME, limit_concurrency=CONNECTIONS,
                          timeout_keep_alive=KEEP_ALIVE)


CONNECTIONS = 400  # well below the usual desktop limit of 1024 open files
KEEP_ALIVE = 5  # seconds an idle connection stays open between two requests

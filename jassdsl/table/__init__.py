"""`jassdsl serve`: the club's table in the browser.

One ASGI app (`app`) on uvicorn: a start page to set up a game of any rule file, one page
per person's seat reached by an unguessable link, a WebSocket per open page. `session`
keeps the games, their seats and bots; `view` turns what one seat may see into the JSON
its page draws; `static/` holds the page's script and style. Nothing here knows a
variant: every button comes from `Game.legal_actions`, every sheet from the hand records.
"""

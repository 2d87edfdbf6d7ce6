"""Built-in players for `play` and `simulate`: a random one and a simple generic heuristic.

Bots see what their seat may see (``game.observation(seat)``), the public rules and the
legal actions; they never look at another hand. Nothing here knows a variant by name: the
heuristic reads trump modes, card points and declaration ranges from the compiled rules.
Each bot draws its randomness from its own generator, seeded from the game seed, so a
seeded game replays identically. `PolicyBot` is the exception: it is the random policy of
`jassdsl simulate` (`playout.choose`), and all seats of a game share its one generator.

The package by concern: `view` (the `Bot` contract and what a seat sees), `random_bot`,
`declaring` (what a hand promises, and the bid or declaration that follows), `heuristic`,
`tricks` (the heuristic's cards in the guided trick loop, and `play_bots`), `search` (the
searching bot) and `kinds` (a bot by name, per seat: `make_bot`, `make_bots`).
"""

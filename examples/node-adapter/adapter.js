#!/usr/bin/env node
// A Schieber engine behind the jassdsl conformance protocol, in JavaScript with Node's
// standard library only: it shows that the protocol does not lean on Python.
//
//   jassdsl conformance --engine "node examples/node-adapter/adapter.js"
//
// It answers the `legal` and `trick` cases of `schieber` (see docs/en/engine-authors.md):
// one JSON object per line on stdin, one answer per line on stdout.
"use strict";

const readline = require("node:readline");

const SUITS = ["D", "H", "S", "C"];
const PLAIN_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]; // high to low
const TRUMP_ORDER = ["J", "9", "A", "K", "Q", "10", "8", "7", "6"];
const PLAIN_POINTS = { A: 11, K: 4, Q: 3, J: 2, 10: 10, 9: 0, 8: 0, 7: 0, 6: 0 };
const TRUMP_POINTS = { ...PLAIN_POINTS, J: 20, 9: 14 };
const OBENABE_POINTS = { ...PLAIN_POINTS, 8: 8 };
const LAST_TRICK = 5;
// options of rules/schieber.jass that change neither legal cards nor tricks
const IGNORED = ["target", "four-nines", "weis-table", "trump-double", "konter"];
const PLAYED_OPTIONS = new Set([...IGNORED, "undenufe-eleven"]);

const suit = (card) => card[0];
const rank = (card) => card.slice(1);

function undenufePoints(options) {
  // The Ace counts 11 in Undenufe, or the Six with `undenufe-eleven=six`.
  const six = options["undenufe-eleven"] === "six";
  return { ...OBENABE_POINTS, A: six ? 0 : 11, 6: six ? 11 : 0 };
}

function points(card, trump, options) {
  if (trump === "obenabe") return OBENABE_POINTS[rank(card)];
  if (trump === "undenufe") return undenufePoints(options)[rank(card)];
  return (suit(card) === trump ? TRUMP_POINTS : PLAIN_POINTS)[rank(card)];
}

// Higher strength wins; cards that cannot win score -1.
function strength(card, led, trump) {
  if (suit(card) === trump) return 100 - TRUMP_ORDER.indexOf(rank(card));
  if (suit(card) !== led) return -1;
  const place = PLAIN_ORDER.indexOf(rank(card));
  return trump === "undenufe" ? place : 50 - place;
}

function winner(cards, trump) {
  const led = suit(cards[0]);
  let best = 0;
  cards.forEach((card, i) => {
    if (strength(card, led, trump) > strength(cards[best], led, trump)) best = i;
  });
  return best;
}

function trick(input, options) {
  const { cards, trump, last } = input;
  let total = cards.reduce((sum, card) => sum + points(card, trump, options), 0);
  if (last) total += LAST_TRICK;
  return { winner: winner(cards, trump), points: total, trump };
}

// Follow suit (a trump may always be played instead), trump led must be followed unless
// the Puur is the only trump, and no undertrumping unless the hand is all trumps.
function legal(input) {
  const { hand, trick: played, trump } = input;
  const excluded = {};
  if (played.length > 0) {
    const led = suit(played[0]);
    const isTrump = (card) => SUITS.includes(trump) && suit(card) === trump;
    const trumps = hand.filter(isTrump);
    const lonePuur = trumps.length === 1 && rank(trumps[0]) === "J";
    if (isTrump(played[0])) {
      if (trumps.length > 0 && !lonePuur) {
        for (const card of hand) if (!isTrump(card)) excluded[card] = "follow-trump";
      }
    } else {
      if (hand.some((card) => suit(card) === led)) {
        for (const card of hand) {
          if (suit(card) !== led && !isTrump(card)) excluded[card] = "follow";
        }
      }
      const onTable = played.filter(isTrump);
      if (onTable.length > 0 && trumps.length < hand.length) {
        const highest = Math.min(...onTable.map((c) => TRUMP_ORDER.indexOf(rank(c))));
        for (const card of trumps) {
          if (TRUMP_ORDER.indexOf(rank(card)) > highest) excluded[card] = "undertrump";
        }
      }
    }
  }
  return { legal: hand.filter((card) => !(card in excluded)), excluded };
}

function answer(message) {
  const { id, variant, kind, input } = message;
  const options = message.options || {};
  const unknown = Object.keys(options).filter((key) => !PLAYED_OPTIONS.has(key));
  if (variant !== "schieber" || !["legal", "trick"].includes(kind)) {
    return { type: "skipped", id, reason: "only the legal and trick cases of schieber" };
  }
  if (unknown.length > 0) {
    return { type: "skipped", id, reason: `options not played here: ${unknown.join(", ")}` };
  }
  if (input.trump === null) {
    return { type: "skipped", id, reason: "Schieber always has a trump mode" };
  }
  try {
    return { type: "result", id, result: kind === "legal" ? legal(input) : trick(input, options) };
  } catch (error) {
    return { type: "errored", id, message: String(error) };
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  let reply;
  if (message.type === "bye") {
    lines.close();
    return;
  } else if (message.type === "hello") {
    reply = { type: "hello", engine: `node-adapter (Node ${process.version})`,
              protocol: "jass-conformance/1", variants: ["schieber"], kinds: ["legal", "trick"],
              lacks: { kinds: { hand: "an example: legal cards and tricks only",
                                game: "an example: legal cards and tricks only",
                                perft: "an example: legal cards and tricks only",
                                parse: "reads no jassdsl rule files" },
                       variants: "Schieber only" } };
  } else {
    reply = answer(message);
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});

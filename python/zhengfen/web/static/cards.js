// Cards drawn as inline SVG: no image files, no fonts from the network, so the page works
// offline. A card token is the engine's notation (RULES.md §1.3): "8c", "10h" (or "Th"), "BJ".
// Hearts and diamonds are red, the jokers are drawn apart (a tinted card with a star), and the
// point cards (their points are the engine's, GET /api/options `cards`) carry a gold border and,
// bottom left (still in view when cards overlap in a hand), a gold badge with their points.

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

/** The cards of the deck as the engine describes them (GET /api/options `cards`: token, rank,
 *  suit, points), by token: the page restates no card's points or the order of the ranks. */
const DECK = new Map();

/** Takes the engine's cards (`options.cards`); the page calls it once, before drawing. */
export function useCards(cards) {
  DECK.clear();
  for (const card of cards) DECK.set(card.card, card);
}

/** A token read into {token, rank, suit, joker, red, points}; throws on a malformed token. */
export function parseCard(token) {
  const text = String(token).trim();
  const upper = text.toUpperCase();
  const normal = upper === "BJ" || upper === "RJ" ? upper
    : upper.slice(0, -1).replace(/^T$/, "10") + text.slice(-1).toLowerCase();
  const known = DECK.get(normal);
  if (!known) throw new Error(`not a card: ${token}`);
  const joker = known.suit === null;
  const red = joker ? known.rank === "RJ" : known.suit === "h" || known.suit === "d";
  return { token: known.card, rank: known.rank, suit: known.suit, joker, red, points: known.points };
}

/** How a person reads a card: "10 of hearts", "big (red) joker". */
function cardLabel(token) {
  const card = parseCard(token);
  if (card.joker) return card.rank === "RJ" ? "big (red) joker" : "small (black) joker";
  const label = `${card.rank} of ${SUIT_NAMES[card.suit]}`;
  return card.points ? `${label}, ${card.points} points` : label;
}

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function drawFace(svg, card) {
  const ink = card.red ? "#c8102e" : "#1b1b1b";
  const symbol = SUITS[card.suit];
  const corner = el("g", { fill: ink, "font-family": "Georgia, 'DejaVu Serif', serif" });
  corner.append(
    el("text", { x: 6, y: 20, "font-size": card.rank === "10" ? 15 : 17, "font-weight": 700 },
      card.rank),
    el("text", { x: 7, y: 36, "font-size": 15 }, symbol),
  );
  svg.append(corner);
  svg.append(el("text", {
    x: 34, y: 62, "text-anchor": "middle", "font-size": 32, fill: ink,
    "font-family": "'DejaVu Sans', sans-serif",
  }, symbol));
}

function drawJoker(svg, card) {
  const ink = card.red ? "#c8102e" : "#1b1b1b";
  const font = "'DejaVu Sans', sans-serif";
  svg.append(el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 4, fill: card.red ? "#ffe9e2" : "#e7ebf3" }));
  svg.append(el("text", { x: 7, y: 20, "font-size": 15, "font-weight": 700, fill: ink, "font-family": font }, card.rank));
  svg.append(el("text", { x: 30, y: 58, "text-anchor": "middle", "font-size": 34, fill: ink }, "★"));
  svg.append(el("text", {
    x: 30, y: 74, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: ink,
    "letter-spacing": 1, "font-family": font,
  }, "JOKER"));
}

function drawPointBadge(svg, card) {
  svg.append(el("circle", { cx: 13, cy: 71, r: 9.5, fill: "#f2c230", stroke: "#a87d00", "stroke-width": 1.2 }));
  svg.append(el("text", {
    x: 13, y: 75, "text-anchor": "middle", "font-size": card.points === 10 ? 10 : 11,
    "font-weight": 700, fill: "#4a3500", "font-family": "'DejaVu Sans', sans-serif",
  }, String(card.points)));
}

/**
 * One card as an <svg> element. Options: size ("normal" | "small"), selected, faceDown.
 * The element carries data-card (the token) and an accessible label.
 */
export function cardSvg(token, { size = "normal", selected = false, faceDown = false } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card card-${size}`, role: "img" });
  const body = el("rect", {
    x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 6,
    class: "card-body", "stroke-width": 1.5,
  });
  svg.append(body);
  if (faceDown) {
    svg.classList.add("card-back");
    svg.setAttribute("aria-label", "a face-down card");
    svg.append(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 4, class: "card-back-pattern" }));
    return svg;
  }
  const card = parseCard(token);
  svg.dataset.card = card.token;
  svg.setAttribute("aria-label", cardLabel(card.token));
  if (card.joker) {
    svg.classList.add("card-joker");
    drawJoker(svg, card);
  } else {
    drawFace(svg, card);
  }
  if (card.points) {
    svg.classList.add("card-points");
    drawPointBadge(svg, card);
  }
  if (selected) svg.classList.add("selected");
  return svg;
}

/** A row of small cards for a play (tokens in any order; drawn sorted). */
export function cardRow(tokens, size = "small") {
  const row = document.createElement("span");
  row.className = "card-row";
  for (const token of tokens) row.append(cardSvg(token, { size })); // in the engine's order
  return row;
}

/** A play longer than this is drawn as a fan (fanRow), not a row. */
export const ROW_CARDS = 5;

/** A long play's cards overlapping, each showing its corner (rank and suit), so that a
 *  sequence of a dozen cards or more fits a seat's box or a log line at 420 pixels. */
export function fanRow(tokens) {
  const row = cardRow(tokens, "small");
  row.classList.add("card-fan");
  row.setAttribute("aria-label", tokens.join(" ")); // in the engine's order
  return row;
}

/** A play's cards: a row up to ROW_CARDS cards, a fan beyond. */
export function playCards(tokens) {
  return tokens.length > ROW_CARDS ? fanRow(tokens) : cardRow(tokens, "small");
}

/** A card back with a count on it: how many cards a hidden hand holds. */
export function handBack(count) {
  const wrap = document.createElement("span");
  wrap.className = "hand-back";
  wrap.append(cardSvg(null, { size: "small", faceDown: true }));
  const badge = document.createElement("span");
  badge.className = "hand-back-count";
  badge.textContent = String(count);
  wrap.append(badge);
  return wrap;
}

// The Play page: the new-game (forms.js) and load forms, then the game: the agents' moves replayed one
// by one from the view's events, the person's hand to select from, what the selection reads as
// (POST /check), the legal moves grouped, Pass / Blind / Declare, Hint, Save, Next match.

import {
  ApiError, agentsFor, api, download, guarded, h, readFile, showError,
} from "./api.js";
import { cardRow, cardSvg } from "./cards.js";
import { declarationsBySeat, displayOf, nextDisplay } from "./display.js";
import { initAutoPass, onlyPass } from "./autopass.js";
import {
  agentSelect, fillHintAgents, fillNewGameForm, newGameBody, selectOf, useOptions,
} from "./forms.js";
import { isGameAddress, keyOfAddress, showAddress } from "./link.js";
import { drawPeople, several } from "./people.js";
import { initRules, showRulesOf } from "./rules.js";
import { declarationText, drawFelt, drawScores, logEvent, nextBanner } from "./table.js";

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const ACTIONS = new Set(["pass", "blind", "declare"]);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const state = {
  options: null,
  view: null,
  display: null,
  selected: new Set(), // slot indices into view.hand.cards (two-deck hands hold a card twice)
  check: null, // the answer of POST /check for the current selection
  checkSeq: 0,
  checkTimer: null,
  busy: false,
  banner: null, // the latest announcement (a trick won, a player out, the result)
  polling: false, // a GET of the view is on its way
  polled: 0, // when the page last asked (Date.now())
  lost: null, // the key of a game the page can no longer reach (gone, or the seat handed over)
  peopleDrawn: "", // what the people panel shows, to redraw it only when it changes
};

/** How often (ms) the page asks for the game's view while it shows one: a second tab, or the
 *  other people's moves. `?poll=SECONDS` in the address sets it (0: never). */
const POLL_MS = (() => {
  const wanted = Number(new URLSearchParams(location.search).get("poll"));
  return Number.isFinite(wanted) && new URLSearchParams(location.search).has("poll") ? wanted * 1000 : 1500;
})();

/** How often a page in a hidden tab asks: enough to say its person is still in the game. */
const HIDDEN_POLL_MS = 10000;

/** A route of the shown game's seat, asking for the events the page has not shown yet. */
function gamePath(view, route = "") {
  return `api/games/${view.id}${route ? `/${route}` : ""}?since=${view.history_length}`;
}

// --- the game ----------------------------------------------------------------------------------

function speed() {
  return Number($("pt-speed").value);
}

function pause(event) {
  const base = speed();
  if (!base) return 0;
  if (event.type === "match_scored" || event.type === "game_over") return base * 2.5;
  if (event.type === "trick" || event.type === "out" || event.type === "transfer") return base * 1.8;
  return base;
}

/** The banner's line for an announced event: the event's sentence, shortened for results. */
function bannerText(event, view) {
  const name = (seat) => view.seats[seat].name;
  if (event.type === "game_over") {
    return `Game over: ${event.winners.map(name).join(", ") || "no winner"}${event.winners.length ? " won" : ""}`;
  }
  if (event.type !== "match_scored") return event.text;
  const points = event.match_points;
  if (view.teams) return `Match ${view.match} over: team 0 ${points[0]}, team 1 ${points[1]}`;
  const best = Math.max(...points);
  const top = points.map((p, seat) => (p === best ? name(seat) : null)).filter((n) => n !== null);
  return `Match ${view.match} over: ${top.join(", ")} scored most (${best} points)`;
}

/** Takes a view from the server: replays its events on the felt at the chosen pace, then
 *  draws the game as the view says; while the agents play on (the server answers a slice of
 *  their moves at a time: `agents_playing`), asks for their next moves and shows those. */
async function receive(view) {
  state.busy = true;
  for (;;) {
    await showEvents(view);
    if (!view.agents_playing || !state.view || state.view.id !== view.id) break;
    const id = view.id;
    const path = gamePath(view, "advance");
    const next = await guarded(() => api(path, { method: "POST", body: {} }));
    if (!next || !state.view || state.view.id !== id) break; // failed, or the game was left
    view = next;
  }
  state.busy = false;
  if (state.view) drawAll(state.display);
  autoPass();
}

/** Passes for the person when pass is their only move and auto-pass is on (after a moment,
 *  unless the game has moved on meanwhile). */
function autoPass() {
  const view = state.view;
  const index = onlyPass(view);
  if (index === null || state.busy || !$("pt-autopass").checked) return;
  setTimeout(() => {
    if (state.view === view && !state.busy) playIndex(index);
  }, Math.min(speed(), 600));
}

/** Replays `view`'s events on the felt at the chosen pace, then takes it as the game's state. */
async function showEvents(view) {
  state.view = view;
  clearSelection();
  drawControls();
  const events = view.events || [];
  let display = state.display || displayOf(view.felt);
  drawAll(display);
  for (const event of events) {
    logEvent($("pt-log"), event);
    display = nextDisplay(display, event);
    state.banner = nextBanner(state.banner, event, (announcement) => bannerText(announcement, view));
    const wait = pause(event);
    if (wait) {
      drawFelt($("pt-felt"), view, display, state.banner);
      await sleep(wait);
    }
  }
  state.display = displayOf(view.felt);
}

/** Draws the whole table; `display` is what the felt shows (an earlier state while the
 *  agents' moves are being replayed). */
function drawAll(display) {
  const view = state.view;
  const seed = view.seed_hidden ? "seed shown when the game is over" : view.seed === null ? "dealt from given hands" : `seed ${view.seed}`;
  $("pt-title").textContent = `${view.title}, ${view.players} players, ${seed}`;
  const partner = view.teams ? view.teams.find((t) => t.includes(view.seat)).find((s) => s !== view.seat) : null;
  $("pt-match").textContent = `Match ${view.match}` + (partner !== null ? ` · your partner: seat ${partner} (team ${view.seats[view.seat].team})` : "");
  drawFelt($("pt-felt"), view, display, state.banner);
  drawScores($("pt-scores"), view);
  drawPeoplePanel(view);
  drawHand();
  drawMoves();
  drawControls();
  drawSelection();
  drawMatchOver();
}

function drawHand() {
  const view = state.view;
  const hand = $("pt-hand");
  const cards = view.hand.cards;
  $("pt-hand-title").textContent = view.hand.seen ? `Your hand (${plural(cards.length, "card")})` : "Your hand";
  // before the blind declarations' early return: a match after the first begins with them
  document.querySelector(".hand-area .actions").hidden = view.match_over && !state.busy;
  if (!view.hand.seen) {
    hand.replaceChildren(h("p", { class: "muted" }, `You have not seen your cards yet: declare blind (±${view.stakes.blind}) or pass.`));
    return;
  }
  if (view.match_over && !state.busy) {
    const next = view.game_over ? "New game starts another." : "Next match deals again.";
    const show = () => $("pt-over").scrollIntoView({ block: "start" });
    hand.replaceChildren(h("p", { class: "muted", id: "pt-over-note" }, "The match is over: ",
      h("button", { type: "button", id: "pt-show-result", onclick: show }, "see the result"), ` ${next}`),
      cards.length ? cardRow(cards.map((c) => c.card), "normal") : "");
    return;
  }
  const selectable = view.your_turn && view.phase === "play" && !state.busy;
  const groups = [];
  cards.forEach((card, slot) => {
    const last = groups[groups.length - 1];
    const button = h("button", {
      type: "button", class: "card-slot", disabled: !selectable,
      "aria-pressed": state.selected.has(slot) ? "true" : "false",
      dataset: { slot: String(slot), card: card.card }, onclick: () => toggle(slot),
    }, cardSvg(card.card));
    if (state.selected.has(slot)) button.classList.add("selected");
    if (last && last.rank === card.rank) last.node.append(button);
    else groups.push({ rank: card.rank, node: h("div", { class: "rank-group", dataset: { rank: card.rank } }, button) });
  });
  hand.replaceChildren(...groups.map((g) => g.node));
}

function movesByIndex() {
  return new Map(state.view.moves.map((m) => [m.index, m]));
}

function drawMoves() {
  const view = state.view;
  const list = $("pt-moves");
  const moves = movesByIndex();
  const groups = view.groups.filter((g) => !ACTIONS.has(g.kind));
  const playable = view.moves.filter((m) => !ACTIONS.has(m.kind)).length;
  const playing = view.phase === "play";
  $("pt-moves-count").textContent = view.your_turn && playing && !state.busy
    ? `(${plural(groups.length, "group")}, ${plural(playable, "move")})` : "";
  if (state.busy || !view.your_turn || view.phase !== "play") {
    let why = "Not your turn.";
    if (state.busy) why = "The others are playing…";
    else if (view.match_over) why = "The match is over.";
    else if (view.your_turn) why = "Declare or pass with the buttons under your hand.";
    list.replaceChildren(h("p", { class: "muted small" }, why));
    return;
  }
  if (!groups.length) {
    list.replaceChildren(h("p", { class: "muted small" }, "Nothing in your hand beats the table: pass."));
    return;
  }
  list.replaceChildren(...groups.map((group) => {
    const first = moves.get(group.indices[0]);
    return h("button", {
      type: "button", class: "move-group", title: `select ${first.cards.join(" ")}`,
      dataset: { index: String(first.index), kind: group.kind, cards: String(first.cards.length) }, onclick: () => selectCards(first.cards),
    }, h("span", {}, group.name), group.indices.length > 1 ? h("span", { class: "variants" }, `${group.indices.length} ways`) : null);
  }));
}

function actionMove(kind) {
  return state.view.moves.find((m) => m.kind === kind);
}

/** The game's state for people and tests: body[data-game-state] is busy, turn, wait or over. */
function markState() {
  const view = state.view;
  let mark = "";
  if (view) mark = state.busy ? "busy" : view.match_over ? "over" : view.your_turn ? "turn" : "wait";
  document.body.dataset.gameState = mark;
  document.body.dataset.gameId = view ? view.id : "";
  document.body.dataset.version = view ? String(view.version) : "";
  document.body.dataset.phase = view ? view.phase : "";
}

function drawControls() {
  const view = state.view;
  markState();
  const live = view && !state.busy && view.your_turn;
  for (const kind of ACTIONS) {
    const button = $(`pt-${kind}`);
    const move = view && actionMove(kind);
    button.hidden = !move;
    button.disabled = !live;
  }
  $("pt-hint").disabled = !live;
  $("pt-hint").hidden = $("pt-hint-agent").parentElement.hidden = Boolean(view) && !view.hints;
  const playing = Boolean(view) && view.phase === "play";
  $("pt-clear").hidden = $("pt-play").hidden = !playing;
  $("pt-clear").disabled = !live || !state.selected.size;
  const kept = Boolean(view) && several(view) && !view.game_over;
  $("pt-save").disabled = state.busy || kept;
  $("pt-save").title = kept ? "The save holds every hand: it is offered once the game is over" : "Download the game to resume it later";
  const legal = live && state.check && state.check.legal;
  $("pt-play").disabled = !legal;
  $("pt-play").textContent = legal ? `Play ${movesByIndex().get(state.check.indices[0]).name}` : "Play";
  for (const extra of document.querySelectorAll(".play-as")) extra.remove();
  if (legal && state.check.indices.length > 1) {
    const moves = movesByIndex();
    for (const index of state.check.indices.slice(1)) {
      $("pt-play").after(h("button", { type: "button", class: "play-as", disabled: !live, onclick: () => playIndex(index) },
        `Play as ${moves.get(index).name}`));
    }
  }
}

function drawSelection() {
  const view = state.view;
  const node = $("pt-selection");
  if (!state.selected.size) {
    let text;
    if (view.match_over || state.busy) text = "";
    else if (!view.your_turn) text = `Waiting for ${view.seats[view.current_player].name}…`;
    else if (view.phase === "blind_declare") text = `Blind declaration: +${view.stakes.blind} if you go out first, −${view.stakes.blind} if not.`;
    else if (view.phase === "declare") text = `Declaration: +${view.stakes.declare} if you go out first, −${view.stakes.declare} if not.`;
    else if (view.table) text = `Select cards that beat ${view.table.move.name}, or pass.`;
    else text = "Your lead: select cards to play.";
    node.replaceChildren(h("span", { class: "muted", id: "pt-prompt" }, text));
    return;
  }
  const tokens = selectedTokens();
  const check = state.check;
  const parts = [cardRow(tokens, "small")];
  if (!check) parts.push(h("span", { class: "muted" }, "checking…"));
  else {
    const readings = check.readings.map((r) => r.name);
    parts.push(h("span", { class: "reading", id: "pt-reading" }, readings.length ? `reads as ${readings.join(" or ")}` : "not a combination"));
    const text = check.legal ? (check.beats_table ? "legal: beats the table" : "legal") : check.reason;
    parts.push(h("span", { class: `verdict ${check.legal ? "ok" : "bad"}`, id: "pt-verdict" }, text));
  }
  node.replaceChildren(...parts);
}

/** A Zen Cheng You match's score from the view's breakdown (API.md), a column a team: its cards
 * or the 1-2 finish, declarations, the match, the score before and after. */
function breakdownTable(breakdown) {
  const teams = breakdown.teams;
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
  const line = (key, label, value) => h("tr", { class: key }, h("th", { scope: "row" }, label),
    ...teams.map((t) => h("td", { class: "num", "data-team": t.team }, value(t))));
  const head = h("tr", {}, h("th", {}, ""), ...teams.map((t) => h("th", { class: "num", title: t.label }, `team ${t.team}`)));
  return h("div", { class: "breakdown-wrap" },
    h("table", { class: "results", id: "pt-breakdown" }, h("thead", {}, head), h("tbody", {},
      line("first", breakdown.one_two ? "1-2 finish" : "cards", (t) => (breakdown.one_two ? t.one_two : t.cards)),
      line("declared", "declarations", (t) => signed(t.declarations)),
      line("match", "match", (t) => t.match_points),
      line("before", "score before", (t) => t.before),
      line("total", "total", (t) => t.score))),
    h("p", { class: "muted small", id: "pt-breakdown-teams" }, teams.map((t) => t.label).join("; ")));
}

function drawMatchOver() {
  const view = state.view;
  const panel = $("pt-over");
  panel.hidden = !view.match_over || state.busy;
  if (panel.hidden) return;
  const name = (s) => view.seats[s].name;
  $("pt-over-title").textContent = view.game_over ? "Game over" : `Match ${view.match} over`;
  const rows = view.scores.map((row) => h("tr", {}, h("td", {}, row.label),
    h("td", { class: "num" }, row.match_points), h("td", { class: "num" }, row.score)));
  const body = [
    h("p", {}, `Order out: ${view.out_order.map(name).join(", ")}`),
    view.last_hand ? h("p", { class: "small", id: "pt-last-hand" },
      `${name(view.last_hand.seat)} still held `, cardRow(view.last_hand.cards, "small"),
      " (handed over with the pile)") : null,
    view.breakdown ? breakdownTable(view.breakdown)
      : h("table", { class: "results" }, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { class: "num" }, "match"), h("th", { class: "num" }, "total"))), h("tbody", {}, rows)),
  ];
  if (view.breakdown && view.breakdown.one_two) {
    const [won, lost] = [...view.breakdown.teams].sort((a, b) => b.one_two - a.one_two);
    body.push(h("p", { class: "small", id: "pt-one-two" }, `A 1-2 finish: ${won.label} went out first and second `
      + `and scores ${won.one_two}, the other team ${lost.one_two}; no card points are counted.`));
  }
  const declared = [...declarationsBySeat(view.declarations).values()].filter((d) => d.stake);
  if (declared.length) {
    body.push(h("p", { class: "small" }, "Declarations: ",
      declared.map((d) => `${name(d.seat)} ${declarationText(d)}`).join(", ")));
  }
  if (view.game_over) {
    const winners = view.winners.map(name).join(", ");
    body.push(h("p", { class: "big", id: "pt-winners" }, winners ? `Winners: ${winners}` : "No winner"));
  }
  $("pt-over-body").replaceChildren(...body.filter(Boolean));
  $("pt-next").hidden = view.game_over;
  $("pt-again").hidden = !view.game_over;
}

// --- selecting and playing ---------------------------------------------------------------------

function selectedTokens() {
  const cards = state.view.hand.cards;
  return [...state.selected].sort((a, b) => a - b).map((slot) => cards[slot].card);
}

function clearSelection() {
  clearTimeout(state.checkTimer);
  state.selected.clear();
  state.check = null;
  state.checkSeq += 1;
}

function toggle(slot) {
  if (state.busy) return;
  if (state.selected.has(slot)) state.selected.delete(slot);
  else state.selected.add(slot);
  selectionChanged();
}

/** Selects exactly `tokens` from the hand (each token one slot, duplicates distinct). */
function selectCards(tokens) {
  const cards = state.view.hand.cards;
  state.selected.clear();
  for (const token of tokens) {
    const slot = cards.findIndex((c, i) => c.card === token && !state.selected.has(i));
    if (slot >= 0) state.selected.add(slot);
  }
  selectionChanged();
}

function selectionChanged() {
  state.check = null;
  const seq = ++state.checkSeq;
  clearTimeout(state.checkTimer);
  drawHand();
  drawSelection();
  drawControls();
  if (!state.selected.size) return;
  const cards = selectedTokens();
  state.checkTimer = setTimeout(() => guarded(async () => {
    const check = await api(`api/games/${state.view.id}/check`, { method: "POST", body: { cards } });
    if (seq !== state.checkSeq) return;
    state.check = check;
    drawSelection();
    drawControls();
  }), 120);
}

async function send(path, body) {
  if (state.busy) return;
  state.busy = true;
  drawControls();
  const shown = state.view;
  let view;
  try {
    view = await api(gamePath(shown, path), { method: "POST", body });
  } catch (error) {
    showError(error);
    // The game moved on without this page (another tab, a stale view): catch up with it.
    if (error instanceof ApiError && error.status === 409) view = await guarded(() => api(gamePath(shown)));
  }
  state.busy = false;
  if (view) {
    $("pt-hint-panel").hidden = true;
    await receive(view);
  } else {
    drawControls();
  }
}

function playIndex(index) {
  return send("move", { index, version: state.view.version });
}

async function hint() {
  const body = $("pt-hint-body");
  $("pt-hint-panel").hidden = false;
  body.replaceChildren(h("p", { class: "muted" }, "thinking…"));
  $("pt-hint").disabled = true;
  const agent = $("pt-hint-agent").value;
  const answer = await guarded(() => api(`api/games/${state.view.id}/hint`, { method: "POST", body: { agent } }));
  drawControls();
  if (!answer) {
    $("pt-hint-panel").hidden = true;
    return;
  }
  const learned = answer.q_meaning !== null;
  const rows = answer.candidates.map((c) => h("tr", { class: c.index === answer.index ? "chosen" : "" },
    h("td", {}, c.name), learned ? h("td", { class: "num q" }, c.q.toFixed(1)) : null,
    h("td", { class: "num" }, c.value.toFixed(2)), h("td", { class: "num" }, c.playouts)));
  body.replaceChildren(h("div", {},
    h("p", { id: "pt-hint-move", title: answer.agent }, `${agent} would play `, h("strong", {}, answer.move.name), " ",
      answer.move.cards.length ? cardRow(answer.move.cards, "small") : null),
    answer.move.cards.length
      ? h("button", { type: "button", onclick: () => selectCards(answer.move.cards) }, "Select it") : null,
    h("p", { id: "pt-hint-basis", class: "muted small" }, `${answer.basis}.`),
    h("table", { id: "pt-hint-table" }, h("thead", {}, h("tr", {}, h("th", {}, "candidate"),
      learned ? h("th", { class: "num", title: answer.q_meaning }, "Q") : null,
      h("th", { class: "num" }, "value"), h("th", { class: "num" }, "playouts"))),
    h("tbody", {}, rows)),
    learned ? h("p", { class: "muted small" }, `Q: ${answer.q_meaning}.`) : null,
    h("p", { class: "muted small" }, `value: ${answer.value_meaning}`)));
}

async function save() {
  const text = await guarded(() => api(`api/games/${state.view.id}/save`, { raw: true }));
  if (text) download(`zhengfen-${state.view.id}.json`, text);
}

async function openGame(created) {
  if (!created) return;
  $("play-setup").hidden = true;
  $("play-game").hidden = false;
  $("pt-log").replaceChildren();
  $("pt-hint-panel").hidden = true;
  state.banner = null;
  state.display = null;
  state.peopleDrawn = "";
  fillHintAgents(created.view);
  showRulesOf(created.view.game);
  showAddress(created.view.link);
  await receive(created.view);
}

/** Back to the New game form: asks first while the game is on (it stays on the server, and
 *  its address, bookmarked, comes back to it until the game has been idle too long). */
function leaveGame() {
  const view = state.view;
  if (view && !view.game_over) {
    const minutes = Math.round(state.options.limits.idle_seconds / 60);
    const others = several(view) ? " The others play on without you: your seat waits for you." : "";
    if (!confirm(`Leave this game for a new one? The game stays on the server: this page's address brings it back (bookmark it) until nobody has played it for ${minutes} minutes.${others}`)) return;
  }
  state.view = null;
  state.display = null;
  state.peopleDrawn = "";
  markState();
  showAddress("#play");
  $("play-game").hidden = true;
  $("play-setup").hidden = false;
  $("ng-seed").value = ""; // the server draws one, kept from every seat until the game is over
}

/** The address of the Play tab: the shown seat's link, else #play. */
export function playAddress() {
  return state.view ? state.view.link : "#play";
}

/** Opens the seat the address names (a reload, a bookmark, a link handed out), its whole
 *  history shown at once. */
async function openAddress() {
  const key = keyOfAddress();
  if (!key || (state.view && state.view.id === key)) return;
  const view = await guarded(() => api(`api/games/${key}?since=0`));
  if (!view) {
    if (!state.view) showAddress("#play");
    return;
  }
  await openInstantly({ id: view.id, view });
}

/** Opens a game with its events shown instantly, whatever the chosen pace. */
async function openInstantly(created) {
  const chosen = $("pt-speed").value;
  $("pt-speed").value = "0";
  try {
    await openGame(created);
  } finally {
    $("pt-speed").value = chosen;
  }
}

/** Asks for the shown game's view: another tab's moves, or the other people's, appear as they
 *  are made; while the agents play on, the page asks them to (receive). */
async function poll() {
  const view = state.view;
  if (!view || view.id === state.lost || state.busy || state.polling) return;
  if (document.hidden && Date.now() - state.polled < HIDDEN_POLL_MS) return; // a heartbeat only
  state.polled = Date.now();
  state.polling = true;
  let fresh;
  try {
    fresh = await api(gamePath(view));
  } catch (error) {
    if (state.view === view && error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      showError(`${error.message} (this page stops following the game)`);
      state.lost = view.id;
    }
  } finally {
    state.polling = false;
  }
  if (!fresh || state.view !== view || state.busy) return; // the page moved on meanwhile
  const renamed = fresh.seats.some((s, i) => s.name !== view.seats[i].name); // a person named themselves
  if (fresh.version !== view.version || fresh.events.length || fresh.agents_playing || renamed) await receive(fresh);
  else drawPeoplePanel(fresh);
}

function handOver(seat, agent) {
  if (state.busy) return;
  send(`seats/${seat}`, { agent });
}

function drawPeoplePanel(view) {
  const shown = JSON.stringify([view.owner, view.seats.map((s) => [s.person, s.present, s.link, s.can_hand_over, s.name]), view.your_name]);
  if (shown === state.peopleDrawn || document.activeElement === $("pt-my-name")) return; // not while typing
  state.peopleDrawn = shown;
  const agents = agentsFor(state.options.agents, view.game, view.players);
  drawPeople($("pt-people"), view, agents, handOver, (name) => send("name", { name }));
}

async function loadGame(event) {
  event.preventDefault();
  const created = await guarded(async () => {
    const saved = await readFile($("lg-file"), state.options.limits.max_upload);
    return api("api/games/load", {
      method: "POST",
      body: { saved, seat: Number($("lg-seat").value), opponents: [$("lg-agent").value] },
    });
  });
  if (!created) return;
  const history = await guarded(() => api(`api/games/${created.id}?since=0`));
  if (history) created.view.events = history.events;
  await openInstantly(created);
}

/** The pace of the agents' moves: ?speed=instant|fast|normal|slow in the address, else the
 *  last one chosen in this browser. */
function initSpeed() {
  const speed = $("pt-speed");
  const wanted = new URLSearchParams(location.search).get("speed") || localStorage.getItem("zhengfen-speed");
  const option = [...speed.options].find((o) => o.textContent === wanted || o.value === wanted);
  if (option) speed.value = option.value;
  speed.addEventListener("change", () => localStorage.setItem("zhengfen-speed", speed.value));
}

/** Sets up the Play page once the options are known. */
export function initPlay(options) {
  state.options = options;
  useOptions(options);
  $("ng-seed").value = ""; // the server draws one, kept from every seat until the game is over
  fillNewGameForm();
  initSpeed();
  initAutoPass($("pt-autopass"), autoPass);
  initRules();
  for (const id of ["ng-game", "ng-players", "ng-seat"]) $(id).addEventListener("change", fillNewGameForm);
  $("lg-agent").replaceWith(agentSelect("lg-agent", "greedy"));
  const hinters = state.options.agents.filter((a) => a.name !== "random" && a.plays === null);
  $("pt-hint-agent").replaceWith(selectOf("pt-hint-agent", hinters.map((a) => a.name), "greedy"));
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    await openGame(await guarded(() => api("api/games", { method: "POST", body: newGameBody() })));
  });
  $("load-game").addEventListener("submit", loadGame);
  $("pt-play").addEventListener("click", () => state.check && playIndex(state.check.indices[0]));
  for (const kind of ACTIONS) {
    $(`pt-${kind}`).addEventListener("click", () => {
      const move = actionMove(kind);
      if (move) playIndex(move.index);
    });
  }
  $("pt-clear").addEventListener("click", () => { state.selected.clear(); selectionChanged(); });
  $("pt-hint").addEventListener("click", hint);
  $("pt-save").addEventListener("click", save);
  $("pt-next").addEventListener("click", () => send("next", {}));
  $("pt-new").addEventListener("click", leaveGame);
  $("pt-again").addEventListener("click", leaveGame);
  window.addEventListener("hashchange", () => { if (isGameAddress()) openAddress(); });
  if (POLL_MS > 0) setInterval(poll, POLL_MS);
  if (isGameAddress()) openAddress();
  document.addEventListener("keydown", (event) => {
    if ($("play-game").hidden || event.target.matches("input, select, textarea")) return;
    if (event.key === "Escape") $("pt-clear").click();
    else if (event.key === "Enter" && event.ctrlKey && !$("pt-play").disabled) $("pt-play").click();
  });
}

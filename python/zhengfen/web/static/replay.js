// The Replay page: open a saved game or an arena log (an upload, or a file from the server's
// folder), then step through it move by move and trick by trick with every hand visible, or
// jump to a match. The frames come ready-made, one match at a time, from
// GET /api/replays/{id}/{k}?match=M; the game's index (GET /api/replays/{id}/{k}) says where
// each match starts.

import { api, guarded, h, readFile } from "./api.js";
import { cardRow } from "./cards.js";
import { declarationsBySeat } from "./display.js";
import { declarationText } from "./table.js";

const $ = (id) => document.getElementById(id);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const state = { id: null, games: [], replay: null, part: null, i: 0, seq: 0, limits: {} };

async function listFolder() {
  const listing = await guarded(() => api("api/replays"));
  if (!listing) return;
  $("rp-folder-set").hidden = !listing.folder;
  $("rp-folder").replaceChildren(...listing.files.map((f) => h("option", { value: f.name }, `${f.name} (${Math.ceil(f.size / 1024)} KiB)`)));
  $("rp-open-folder").disabled = !listing.files.length;
}

async function open(body) {
  const opened = await guarded(() => api("api/replays", { method: "POST", body }));
  if (!opened) return;
  state.id = opened.id;
  state.games = opened.games;
  $("rp-game").replaceChildren(...opened.games.map((g) => h("option", { value: g.k },
    `${g.title} · ${g.matches} match${g.matches === 1 ? "" : "es"}, ${g.moves} moves`)));
  $("rp-game-label").hidden = opened.games.length < 2;
  await showGame(opened.games[0].k);
}

async function showGame(k) {
  const replay = await guarded(() => api(`api/replays/${state.id}/${k}`));
  if (!replay) return;
  state.replay = replay;
  state.part = null;
  $("rp-match").replaceChildren(...replay.matches.map((frame, m) => h("option", { value: frame }, `Match ${m + 1}`)));
  $("replay-view").hidden = false;
  await go(0);
}

/** The match (from 1) that frame `i` belongs to. */
function matchOf(i) {
  return state.replay.matches.filter((start) => start <= i).length;
}

/** The frames of match `m` (the server answers a match at a time), fetched unless shown now;
 *  false when the fetch failed or another game was opened meanwhile. */
async function load(m) {
  if (state.part && state.part.match === m) return true;
  const replay = state.replay;
  const part = await guarded(() => api(`api/replays/${state.id}/${replay.k}?match=${m}`));
  if (!part || state.replay !== replay) return false;
  state.part = part;
  return true;
}

/** Shows frame `i` (kept within the game), fetching its match first when needed. */
async function go(i) {
  const target = Math.max(0, Math.min(state.replay.length - 1, i));
  const seq = ++state.seq;
  if (!(await load(matchOf(target))) || seq !== state.seq) return;
  state.i = target;
  draw();
}

async function prevTrick() {
  if (!state.part) return undefined;
  const earlier = state.part.tricks.filter((t) => t < state.i);
  if (earlier.length) return go(earlier[earlier.length - 1]);
  const m = state.part.match;
  if (m === 1) return go(0);
  if (await load(m - 1)) return go(state.part.tricks[state.part.tricks.length - 1]);
  return undefined;
}

function nextTrick() {
  if (!state.part) return undefined;
  const next = state.part.tricks.find((t) => t > state.i);
  if (next !== undefined) return go(next);
  const m = state.part.match;
  return go(m < state.replay.matches.length ? state.replay.matches[m] : state.replay.length - 1);
}

function seatName(s) {
  return state.replay.names[s];
}

function moveText(move) {
  return move.kind === "pass" ? "pass" : move.name;
}

function tableBox(frame) {
  const felt = frame.felt;
  const box = h("div", { class: "panel", id: "rp-table-box" });
  if (felt.table) {
    box.append(h("div", {}, h("strong", {}, "To beat: "), `${felt.table.move.name} (${seatName(felt.table.seat)}) `, cardRow(felt.table.move.cards)));
  } else {
    box.append(h("div", { class: "muted" }, "Nothing on the table."));
  }
  if (felt.trick.length) {
    box.append(h("div", { class: "small" }, "Trick: ", felt.trick.map((e) => `${seatName(e.seat)} ${moveText(e.move)}`).join(" · ")));
  }
  if (felt.last_hand) {
    box.append(h("div", { class: "small", id: "rp-last-hand" }, `${seatName(felt.last_hand.seat)} still held `,
      cardRow(felt.last_hand.cards, "small"), " (handed over with the pile)"));
  }
  if (frame.declarations && frame.declarations.length) {
    const made = [...declarationsBySeat(frame.declarations).values()];
    box.append(h("div", { class: "small" }, "Declarations: ", made.map((d) => `${seatName(d.seat)} ${declarationText(d)}`).join(", ")));
  }
  const side = state.replay.teams ? "team" : "seat";
  box.append(h("div", { class: "small" },
    `Match points: ${felt.match_points.map((p, k) => `${side} ${k} ${p}`).join(", ")} · `
    + `Scores: ${felt.scores.map((p, k) => `${side} ${k} ${p}`).join(", ")}`));
  return box;
}

function seatRow(frame, seat) {
  const info = frame.felt.seats[seat];
  const moving = frame.felt.current_player === seat;
  const classes = ["replay-seat"];
  if (moving) classes.push("turn");
  return h("div", { class: classes.join(" "), dataset: { seat: String(seat) } },
    h("div", {},
      h("strong", {}, seatName(seat)), " ", info.team !== null ? h("span", { class: `team team-${info.team}` }, `team ${info.team}`) : null,
      h("div", { class: "small muted" }, `${plural(info.cards_left, "card")} · ${info.points_won} pts`
        + (info.place ? ` · out #${info.place}` : "") + (moving ? " · to move" : ""))),
    info.hand && info.hand.length ? cardRow(info.hand) : h("span", { class: "muted" }, "no cards"));
}

function draw() {
  const { length, matches, moves } = state.replay;
  const { frames, first, tricks } = state.part;
  const frame = frames[state.i - first];
  const trick = tricks.filter((t) => t <= state.i).length;
  $("rp-position").textContent = `move ${frame.move} of ${moves} · match ${frame.match} · trick ${trick}`;
  const said = frame.events.map((e) => e.text).join(" · ");
  $("rp-event").textContent = said || (frame.decision ? moveText(frame.decision.move) : "");
  $("rp-table").replaceChildren(tableBox(frame));
  $("rp-hands").replaceChildren(...frame.felt.seats.map((_, seat) => seatRow(frame, seat)));
  $("rp-match").value = String(matches[frame.match - 1]);
  $("rp-prev").disabled = $("rp-start").disabled = $("rp-prev-trick").disabled = state.i === 0;
  const last = state.i === length - 1;
  $("rp-next").disabled = $("rp-end").disabled = $("rp-next-trick").disabled = last;
}

/** Sets up the Replay page. */
export function initReplay(options) {
  state.limits = options.limits;
  listFolder();
  $("replay-open").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = await guarded(() => readFile($("rp-file"), state.limits.max_upload));
    if (text !== undefined) await open({ text });
  });
  $("rp-open-folder").addEventListener("click", () => open({ name: $("rp-folder").value }));
  $("rp-game").addEventListener("change", () => showGame(Number($("rp-game").value)));
  $("rp-match").addEventListener("change", () => go(Number($("rp-match").value)));
  $("rp-start").addEventListener("click", () => go(0));
  $("rp-prev").addEventListener("click", () => go(state.i - 1));
  $("rp-next").addEventListener("click", () => go(state.i + 1));
  $("rp-prev-trick").addEventListener("click", prevTrick);
  $("rp-next-trick").addEventListener("click", nextTrick);
  $("rp-end").addEventListener("click", () => go(state.replay.length - 1));
  document.addEventListener("keydown", (event) => {
    if ($("page-replay").hidden || !state.replay || event.target.matches("input, select, textarea")) return;
    const keys = {
      ArrowLeft: () => go(state.i - 1), ArrowRight: () => go(state.i + 1), PageUp: prevTrick,
      PageDown: nextTrick, Home: () => go(0), End: () => go(state.replay.length - 1),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });
}

// The Tournament page: a small arena started from a form (POST /api/tournaments), its progress
// polled, then the result table and an inline-SVG plot of points per match per agent with the
// 95 % confidence interval as error bars, as the deals came in.

import { agentsFor, api, guarded, h, integerField, showError } from "./api.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#1f5fbf", "#c8102e", "#1d7a3a", "#8a4fbf", "#c77700", "#3b8c8c"];
const DEFAULT_AGENTS = ["greedy", "random"];

let options = null;
let polling = null;

function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function fillForm() {
  const info = options.games.find((g) => g.game === $("tn-game").value);
  const previous = Number($("tn-players").value);
  const players = info.players.includes(previous) ? previous : info.default_players;
  $("tn-players").replaceChildren(...info.players.map((n) => h("option", { value: n, selected: n === players }, n)));
  $("tn-players").disabled = info.players.length === 1;
  const set = $("tn-agents");
  const chosen = [...set.querySelectorAll("select")].map((s) => s.value);
  set.replaceChildren(set.querySelector("legend"));
  for (let s = 0; s < players; s += 1) {
    const select = h("select", { id: `tn-agent-${s}` });
    const playing = agentsFor(options.agents, info.game, players).filter((a) => !a.bot); // bots play at tables only
    for (const agent of playing) {
      const wanted = chosen[s] || DEFAULT_AGENTS[s % DEFAULT_AGENTS.length];
      const value = playing.some((a) => a.name === wanted) ? wanted : DEFAULT_AGENTS[s % DEFAULT_AGENTS.length];
      select.append(h("option", { value: agent.name, selected: agent.name === value, title: agent.about || agent.spec }, agent.name));
    }
    set.append(h("label", {}, `seat ${s}`, select));
  }
  $("tn-deals").max = String(options.limits.max_deals);
}

function fmt(x, digits = 1) {
  return x === null || x === undefined ? "–" : Number(x).toFixed(digits);
}

/** What the wins column counts. */
const WINS_TITLE = "games won / games decided (a game is decided when a score reaches the target)";

function drawTable(result) {
  const rows = result.rows.map((r) => h("tr", {},
    h("td", {}, r.agent), h("td", { class: "num" }, r.games), h("td", { class: "num" }, fmt(r.points_per_match)),
    h("td", { class: "num" }, r.low === null ? "–" : `${fmt(r.low)} … ${fmt(r.high)}`),
    h("td", { class: "num", title: WINS_TITLE }, r.decided ? `${r.wins} / ${r.decided}` : "–"),
    h("td", { class: "num" }, r.win_rate === null ? "–" : `${fmt(100 * r.win_rate, 0)} % (${fmt(100 * r.win_low, 0)}–${fmt(100 * r.win_high, 0)})`)));
  const parts = [h("table", { class: "results", id: "tn-results-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "agent"), h("th", { class: "num" }, "games"),
      h("th", { class: "num" }, "points / match"), h("th", { class: "num" }, "95 % interval"),
      h("th", { class: "num", title: WINS_TITLE }, "wins"), h("th", { class: "num" }, "win rate"))),
    h("tbody", {}, rows))];
  if (result.rows.length && result.rows.every((r) => !r.decided)) {
    parts.push(h("p", { class: "small", id: "tn-undecided" }, "No game had a winner: a game is won only"
      + " at the end of a match in which a score reached the target, and these games stopped before."
      + " Compare the points per match."));
  }
  const d = result.difference;
  if (d) {
    parts.push(h("p", { class: "small" }, `${d.first} − ${d.second}: ${fmt(d.mean)} points per match`
      + (d.low === null ? "" : ` (95 % interval ${fmt(d.low)} … ${fmt(d.high)})`)));
  }
  parts.push(h("p", { class: "muted small" }, `${result.games_done} games in ${fmt(result.seconds, 1)} s`));
  $("tn-table").replaceChildren(...parts);
}

/** Round tick values (steps of 1, 2 or 5 times a power of ten) from `low` to `high`. */
function niceTicks(low, high, count = 7) {
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const ticks = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) ticks.push(Number(v.toFixed(6)));
  return ticks;
}

/** The plot: x deals played, y points per match; a line and error bars per agent. */
export function plotSeries(series, width = 720, height = 340) {
  const margin = { left: 52, right: 130, top: 14, bottom: 40 };
  const points = series.flatMap((s) => s.points);
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "points per match by deals played" });
  if (!points.length) return plot;
  const xs = points.map((p) => p.deals);
  const ys = points.flatMap((p) => [p.mean, p.low ?? p.mean, p.high ?? p.mean]);
  const xMax = Math.max(...xs, 1);
  let [yMin, yMax] = [Math.min(...ys), Math.max(...ys)];
  if (yMax - yMin < 1) { yMin -= 1; yMax += 1; }
  const pad = (yMax - yMin) * 0.08;
  yMin -= pad; yMax += pad;
  const x = (v) => margin.left + (v / xMax) * (width - margin.left - margin.right);
  const y = (v) => margin.top + (1 - (v - yMin) / (yMax - yMin)) * (height - margin.top - margin.bottom);
  const bottom = height - margin.bottom;
  plot.append(svg("line", { x1: margin.left, y1: bottom, x2: width - margin.right, y2: bottom, class: "axis" }),
    svg("line", { x1: margin.left, y1: margin.top, x2: margin.left, y2: bottom, class: "axis" }));
  for (const v of niceTicks(yMin, yMax)) {
    plot.append(svg("line", { x1: margin.left - 4, y1: y(v), x2: width - margin.right, y2: y(v), stroke: "#eee" }),
      svg("text", { x: margin.left - 8, y: y(v) + 4, "text-anchor": "end" }, v.toFixed(0)));
  }
  for (const v of niceTicks(0, xMax).filter(Number.isInteger)) {
    plot.append(svg("text", { x: x(v), y: bottom + 16, "text-anchor": "middle" }, String(v)));
  }
  plot.append(svg("text", { x: (margin.left + width - margin.right) / 2, y: height - 6, "text-anchor": "middle" }, "deals played"),
    svg("text", { x: 14, y: (margin.top + bottom) / 2, transform: `rotate(-90 14 ${(margin.top + bottom) / 2})`, "text-anchor": "middle" }, "points per match"));
  series.forEach((s, k) => {
    const colour = COLOURS[k % COLOURS.length];
    const shift = (k - (series.length - 1) / 2) * 3;
    const group = svg("g", { class: "series", "data-agent": s.agent, stroke: colour, fill: colour });
    group.append(svg("polyline", { fill: "none", "stroke-width": 2, points: s.points.map((p) => `${x(p.deals) + shift},${y(p.mean)}`).join(" ") }));
    for (const p of s.points) {
      const px = x(p.deals) + shift;
      if (p.low !== null && p.low !== undefined) {
        group.append(svg("line", { x1: px, y1: y(p.low), x2: px, y2: y(p.high), "stroke-width": 1.2, "stroke-opacity": 0.7 }),
          svg("line", { x1: px - 3, y1: y(p.low), x2: px + 3, y2: y(p.low), "stroke-opacity": 0.7 }),
          svg("line", { x1: px - 3, y1: y(p.high), x2: px + 3, y2: y(p.high), "stroke-opacity": 0.7 }));
      }
      group.append(svg("circle", { cx: px, cy: y(p.mean), r: 2.6 }));
    }
    plot.append(group);
    const ly = margin.top + 10 + k * 20;
    plot.append(svg("rect", { x: width - margin.right + 14, y: ly - 8, width: 12, height: 12, fill: colour }),
      svg("text", { x: width - margin.right + 32, y: ly + 2 }, s.agent));
  });
  return plot;
}

function showProgress(result) {
  $("tn-progress").max = Math.max(1, result.games_total);
  $("tn-progress").value = result.games_done;
  $("tn-progress-text").textContent = result.done
    ? `done: ${result.games_done} games in ${fmt(result.seconds, 1)} s`
    : `${result.games_done} of ${result.games_total} games…`;
  if (result.rows.length) {
    $("tn-results").hidden = false;
    drawTable(result);
    $("tn-plot").replaceChildren(plotSeries(result.series));
  }
}

function finish(done) {
  polling = null;
  $("tn-start").disabled = false;
  if (done) document.getElementById("page-tournament").dataset.done = "true";
}

async function poll(id) {
  const result = await guarded(() => api(`api/tournaments/${id}`));
  if (!result) {
    finish(false);
    return;
  }
  showProgress(result);
  if (result.error) {
    $("tn-progress-text").textContent = `failed: ${result.error}`;
    showError(`the tournament failed: ${result.error}`);
    finish(false);
  } else if (result.done) {
    finish(true);
  } else {
    polling = setTimeout(() => poll(id), 400);
  }
}

async function start(event) {
  event.preventDefault();
  clearTimeout(polling);
  delete document.getElementById("page-tournament").dataset.done;
  const started = await guarded(() => api("api/tournaments", {
    method: "POST",
    body: {
      game: $("tn-game").value,
      players: Number($("tn-players").value),
      agents: [...$("tn-agents").querySelectorAll("select")].map((s) => s.value),
      deals: Number($("tn-deals").value),
      matches: $("tn-matches").value === "whole" ? null : Number($("tn-matches").value),
      seed: integerField($("tn-seed"), "the seed"),
    },
  }));
  if (!started) return;
  $("tn-start").disabled = true;
  $("tn-status").hidden = false;
  $("tn-results").hidden = true;
  $("tn-progress").value = 0;
  $("tn-progress-text").textContent = "starting…";
  await poll(started.id);
}

/** Sets up the Tournament page. */
export function initTournament(given) {
  options = given;
  fillForm();
  $("tn-game").addEventListener("change", fillForm);
  $("tn-players").addEventListener("change", fillForm);
  $("tournament-form").addEventListener("submit", start);
}

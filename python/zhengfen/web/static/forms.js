// The Play page's forms: a new game (game, players, seat, rule options, who sits in the other
// seats: an agent or "a person (link)", seed, hints) and the agent menus, from the options of
// GET /api/options.

import { agentsFor, h, integerField } from "./api.js";

const $ = (id) => document.getElementById(id);

let options = null;

/** Takes the server's options (GET /api/options), which every form here offers from. */
export function useOptions(given) {
  options = given;
}


function gameInfo(game) {
  return options.games.find((g) => g.game === game);
}

export function selectOf(id, values, selected, label = (v) => String(v)) {
  const select = h("select", { id });
  for (const value of values) {
    select.append(h("option", { value: String(value), selected: String(value) === String(selected) }, label(value)));
  }
  return select;
}

function optionField(option) {
  const id = `ng-opt-${option.name}`;
  const label = option.name.replaceAll("_", " ");
  if (option.type === "bool") {
    return h("label", { class: "inline" },
      h("input", { type: "checkbox", id, checked: option.default, dataset: { option: option.name, type: "bool" } }), label);
  }
  if (option.type === "choice") {
    const select = selectOf(id, option.values, option.default, (v) => v.replaceAll("_", " "));
    select.dataset.option = option.name;
    select.dataset.type = "choice";
    return h("label", {}, label, select);
  }
  return h("label", {}, label, h("input", {
    type: "number", id, min: option.min, max: option.max, value: option.default, required: true,
    dataset: { option: option.name, type: "int" },
  }));
}

/** A menu of `agents` (those of the options by default), `chosen` selected if offered; with
 *  `game` and `players`, each agent's league rating there is shown beside its name. */
export function agentSelect(id, chosen, agents = options.agents, game = null, players = null) {
  const label = (name) => {
    const rated = game === null ? null : ratingOf(agents.find((a) => a.name === name), game, players);
    return rated ? `${name} (${signed(rated.rating)} [${signed(rated.low)}, ${signed(rated.high)}])` : name;
  };
  const select = selectOf(id, agents.map((a) => a.name), chosen, label);
  for (const option of select.options) {
    const agent = agents.find((a) => a.name === option.value);
    const rated = game === null ? null : ratingOf(agent, game, players);
    const about = agent.about || agent.spec;
    option.title = rated
      ? `${about}. League ${rated.league}: ${signed(rated.rating)} points a match against the field, 95 % interval [${signed(rated.low)}, ${signed(rated.high)}], ${rated.games} games`
      : about;
  }
  return select;
}

function signed(x) {
  return `${x >= 0 ? "+" : "\u2212"}${Math.abs(x).toFixed(1)}`;
}

/** The agent's league rating for `game` at `players` seats, or null. */
function ratingOf(agent, game, players) {
  return (agent.ratings || []).find((r) => r.game === game && r.players === players) || null;
}

/** The opponents' menu for a table: its agents in the server's order (rated ones first, best
 *  first) and its default opponent (GET /api/options, `tables`). */
function tableChoices(game, players) {
  const playing = agentsFor(options.agents, game, players);
  const table = (options.tables || []).find((t) => t.game === game && t.players === players);
  if (!table) return { agents: playing, default: "greedy" };
  const byName = new Map(playing.map((a) => [a.name, a]));
  return { agents: table.order.filter((n) => byName.has(n)).map((n) => byName.get(n)), default: table.default };
}

/** The hint's agent menu for a game's rules: every agent but random and the bots that plays them. */
export function fillHintAgents(view) {
  const chosen = $("pt-hint-agent").value || "greedy";
  const hinters = agentsFor(options.agents, view.game, view.players).filter((a) => a.name !== "random" && !a.bot);
  const offered = hinters.some((a) => a.name === chosen) ? chosen : "greedy";
  $("pt-hint-agent").replaceWith(agentSelect("pt-hint-agent", offered, hinters));
}

/** Redraws the players, seat, options and opponents fields for the chosen game. */
export function fillNewGameForm() {
  const info = gameInfo($("ng-game").value);
  const oldPlayers = Number($("ng-players").value) || info.default_players;
  const players = info.players.includes(oldPlayers) ? oldPlayers : info.default_players;
  $("ng-players").replaceChildren(...info.players.map((n) => h("option", { value: n, selected: n === players }, n)));
  $("ng-players").disabled = info.players.length === 1;
  const oldSeat = Number($("ng-seat").value) || 0;
  const seat = oldSeat < players ? oldSeat : 0;
  $("ng-seat").replaceChildren(...Array.from({ length: players }, (_, s) => h("option", { value: s, selected: s === seat }, `seat ${s}`)));
  const optionsSet = $("ng-options");
  optionsSet.replaceChildren(optionsSet.querySelector("legend"), ...info.options.map(optionField));
  const opponents = $("ng-opponents");
  const previous = [...opponents.querySelectorAll("select")].map((s) => s.value);
  opponents.replaceChildren(opponents.querySelector("legend"));
  let k = 0;
  for (let s = 0; s < players; s += 1) {
    if (s === seat) continue;
    const team = info.game === "zen_cheng_you" ? ((s - seat) % 2 === 0 ? " (partner)" : " (opponent)") : "";
    const { agents: playing, default: fallback } = tableChoices(info.game, players);
    const wanted = playing.some((a) => a.name === previous[k]) ? previous[k] : fallback;
    const select = agentSelect(`ng-agent-${s}`, wanted, playing, info.game, players);
    select.append(h("option", { value: "person", selected: previous[k] === "person", title: "another person: the game gives you a link to hand them" }, "a person (link)"));
    opponents.append(h("label", {}, `seat ${s}${team}`, select));
    k += 1;
  }
}

export function newGameBody() {
  const options = {};
  for (const input of $("ng-options").querySelectorAll("[data-option]")) {
    const { option, type } = input.dataset;
    options[option] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
  }
  return {
    game: $("ng-game").value,
    players: Number($("ng-players").value),
    options,
    seat: Number($("ng-seat").value),
    opponents: [...$("ng-opponents").querySelectorAll("select")].map((s) => s.value),
    seed: integerField($("ng-seed"), "the seed"),
    hints: $("ng-hints").checked,
  };
}

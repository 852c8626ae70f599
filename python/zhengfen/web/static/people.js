// The people in a game (API.md, "People and links"): who holds which seat and whether their
// page is open; the owner also gets each person's link to hand out (with a Copy button). A seat
// the view says this person may hand to an agent (can_hand_over: the owner any other person's,
// anyone a seat left empty for two minutes) has a Hand to agent button. Each person may give
// themselves a short name the others see (POST .../name).

import { h } from "./api.js";
import { fullLink } from "./link.js";

/** Whether the view's game seats more than one person. */
export function several(view) {
  return view.seats.filter((s) => s.person).length > 1;
}

function copyButton(text) {
  return h("button", {
    type: "button", class: "small",
    onclick: async (event) => {
      const button = event.currentTarget;
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = "Copied";
      } catch {
        button.previousElementSibling.select(); // no clipboard here: select it for Ctrl-C
        button.textContent = "Selected: copy it";
      }
    },
  }, "Copy");
}

function handOver(seat, agents, onHandOver) {
  const select = h("select", { "aria-label": `The agent that takes seat ${seat.seat}`, class: "small" },
    ...agents.map((a) => h("option", { value: a.name, selected: a.name === "greedy" }, a.name)));
  const button = h("button", {
    type: "button", class: "small hand-over", dataset: { seat: String(seat.seat) },
    onclick: () => {
      const here = seat.present ? " Their page is open right now." : "";
      if (confirm(`Hand seat ${seat.seat} to ${select.value}? Its link will open nothing any more.${here}`)) {
        onHandOver(seat.seat, select.value);
      }
    },
  }, "Hand to agent");
  return h("span", { class: "hand-over-row" }, select, button);
}

/** The person's own name: a field and Set (an empty name goes back to "person"). */
function nameRow(view, onName) {
  const input = h("input", {
    type: "text", id: "pt-my-name", maxlength: 20, class: "small", "aria-label": "Your name in this game",
    placeholder: "your name", value: view.your_name || "",
  });
  const set = h("button", { type: "button", class: "small", id: "pt-set-name", onclick: () => onName(input.value) }, "Set name");
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") set.click(); });
  return h("div", { class: "link-row" }, input, set);
}

function personRow(view, seat, agents, onHandOver, onName) {
  const status = seat.you ? "you" : seat.present ? "here" : "not here";
  const row = h("li", { dataset: { seat: String(seat.seat), present: String(Boolean(seat.present)) } },
    h("strong", {}, `seat ${seat.seat}`), " ", h("span", { class: `presence ${status.replace(" ", "-")}` }, status));
  if (view.owner && !seat.you && seat.link) {
    const link = fullLink(seat.link);
    row.append(h("div", { class: "link-row" },
      h("input", { type: "text", readonly: true, value: link, class: "seat-link", "aria-label": `The link of seat ${seat.seat}` }),
      copyButton(link)));
  }
  if (seat.you) row.append(nameRow(view, onName));
  else if (seat.name) row.append(" ", h("span", { class: "person-name" }, seat.name));
  if (seat.can_hand_over) row.append(handOver(seat, agents, onHandOver));
  return row;
}

/** Draws the people panel (hidden when the person plays alone against agents). */
export function drawPeople(panel, view, agents, onHandOver, onName) {
  panel.hidden = !several(view);
  if (panel.hidden) return;
  const rows = view.seats.filter((s) => s.person).map((s) => personRow(view, s, agents, onHandOver, onName));
  const note = view.owner
    ? "Hand each person their seat's link: whoever opens it plays that seat, and comes back by it."
    : "Each person plays by their own seat's link.";
  panel.querySelector(".people-body").replaceChildren(h("p", { class: "muted small" }, note), h("ul", { class: "people" }, rows));
}

// The page's entry point: the three tabs (Play, Replay, Tournament), the error bar, and the
// options every form needs (GET /api/options), fetched once. The address names the tab, or on
// Play the seat of the game shown (link.js).

import { api, clearError, guarded } from "./api.js";
import { useCards } from "./cards.js";
import { isGameAddress, showAddress } from "./link.js";
import { initPlay, playAddress } from "./play.js";
import { initReplay } from "./replay.js";
import { initTournament } from "./tournament.js";

const TABS = ["play", "replay", "tournament"];

function showTab(name) {
  for (const tab of TABS) {
    const button = document.getElementById(`tab-${tab}`);
    const selected = tab === name;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    document.getElementById(`page-${tab}`).hidden = !selected;
  }
  if (name !== "play") showAddress(`#${name}`);
  else if (!isGameAddress()) showAddress(playAddress()); // a seat's link stays as it is
}

function initTabs() {
  for (const tab of TABS) {
    const button = document.getElementById(`tab-${tab}`);
    button.addEventListener("click", () => showTab(tab));
    button.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
      showTab(next);
      document.getElementById(`tab-${next}`).focus();
    });
  }
  const wanted = location.hash.slice(1);
  showTab(TABS.includes(wanted) ? wanted : "play"); // a seat's link (#/game/...) is Play's
}

async function main() {
  document.getElementById("error-close").addEventListener("click", clearError);
  initTabs();
  const options = await guarded(() => api("api/options"));
  if (!options) return;
  useCards(options.cards);
  initPlay(options);
  initReplay(options);
  initTournament(options);
  document.body.dataset.ready = "true";
}

main();

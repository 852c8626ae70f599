// The rules panel: the rules of the game in short (RULES.md, sections cited), opened
// and closed from the game's bar. The text is the page's (index.html); this only shows it.

const $ = (id) => document.getElementById(id);

function setOpen(open) {
  $("pt-rules").hidden = !open;
  $("pt-rules-open").setAttribute("aria-expanded", String(open));
  if (open) $("pt-rules").scrollIntoView({ block: "nearest" });
}

/** Wires the Rules button and the panel's Close. */
export function initRules() {
  $("pt-rules-open").addEventListener("click", () => setOpen($("pt-rules").hidden));
  $("pt-rules-close").addEventListener("click", () => setOpen(false));
}

/** Shows the part of the panel for `game` ("zheng_fen" or "zen_cheng_you"). */
export function showRulesOf(game) {
  for (const part of $("pt-rules").querySelectorAll("[data-game]")) part.hidden = part.dataset.game !== game;
}

// Auto-pass: when pass is the only legal move, the page passes by itself (a setting kept in
// this browser, or ?autopass=1 in the address), after a moment at a readable pace.

const KEY = "zhengfen-autopass";

/** Sets the checkbox from the address or this browser, and keeps its changes. */
export function initAutoPass(box, onChange) {
  const wanted = new URLSearchParams(location.search).get("autopass");
  box.checked = wanted !== null ? wanted === "1" : localStorage.getItem(KEY) === "1";
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "1" : "0");
    onChange();
  });
}

/** The index of the pass when it is the person's only legal move in play, else null. */
export function onlyPass(view) {
  if (!view || !view.your_turn || view.phase !== "play" || view.moves.length !== 1) return null;
  return view.moves[0].kind === "pass" ? view.moves[0].index : null;
}

// The page's address names the game and the seat (API.md, "People and links"):
// #/game/<game id>/seat/<token>. A reload, a second tab or a bookmark opens the same seat of
// the same game; the API names that seat by its key, <game id>.<token>.

const LINK = /^#\/game\/([A-Za-z0-9]{1,64})\/seat\/([A-Za-z0-9_-]{1,128})$/;

/** The seat key the address names, or null. */
export function keyOfAddress(hash = location.hash) {
  const found = LINK.exec(hash);
  return found ? `${found[1]}.${found[2]}` : null;
}

/** Whether the address names a game's seat (the Play tab shows it). */
export function isGameAddress(hash = location.hash) {
  return LINK.test(hash);
}

/** Puts `hash` (a seat's link, or a tab's "#play") in the address without a new history entry. */
export function showAddress(hash) {
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

/** The whole address of a seat's link, to hand out. */
export function fullLink(link) {
  return `${location.origin}${location.pathname}${link}`;
}

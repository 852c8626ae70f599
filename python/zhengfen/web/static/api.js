// Talking to the server (python/zhengfen/web/API.md): JSON in, JSON out, and every failure shown
// in the page's error bar, never swallowed. An error answer is {"error": "reason"} with a 4xx or
// 5xx status; the reason is what the person reads.

export class ApiError extends Error {
  constructor(message, status = 0) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** JSON text of `value`, BigInts written as plain JSON integers: seeds run to 2**64 - 1, past
 *  the integers a JavaScript number holds exactly. */
function toJson(value) {
  const tag = `big${Math.random().toString(36).slice(2)}`; // no text sent can hold it by chance
  const marked = JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${tag}:${v}` : v));
  return marked.replace(new RegExp(`"${tag}:(-?\\d+)"`, "g"), "$1");
}

/** A JSON.parse reviver that keeps integers past 2**53 (seeds) as their digits, where the
 *  browser gives the source text (it does in current Chromium and Firefox). */
function keepBigIntegers(_, value, context) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)) {
    return context.source;
  }
  return value;
}

/** An integer typed by a person, as a BigInt (or undefined when empty); throws a readable
 *  error for anything else. */
export function integerField(input, name) {
  const text = input.value.trim();
  if (text === "") return undefined;
  if (!/^-?\d+$/.test(text)) throw new Error(`${name} must be a whole number, not ${text}`);
  return BigInt(text);
}

/** Calls the API at `path` (relative to the page), sending `body` as JSON when given. */
export async function api(path, { method = "GET", body, raw = false } = {}) {
  const init = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.body = toJson(body);
    init.headers["content-type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(`the server cannot be reached (${error.message})`);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(errorReason(response, text), response.status);
  if (raw) return text;
  try {
    return text ? JSON.parse(text, keepBigIntegers) : null;
  } catch {
    throw new ApiError(`the server's answer to ${path} is not JSON`);
  }
}

function errorReason(response, text) {
  try {
    const data = JSON.parse(text);
    if (data && typeof data.error === "string") return data.error;
  } catch {
    // not JSON: fall through to the status line
  }
  const detail = text && text.length < 200 ? `: ${text}` : "";
  return `the server answered ${response.status} ${response.statusText}${detail}`;
}

const bar = () => document.getElementById("error");

/** Shows `error` (an Error or a text) in the page's error bar. */
export function showError(error) {
  const message = error instanceof Error ? error.message : String(error);
  document.getElementById("error-text").textContent = message;
  bar().hidden = false;
  if (!(error instanceof ApiError)) console.error(error);
}

export function clearError() {
  bar().hidden = true;
  document.getElementById("error-text").textContent = "";
}

/** Runs `work` (an async function), showing any failure; returns its result or undefined. */
export async function guarded(work) {
  try {
    return await work();
  } catch (error) {
    showError(error);
    return undefined;
  }
}

/** Reads a chosen file as text (for uploads of saved games and logs), refusing one of more
 *  than `limit` bytes (the server's limits.max_upload) before sending it. */
export function readFile(input, limit) {
  const file = input.files && input.files[0];
  if (!file) return Promise.reject(new Error("choose a file first"));
  if (limit && file.size > limit) {
    const mib = (n) => (n / 1024 / 1024).toFixed(1);
    return Promise.reject(new Error(`${file.name} is too large: ${mib(file.size)} MiB, the server takes up to ${mib(limit)} MiB`));
  }
  return file.text();
}

/** Offers `text` as a file download named `name`. */
export function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A small DOM builder: h("div", {class: "x"}, "text", child, ...). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The agents of `GET /api/options` that play `game` with `players` players: the built-in ones
 *  play any rules (`plays` null), a learned one only the rules it lists. */
export function agentsFor(agents, game, players) {
  return agents.filter((a) => a.plays === null || a.plays.some((p) => p.game === game && p.players === players));
}

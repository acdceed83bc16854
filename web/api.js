// The JSON API from the browser: one player token kept in this browser, errors turned into plain sentences.

const TOKEN_KEY = "hamle.token";

/** An error answer of the API, with its plain-words detail. */
export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

/** Calls the API; resolves to the JSON answer, rejects with an ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let answer;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Is hamle still running?");
  }
  const text = await answer.text();
  let value = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = { error: "bad_answer", detail: text };
  }
  if (!answer.ok) throw new ApiError(answer.status, value?.error ?? "error", value?.detail ?? answer.statusText);
  return value;
}

/** This browser's player token, asked for once. */
export async function ensurePlayer() {
  if (!localStorage.getItem(TOKEN_KEY)) {
    const { token } = await api("POST", "/api/players");
    localStorage.setItem(TOKEN_KEY, token);
  }
}

/** Shows `text` in the page's message line (read out by screen readers). */
export function say(text, kind = "info") {
  const line = document.getElementById("message");
  if (!line) return;
  line.textContent = text;
  line.dataset.kind = kind;
}

/** Runs an API call, showing its error in plain words instead of failing. */
export async function attempt(work) {
  try {
    return await work();
  } catch (e) {
    say(e instanceof ApiError ? e.message : `Something went wrong: ${e}`, "error");
    return null;
  }
}

/**
 * Sends `action` for the game `id`, the page marked busy meanwhile: `redraw(true, null)` before, then
 * `redraw(false, newState)` after (`newState` is null when the action was refused; the error is shown).
 * Resolves to the new state or null.
 */
export async function sendAction(id, action, redraw) {
  document.body.dataset.busy = "true";
  redraw(true, null);
  const answer = await attempt(() => api("POST", `/api/games/${id}/actions`, action));
  redraw(false, answer);
  document.body.dataset.busy = "false";
  return answer;
}

/** The value of `name` in the page's address (`?id=…`). */
export function param(name) {
  return new URLSearchParams(location.search).get(name);
}

/** Creates an element with attributes and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) node.append(child);
  return node;
}

/**
 * Runs a game page: with `?id=…` in the address it loads that game, otherwise it shows the setup form, whose
 * fields `body(form)` turns into the new game's options. `show(state)` draws a game.
 */
export async function gamePage({ kind, body, show, prompt }) {
  const form = document.getElementById("setup");
  const display = (state) => {
    form.hidden = true;
    document.getElementById("table").hidden = false;
    show(state);
    document.body.dataset.busy = "false";
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const answer = await attempt(async () => {
      await ensurePlayer();
      return api("POST", "/api/games", { kind, ...body(new FormData(form)) });
    });
    if (!answer) return;
    history.replaceState(null, "", `/${kind}?id=${answer.id}`);
    display(answer);
  });
  const id = param("id");
  if (!id) {
    form.hidden = false;
    say(prompt);
    return;
  }
  const state = await attempt(() => api("GET", `/api/games/${encodeURIComponent(id)}`));
  if (state) display(state);
  else form.hidden = false;
}

// The JSON API from the browser: one player token kept in this browser, errors turned into plain sentences, and
// the frame every game page shares (its setup form, joining by an invite, watching, updates pushed by the server).

import { lang, moment, t, say as sayMsg } from "./l10n.js";
import { review } from "./review.js";

const TOKEN_KEY = "hamle.token";

/** An error answer of the API, with its plain-words detail. */
export class ApiError extends Error {
  constructor(status, code, detail, msg) {
    super(detail);
    this.status = status;
    this.code = code;
    /** The detail as a message of the catalogs (`{ id, args }`), when the server sent one. */
    this.msg = msg;
  }
}

/** Calls the API; resolves to the JSON answer, rejects with an ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json", "Accept-Language": lang };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let answer;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", t("frame-unreachable"));
  }
  const text = await answer.text();
  let value = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = { error: "bad_answer", detail: text };
  }
  if (!answer.ok) {
    throw new ApiError(answer.status, value?.error ?? "error", value?.detail ?? answer.statusText, value?.msg);
  }
  return value;
}

/** This browser's player token, asked for once. */
export async function ensurePlayer() {
  if (!localStorage.getItem(TOKEN_KEY)) {
    const { token } = await api("POST", "/api/players");
    localStorage.setItem(TOKEN_KEY, token);
  }
}

/** Whether this browser holds a player token. */
export function hasToken() {
  return localStorage.getItem(TOKEN_KEY) !== null;
}

/** Keeps `token` as this browser's player (a token claimed by a transfer link). */
export function setToken(token) {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Forgets this browser's token: the next call as a player makes a new one. */
export function forgetToken() {
  localStorage.removeItem(TOKEN_KEY);
}

/** Whether the server refused this browser's token because it was revoked (here, or from another browser). */
export function isRevoked(e) {
  return e instanceof ApiError && e.code === "forbidden" && e.msg?.id === "error-revoked";
}

/**
 * Calls the API as a player: asks for a token first, and for a new one if the server no longer knows this one (a
 * store started afresh). A revoked token is not replaced behind the person's back: that would leave their games
 * with a new, empty identity without a word; the error says so and sends them to their page.
 */
export async function asPlayer(method, path, body) {
  await ensurePlayer();
  try {
    return await api(method, path, body);
  } catch (e) {
    if (isRevoked(e)) {
      throw new ApiError(
        e.status,
        e.code,
        t("frame-revoked-browser"),
      );
    }
    if (!(e instanceof ApiError && e.code === "forbidden" && e.msg?.id === "error-unknown-token")) throw e;
    localStorage.removeItem(TOKEN_KEY);
    await ensurePlayer();
    return api(method, path, body);
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
    say(e instanceof ApiError ? e.message : t("frame-went-wrong", { error: String(e) }), "error");
    return null;
  }
}

/** The value of `name` in the page's address (`?game=…`). */
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

/** Creates an SVG element with attributes and children. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** A square of an N×N board, numbered row by row from the top left, named as in chess (a1 at the bottom left). */
export function squareName(n, square) {
  return `${"abcdefghijklmnopqrstuvwxyz"[square % n]}${n - Math.floor(square / n)}`;
}

/** The other seat of a two-player game. */
export function other(seat) {
  return seat === 0 ? 1 : 0;
}

/**
 * Who sits at `seat`, in words for the person looking (`you` is their seat, null for a watcher):
 * "you", the person's chosen name ("Ada"), "your friend", "the bot (perfect)", or, while the invite is out, "your
 * friend (not here yet)".
 */
export function who(state, seat) {
  const s = state.seats[seat];
  if (state.you === seat) return t("frame-who-you");
  if (s.who === "bot") return t("frame-who-bot", { bot: s.bot });
  if (s.who === "person" && s.name) return s.name;
  if (state.you === null) return t(s.who === "open" ? "frame-who-nobody-yet" : "frame-who-a-person");
  return t(s.who === "open" ? "frame-who-friend-waiting" : "frame-who-friend");
}

/** The same, for the start of a sentence. */
export function Who(state, seat) {
  const words = who(state, seat);
  return words[0].toLocaleUpperCase(lang) + words.slice(1);
}

/** A side's name as a sentence's middle says it (`white`, `X`; Turkish `beyaz`), from the state's `plays`. */
export function plays(name) {
  return t(`plays-${String(name).toLowerCase()}`);
}

/** A side's name on its own (`White`, `X`; Turkish `Beyaz`). */
export function sideName(name) {
  return t(`side-${String(name).toLowerCase()}`);
}

/** Whether a bot is to move now (the server is thinking for it). */
export function botToMove(state) {
  return state.turn !== null && state.to_do === "move" && state.seats[state.turn]?.who === "bot";
}

/** The invite box: the link to send, a copy button, while the other seat is open. */
function drawInvite(state) {
  const box = document.getElementById("invite");
  if (!box) return;
  const invite = state.invite;
  box.hidden = !invite;
  if (!invite) return;
  const link = new URL(invite.link, location.origin).href;
  const field = document.getElementById("invite-link");
  if (field.value !== link) field.value = link;
  const until = invite.expires ? moment(new Date(invite.expires * 1000), { dateStyle: "medium" }) : null;
  document.getElementById("invite-note").textContent = until
    ? t("frame-invite-note-until", { until })
    : t("frame-invite-note");
}

async function copyInvite() {
  const field = document.getElementById("invite-link");
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    // Without the clipboard API (a page not served securely), select the link for the person to copy.
    field.select();
    if (!document.execCommand?.("copy")) {
      say(t("frame-copy-yourself"));
      return;
    }
  }
  say(t("frame-copied"));
}

/** The time controls a friend game may be played on (the API takes any `MINUTES+SECONDS` or `DAYSd`). */
const CLOCKS = [
  ["", "frame-clock-none"],
  ["3+2", "frame-clock-3-2"],
  ["5+3", "frame-clock-5-3"],
  ["10+0", "frame-clock-10-0"],
  ["15+10", "frame-clock-15-10"],
  ["1d", "frame-clock-1d"],
  ["3d", "frame-clock-3d"],
];

/** Adds the clock's choice to a setup form that offers a friend, shown while the friend is chosen. */
function offerClock(form) {
  const opponent = form.querySelector("select[name=opponent]");
  if (!opponent || form.querySelector("select[name=clock]")) return;
  const select = el("select", { name: "clock", id: "clock" }, ...CLOCKS.map(([v, id]) => el("option", { value: v }, t(id))));
  const label = el("label", { id: "clock-choice" }, `${t("frame-clock")} `, select);
  opponent.closest("label")?.after(label);
  const shown = () => {
    label.hidden = opponent.value !== "friend";
  };
  opponent.addEventListener("change", shown);
  shown();
}

/** The catalog, read once by a page that needs it (null when it could not be read). */
let catalogRead = null;
export function catalog() {
  catalogRead ??= api("GET", "/api/catalog").catch(() => null);
  return catalogRead;
}

/** A spec as ratings name it: its parameters at their default left out, the others sorted (`engine(level=5)`). */
export function canonicalSpec(text, params) {
  const m = /^([^(]+)(?:\((.*)\))?$/.exec(String(text).trim());
  if (!m) return String(text);
  const pairs = (m[2] ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split("=").map((x) => x.trim()));
  const kept = pairs
    .filter(([k, v]) => !params.some((p) => p.key === k && p.default === v))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const name = m[1].trim();
  return kept.length ? `${name}(${kept.map(([k, v]) => `${k}=${v}`).join(",")})` : name;
}

/** Whether the game `request` asks for can be rated: between two people, or against a bot rated in its pool. */
export function ratable(game, request) {
  if (!game || game.players !== 2) return false;
  if (request.opponent === "friend") return true;
  const values = Object.fromEntries(game.params.map((p) => [p.key, String(request.params?.[p.key] ?? p.default)]));
  const pool = (game.ratings ?? []).find((r) => Object.entries(r.params).every(([k, v]) => values[k] === v));
  if (!pool) return false;
  const opponent = request.opponent ?? game.bots[0]?.name ?? "";
  const bot = game.bots.find((b) => b.name === opponent.split("(")[0].trim());
  const spec = canonicalSpec(opponent, bot?.params ?? []);
  return pool.bots.some((b) => b.bot === spec);
}

/**
 * Adds "Rated" to a two-player game's setup form: ticked by default, and open only when the opponent chosen
 * (a friend, or a bot rated on this board) can be rated; the note says which.
 */
async function offerRated(form, kind, body) {
  const game = (await catalog())?.games?.find((g) => g.name === kind);
  if (!game || game.players !== 2 || form.querySelector("input[name=rated]")) return;
  const box = el("input", { type: "checkbox", name: "rated", id: "rated" });
  box.checked = true;
  const note = el("span", { class: "note", id: "rated-note" });
  const label = el("label", { id: "rated-choice" }, box, ` ${t("frame-rated")} `, note);
  const submit = form.querySelector("button[type=submit], button:not([type])");
  if (submit) submit.before(label);
  else form.append(label);
  const update = () => {
    let ok = false;
    try {
      ok = ratable(game, { kind, ...body(new FormData(form)) });
    } catch {
      ok = false;
    }
    box.disabled = !ok;
    note.textContent = t(ok ? "frame-rated-yes" : "frame-rated-no");
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
}

/** A rating as a page shows it: `1620`, or `1500?` while it is provisional. */
export function ratingText(standing) {
  return standing ? `${standing.rating}${standing.provisional ? "?" : ""}` : "—";
}

/** A rating's change with its sign: `+12`, `−8`, `±0`. */
export function changeText(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}

/** A rated game's line above the board: each side's rating going in, and once it is rated what it did. */
function drawRated(state) {
  let line = document.getElementById("rated-line");
  const rated = state.rated;
  document.body.dataset.rated = String(Boolean(rated) && state.status !== "over");
  if (!rated) {
    if (line) line.hidden = true;
    return;
  }
  if (!line) {
    line = el("p", { id: "rated-line", class: "note rated-line" });
    document.getElementById("table").prepend(line);
  }
  line.hidden = false;
  const seats = rated.seats.map((seat, i) => `${who(state, i)} ${ratingText(seat.standing)}`);
  const changes = rated.changes.map((c) =>
    t("frame-rating-change", {
      whose: state.you === c.seat ? t("frame-rating-yours") : t("frame-rating-of", { who: Who(state, c.seat) }),
      before: String(c.before.rating),
      after: ratingText(c.after),
      change: changeText(c.change),
    }),
  );
  line.textContent = changes.length
    ? t("frame-rated-done", { changes: changes.join(". ") })
    : t("frame-rated-line", { seats: seats.join(` ${t("frame-against")} `) });
}

/** Milliseconds as a clock shows them: `4:59`, `0:07.3` under ten seconds, `2d 3h` for days. */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t >= 86_400_000) return `${Math.floor(t / 86_400_000)}d ${Math.floor((t % 86_400_000) / 3_600_000)}h`;
  if (t >= 3_600_000) return `${Math.floor(t / 3_600_000)}h ${String(Math.floor((t % 3_600_000) / 60_000)).padStart(2, "0")}m`;
  const minutes = Math.floor(t / 60_000);
  const seconds = Math.floor((t % 60_000) / 1000);
  const tenths = t < 10_000 ? `.${Math.floor((t % 1000) / 100)}` : "";
  return `${minutes}:${String(seconds).padStart(2, "0")}${tenths}`;
}

/** The clocks of a clocked game, above the board, the running one counted down between the server's updates. */
function drawClocks(state) {
  let box = document.getElementById("clocks");
  const clock = state.clock;
  if (!clock) {
    if (box) box.hidden = true;
    return;
  }
  if (!box) {
    box = el("div", { id: "clocks", class: "clocks", role: "timer", "aria-live": "off" });
    document.getElementById("table").prepend(box);
  }
  box.hidden = false;
  // The server's time at its answer against ours: the page counts on its own clock from there.
  const skew = Date.now() - clock.now;
  const tick = () => {
    box.replaceChildren(
      ...state.seats.map((seat, i) => {
        let left = clock.left_ms[i];
        if (clock.running === i && clock.since !== null) left -= Date.now() - skew - clock.since;
        const you = state.you === i ? ` ${t("frame-clock-you")}` : "";
        return el("span", { class: `clock${clock.running === i ? " running" : ""}${left <= 0 ? " flagged" : ""}`, "data-seat": String(i) },
          `${sideName(seat.plays)}${you} ${clockText(left)}`);
      }),
    );
    // How a clocked game ended (on time, or otherwise), under the clocks, where the eye already is.
    if (state.ending) box.append(el("span", { class: "note clock-ending" }, ending(state)));
  };
  clearInterval(drawClocks.timer);
  tick();
  if (clock.running !== null) drawClocks.timer = setInterval(tick, 100);
}

/**
 * Runs a game page. Its address decides what it shows:
 * - `?game=<id>&invite=<code>`: takes the game's open seat (or, if it is taken, watches);
 * - `?game=<id>` (or the older `?id=<id>`): the game, from your seat if you have one, otherwise as a watcher;
 * - nothing: the setup form, whose fields `body(form)` turns into the new game's request.
 * `show(state, { busy, watching })` draws a game each time it changes: after your own actions and whenever the
 * server pushes a change (the other person's move, the bot's). The returned page has `act(action)` (resolves to
 * true when the action was done) and `state`. Once the game is over the page shows its review (`review.js`), each
 * decision's position drawn by `preview(move, box)` when the page gives one.
 */
export function gamePage({ kind, body, show, prompt, preview }) {
  const form = document.getElementById("setup");
  const page = { state: null, busy: false, you: null, invite: null, source: null, refusal: null, retry: null, seen: null, act };

  function draw() {
    const state = page.state;
    document.getElementById("table").hidden = false;
    form.hidden = true;
    const watching = state.you === null;
    document.body.dataset.watching = String(watching);
    const banner = document.getElementById("watching");
    if (banner) {
      banner.hidden = !watching;
      banner.textContent = watching ? t("frame-watching", { why: page.refusal ?? t("frame-no-seat") }) : "";
    }
    drawInvite(state);
    const record = document.getElementById("record");
    if (record) record.href = `/api/games/${state.id}/record`;
    show(state, { busy: page.busy, watching });
    drawClocks(state);
    drawRated(state);
    review(state, preview);
  }

  /** Takes a state in: `own` when it is the answer to this page's own request (it knows our seat). */
  function accept(state, own) {
    // A pushed state can arrive after this page's own newer answer: an older one is not shown again.
    if (!own && page.state && state.id === page.state.id && state.version < page.state.version) return;
    // A pushed state that is the one shown (the stream's first event repeats the page's own answer) changes
    // nothing: drawing it again would only overwrite the page's message.
    const seen = JSON.stringify({ ...state, you: null, invite: null });
    if (!own && seen === page.seen) return;
    page.seen = seen;
    if (own) {
      page.you = state.you;
      page.invite = state.invite;
    }
    const open = state.seats.some((s) => s.who === "open");
    page.state = { ...state, you: page.you, invite: open && page.you !== null ? page.invite : null };
    draw();
    // A bot's move owed while the server was busy is made on the next read of the game: read it again soon.
    if (state.pending && !state.thinking && !page.retry) {
      say(t("frame-pending", { why: state.pending_msg ? sayMsg(state.pending_msg) : state.pending }));
      page.retry = setTimeout(async () => {
        page.retry = null;
        const again = await attempt(() => api("GET", `/api/games/${encodeURIComponent(state.id)}`));
        if (again) accept(again, false);
      }, 2000);
    }
  }

  function follow(id) {
    page.source?.close();
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
    source.addEventListener("state", (e) => {
      try {
        accept(JSON.parse(e.data), false);
      } catch (err) {
        say(t("frame-update-unreadable", { error: String(err) }), "error");
      }
    });
    page.source = source;
  }

  function open(state) {
    history.replaceState(null, "", `${location.pathname}?game=${state.id}`);
    accept(state, true);
    document.body.dataset.busy = "false";
    follow(state.id);
  }

  /** Sends `action` from this page's seat; the page is marked busy meanwhile. */
  async function act(action) {
    if (page.busy || !page.state) return false;
    page.busy = true;
    document.body.dataset.busy = "true";
    draw();
    const answer = await attempt(() => api("POST", `/api/games/${page.state.id}/actions`, action));
    page.busy = false;
    if (answer) accept(answer, true);
    else draw();
    document.body.dataset.busy = "false";
    return answer !== null;
  }

  document.getElementById("copy-invite")?.addEventListener("click", copyInvite);
  offerClock(form);
  if (!param("game") && !param("id")) offerRated(form, kind, body);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const request = { kind, ...body(data) };
    if (data.get("clock") && request.opponent === "friend") request.clock = data.get("clock");
    // A box disabled (an opponent with no rating) is not in the form's data.
    if (data.get("rated") === "on") request.rated = true;
    const answer = await attempt(() => asPlayer("POST", "/api/games", request));
    if (answer) open(answer);
  });

  (async () => {
    const id = param("game") ?? param("id");
    if (!id) {
      form.hidden = false;
      say(prompt);
      return;
    }
    const path = `/api/games/${encodeURIComponent(id)}`;
    const code = param("invite");
    let state = await attempt(() => (code ? asPlayer("GET", path) : api("GET", path)));
    if (!state) {
      form.hidden = false;
      return;
    }
    if (code && state.you === null) {
      try {
        state = await asPlayer("POST", `${path}/join`, { invite: code });
      } catch (e) {
        page.refusal = e instanceof ApiError ? joinRefusal(e) : t("frame-join-failed", { error: String(e) });
      }
    }
    open(state);
  })();
  return page;
}

function joinRefusal(e) {
  switch (e.code) {
    case "full":
      return t("frame-join-full");
    case "expired_invite":
      return t("frame-join-expired");
    case "unknown_invite":
      return t("frame-join-unknown");
    default:
      return t("frame-join-other", { why: e.message });
  }
}

/** Who plays what, from the looker's side: "you play X against the bot (perfect)", or both seats for a watcher. */
export function matchup(state) {
  if (state.seats.length < 2) return "";
  if (state.you === null) return state.seats.map((s, i) => `${sideName(s.plays)}: ${who(state, i)}`).join(" · ");
  return t("frame-matchup", { side: plays(state.seats[state.you].plays), who: who(state, other(state.you)) });
}

/** The seat that won the game just ended, by its points; null for a draw (or no ending). */
export function winner(state) {
  const p = state.ending?.points;
  if (!p || p[0] === p[1]) return null;
  return p[0] > p[1] ? 0 : 1;
}

/** How the game in play ended, in the page's language (the server's message; its English words when it sent none). */
export function ending(state) {
  if (!state.ending) return "";
  return state.ending.msg ? sayMsg(state.ending.msg) : state.ending.text;
}

/** A log line in the page's language. */
export function logLine(line) {
  return line.msg ? sayMsg(line.msg) : line.text;
}

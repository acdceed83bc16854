// 2048 in the browser: arrow keys, WASD, the buttons or a swipe move the tiles; the bot can make one move or
// play on while you watch. Every move is checked and the new tile drawn by the server. Anyone else with the
// game's address watches it move by move.
import { api, attempt, gamePage, say, el } from "./api.js";
import { t, setMessage } from "./l10n.js";

let game = null;
let busy = false;
let watching = false;
let page = null;
/** The cell (0..15, row by row from the top left) of the tile that came after the last move, if known. */
let fresh = null;

const KEYS = {
  ArrowLeft: "left", ArrowUp: "up", ArrowRight: "right", ArrowDown: "down",
  a: "left", w: "up", d: "right", s: "down", A: "left", W: "up", D: "right", S: "down",
};

/** The board after sliding `board` (rows of tile values) towards `direction`, before the new tile. */
function slide(board, direction) {
  const size = board.length;
  const out = board.map((row) => row.map(() => 0));
  for (let line = 0; line < size; line++) {
    // The cells of this line from the edge the tiles slide to.
    const cells = [...Array(size).keys()].map((k) => {
      switch (direction) {
        case "left": return [line, k];
        case "right": return [line, size - 1 - k];
        case "up": return [k, line];
        default: return [size - 1 - k, line];
      }
    });
    const values = cells.map(([r, c]) => board[r][c]).filter((v) => v !== 0);
    const merged = [];
    for (let i = 0; i < values.length; i++) {
      if (values[i] === values[i + 1]) {
        merged.push(2 * values[i]);
        i++;
      } else merged.push(values[i]);
    }
    merged.forEach((v, k) => {
      const [r, c] = cells[k];
      out[r][c] = v;
    });
  }
  return out;
}

/** The new tile's cell, when `now` is one move after `before`: the one cell the slide left empty that is not. */
function newTile(before, now) {
  const last = now.history[now.history.length - 1];
  if (!before || !last || now.board.moves !== before.board.moves + 1) return null;
  const slid = slide(before.board.board, last);
  const cells = [];
  now.board.board.forEach((row, r) => row.forEach((v, c) => {
    if (slid[r][c] === 0 && v !== 0) cells.push(4 * r + c);
  }));
  return cells.length === 1 ? cells[0] : null;
}

function render() {
  const tiles = document.getElementById("tiles");
  tiles.replaceChildren();
  game.board.board.forEach((row, r) => {
    row.forEach((value, c) => {
      const cls = `tile t${Math.min(value, 65536)}${value >= 8192 ? " big" : ""}${fresh === 4 * r + c ? " fresh" : ""}`;
      tiles.append(el("div", { class: cls, role: "gridcell", "aria-label": value ? String(value) : t("g2048-empty"), "data-value": value }, value ? String(value) : ""));
    });
  });
  const { score, top, moves } = game.board;
  document.getElementById("about").textContent = t("g2048-about", { score, top, moves, bot: game.helper });
  const over = game.status === "over";
  for (const c of document.querySelectorAll("#table .controls")) c.hidden = game.you === null;
  for (const b of document.querySelectorAll("[data-move]")) b.disabled = busy || over || !game.legal.includes(b.dataset.move);
  document.getElementById("bot-move").disabled = busy || over || watching;
  document.getElementById("watch").disabled = over;
  setMessage(document.getElementById("watch"), watching ? "g2048-stop-watching" : "g2048-watch");
  document.getElementById("watch").setAttribute("aria-pressed", String(watching));
  document.getElementById("hint").disabled = busy || over;
  document.getElementById("resign").disabled = busy || over;
  document.getElementById("again").hidden = !over;
  if (over) {
    watching = false;
    const resigned = game.ending?.resigned !== null && game.ending?.resigned !== undefined;
    say(resigned ? t("g2048-ended", { score }) : t("g2048-no-move-left", { score, top }));
  } else if (game.you === null) {
    say(t("g2048-moves-so-far", { moves }));
  } else if (!busy && !watching) {
    say(t("g2048-your-move"));
  }
}

async function act(action) {
  if (busy) return false;
  document.getElementById("hints").hidden = true;
  return page.act(action);
}

function move(direction) {
  if (!game || game.you === null || game.status === "over" || watching) return;
  if (!game.legal.includes(direction)) {
    say(t("g2048-moves-nothing", { direction }));
    return;
  }
  act({ action: "move", move: direction });
}

async function watch() {
  watching = !watching;
  render();
  while (watching && game.status !== "over") {
    say(t("g2048-bot-playing"));
    if (!(await act({ action: "bot" }))) watching = false;
  }
  render();
}

async function hint() {
  const answer = await attempt(() => api("GET", `/api/games/${game.id}/hint`));
  if (!answer) return;
  const box = document.getElementById("hints");
  const best = answer.moves[0];
  box.replaceChildren(
    el("p", {}, t("g2048-suggests", { bot: answer.bot, direction: best.move })),
    el("ol", {}, ...answer.moves.map((m) => el("li", {}, t("g2048-hint-value", { direction: m.move, value: Math.round(m.value) || 0 })))),
  );
  box.hidden = false;
}

function swipes(area) {
  let start = null;
  area.addEventListener("touchstart", (e) => {
    const t = e.changedTouches[0];
    start = { x: t.clientX, y: t.clientY };
  }, { passive: true });
  area.addEventListener("touchend", (e) => {
    if (!start) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up"));
  });
}

function main() {
  document.addEventListener("keydown", (e) => {
    const direction = KEYS[e.key];
    if (!direction || !game || game.you === null || document.getElementById("table").hidden) return;
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    e.preventDefault();
    move(direction);
  });
  for (const b of document.querySelectorAll("[data-move]")) b.addEventListener("click", () => move(b.dataset.move));
  document.getElementById("bot-move").addEventListener("click", () => act({ action: "bot" }));
  document.getElementById("watch").addEventListener("click", watch);
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("g2048-resign-confirm"))) act({ action: "resign" });
  });
  swipes(document.getElementById("tiles"));
  page = gamePage({
    kind: "2048",
    prompt: t("g2048-prompt"),
    body: (data) => ({ params: { spawn: data.get("spawn") }, helper: data.get("helper") }),
    show: (state, view) => {
      const first = game === null;
      fresh = newTile(game, state) ?? (game && state.board.moves === game.board.moves ? fresh : null);
      game = state;
      busy = view.busy;
      render();
      if (first) document.getElementById("tiles").focus();
    },
  });
}

main();

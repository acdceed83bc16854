// 2048 in the browser: arrow keys, WASD, the buttons or a swipe move the tiles; the bot can make one move or
// play on while you watch. Every move is checked and the new tile drawn by the server.
import { api, attempt, gamePage, say, el, sendAction } from "./api.js";

let game = null;
let busy = false;
let watching = false;

const KEYS = {
  ArrowLeft: "left", ArrowUp: "up", ArrowRight: "right", ArrowDown: "down",
  a: "left", w: "up", d: "right", s: "down", A: "left", W: "up", D: "right", S: "down",
};

function render() {
  const tiles = document.getElementById("tiles");
  tiles.replaceChildren();
  const last = game.last?.tile;
  game.board.forEach((row, r) => {
    row.forEach((value, c) => {
      const fresh = last && last.cell === 4 * r + c;
      const cls = `tile t${Math.min(value, 65536)}${value >= 8192 ? " big" : ""}${fresh ? " fresh" : ""}`;
      tiles.append(el("div", { class: cls, role: "gridcell", "aria-label": value ? String(value) : "empty", "data-value": value }, value ? String(value) : ""));
    });
  });
  document.getElementById("about").textContent =
    `Score ${game.score} · largest tile ${game.top} · ${game.moves} moves · bot: ${game.setup.bot}`;
  const over = game.phase === "over";
  for (const b of document.querySelectorAll("[data-move]")) b.disabled = busy || over || !game.legal.includes(b.dataset.move);
  document.getElementById("bot-move").disabled = busy || over || watching;
  document.getElementById("watch").disabled = over;
  document.getElementById("watch").textContent = watching ? "Stop watching" : "Watch the bot";
  document.getElementById("watch").setAttribute("aria-pressed", String(watching));
  document.getElementById("hint").disabled = busy || over;
  document.getElementById("resign").disabled = busy || over;
  document.getElementById("again").hidden = !over;
  document.getElementById("record").href = `/api/games/${game.id}/record`;
  if (over) {
    watching = false;
    const r = game.result;
    say(r.resigned ? `Game ended at ${r.score} points.` : `No move is left: ${r.score} points, largest tile ${r.top}.`);
  } else if (!busy && !watching) {
    say("Your move.");
  }
}

async function act(action) {
  if (busy) return false;
  document.getElementById("hints").hidden = true;
  const answer = await sendAction(game.id, action, (isBusy, answer) => {
    busy = isBusy;
    if (answer) game = answer;
    render();
  });
  return answer !== null;
}

function move(direction) {
  if (!game || game.phase === "over" || watching) return;
  if (!game.legal.includes(direction)) {
    say(`${direction[0].toUpperCase()}${direction.slice(1)} moves nothing: try another way.`);
    return;
  }
  act({ action: "move", move: direction });
}

async function watch() {
  watching = !watching;
  render();
  while (watching && game.phase !== "over") {
    say("The bot is playing…");
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
    el("p", {}, `${answer.bot} suggests ${best.move}.`),
    el("ol", {}, ...answer.moves.map((m) => el("li", {}, `${m.move}: ${Math.round(m.value)}`))),
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
    if (!direction || !game || document.getElementById("table").hidden) return;
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    e.preventDefault();
    move(direction);
  });
  for (const b of document.querySelectorAll("[data-move]")) b.addEventListener("click", () => move(b.dataset.move));
  document.getElementById("bot-move").addEventListener("click", () => act({ action: "bot" }));
  document.getElementById("watch").addEventListener("click", watch);
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm("End this game here?")) act({ action: "resign" });
  });
  swipes(document.getElementById("tiles"));
  gamePage({
    kind: "2048",
    prompt: "Choose how new tiles are drawn and which bot you can call on.",
    body: (data) => ({ spawn: data.get("spawn"), bot: data.get("bot") }),
    show: (state) => {
      game = state;
      render();
      document.getElementById("tiles").focus();
    },
  });
}

main();

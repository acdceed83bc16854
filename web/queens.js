// N queens in the browser: click a free square to put a queen there; the squares the queens attack are shaded.
// The thesis's backtracking can place the next queen, finish the board while you watch, or hint.
import { api, attempt, gamePage, say, el, svg, squareName, ending } from "./api.js";
import { t, setMessage } from "./l10n.js";

let game = null;
let busy = false;
let watching = false;
let page = null;

const CELL = 40;

function attacks(n, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  return ra === rb || ca === cb || Math.abs(ra - rb) === Math.abs(ca - cb);
}

function render() {
  const { size: n, queens } = game.board;
  const playable = new Set(game.you !== null && game.status === "playing" && !busy && !watching ? game.legal : []);
  const board = document.getElementById("board");
  board.setAttribute("viewBox", `0 0 ${n * CELL} ${n * CELL}`);
  board.replaceChildren();
  for (let s = 0; s < n * n; s++) {
    const [r, c] = [Math.floor(s / n), s % n];
    const label = squareName(n, s);
    const queen = queens.includes(s);
    const attacked = !queen && queens.some((q) => attacks(n, q, s));
    const canGo = playable.has(label);
    const cell = svg("g", {
      role: "gridcell",
      "data-square": label,
      "aria-label": t("queens-square", { square: label, state: queen ? "queen" : attacked ? "attacked" : "free" }),
      tabindex: canGo ? "0" : "-1",
      class: `sq ${(r + c) % 2 ? "dark" : "light"}${attacked ? " attacked" : ""}${canGo ? " playable" : ""}`,
    });
    cell.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL }));
    if (queen) cell.append(svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, class: "knight" }, "♛"));
    if (canGo) {
      cell.addEventListener("click", () => place(label));
      cell.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") place(label);
      });
    }
    board.append(cell);
  }
  document.getElementById("about").textContent = t("queens-about", { n, placed: queens.length, free: game.legal.length });
  const over = game.status === "over";
  for (const c of document.querySelectorAll("#table .controls")) c.hidden = game.you === null;
  document.getElementById("how").hidden = game.you === null;
  document.getElementById("bot-move").disabled = busy || over || watching;
  document.getElementById("hint").disabled = busy || over || watching;
  document.getElementById("watch").disabled = over;
  setMessage(document.getElementById("watch"), watching ? "queens-stop" : "queens-watch");
  document.getElementById("watch").setAttribute("aria-pressed", String(watching));
  document.getElementById("resign").disabled = busy || over;
  document.getElementById("again").hidden = !over;
  if (over) {
    watching = false;
    say(game.ending ? ending(game) : t("queens-over"));
  } else if (game.you === null) {
    say(t("queens-placed-so-far", { placed: queens.length }));
  } else if (!busy && !watching) {
    say(t("queens-your-move", { left: n - queens.length }));
  }
}

async function act(action) {
  if (busy) return false;
  document.getElementById("hints").hidden = true;
  return page.act(action);
}

function place(square) {
  if (!game || game.you === null || game.status === "over" || watching) return;
  act({ action: "move", move: square });
}

async function watch() {
  watching = !watching;
  render();
  while (watching && game.status !== "over") {
    if (!(await act({ action: "bot" }))) watching = false;
  }
  render();
}

async function hint() {
  const answer = await attempt(() => api("GET", `/api/games/${game.id}/hint`));
  if (!answer) return;
  const best = answer.moves[0];
  const box = document.getElementById("hints");
  const solvable = best.value > 0;
  box.replaceChildren(
    el("p", {}, solvable
      ? t("queens-hint-finish", { line: answer.line.join(" ") })
      : t("queens-hint-none", { square: best.move })),
  );
  box.hidden = false;
}

function main() {
  document.getElementById("bot-move").addEventListener("click", () => act({ action: "bot" }));
  document.getElementById("watch").addEventListener("click", watch);
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("queens-resign-confirm"))) act({ action: "resign" });
  });
  page = gamePage({
    kind: "queens",
    prompt: t("queens-prompt"),
    body: (data) => ({ params: { size: data.get("size") }, helper: "thesis" }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();

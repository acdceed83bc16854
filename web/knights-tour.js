// The knight's tour in the browser: click a square to place the knight, then the squares it jumps to. The tour is
// drawn as a line through the squares visited; Warnsdorff's counts (onward moves of each square the knight can
// reach) show on request, and the chosen player can make one move or play the rest while you watch.
import { api, attempt, gamePage, say, el, svg, squareName, ending } from "./api.js";
import { t, setMessage } from "./l10n.js";

let game = null;
let busy = false;
let watching = false;
let page = null;

const CELL = 40;
const JUMPS = [[1, 2], [1, -2], [-1, 2], [-1, -2], [2, 1], [2, -1], [-2, 1], [-2, -1]];

/** The squares a knight on `square` reaches. */
function jumps(n, square) {
  const [r, c] = [Math.floor(square / n), square % n];
  return JUMPS.map(([dr, dc]) => [r + dr, c + dc])
    .filter(([rr, cc]) => rr >= 0 && cc >= 0 && rr < n && cc < n)
    .map(([rr, cc]) => rr * n + cc);
}

function render() {
  const { size: n, path, closed } = game.board;
  const visited = new Map(path.map((s, i) => [s, i + 1]));
  const knight = path.length ? path[path.length - 1] : null;
  const playable = new Set(game.you !== null && game.status === "playing" && !busy && !watching ? game.legal : []);
  const showCounts = document.getElementById("counts").checked;
  const board = document.getElementById("board");
  board.setAttribute("viewBox", `0 0 ${n * CELL} ${n * CELL}`);
  board.replaceChildren();
  for (let s = 0; s < n * n; s++) {
    const [r, c] = [Math.floor(s / n), s % n];
    const label = squareName(n, s);
    const place = visited.get(s);
    const canGo = playable.has(label);
    const cls = `sq ${(r + c) % 2 ? "dark" : "light"}${place ? " visited" : ""}${canGo ? " playable" : ""}`;
    const cell = svg("g", {
      role: "gridcell",
      "data-square": label,
      "aria-label": t("tour-square", { square: label, state: place ? (s === knight ? "knight" : "visited") : canGo ? "reachable" : "unvisited", place: place ?? 0 }),
      tabindex: canGo ? "0" : "-1",
      class: cls,
    });
    cell.append(svg("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL }));
    let text = place && s !== knight ? String(place) : "";
    if (canGo && showCounts && knight !== null) {
      text = String(jumps(n, s).filter((t) => !visited.has(t)).length);
    }
    if (text) cell.append(svg("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, class: canGo ? "count" : "place" }, text));
    if (canGo) {
      cell.addEventListener("click", () => move(label));
      cell.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") move(label);
      });
    }
    board.append(cell);
  }
  if (path.length > 1) {
    const points = path.map((s) => `${(s % n) * CELL + CELL / 2},${Math.floor(s / n) * CELL + CELL / 2}`).join(" ");
    board.append(svg("polyline", { points, class: "tour-line" }));
    if (game.board.complete && closed) {
      const [a, b] = [path[0], path[path.length - 1]];
      board.append(svg("line", {
        x1: (a % n) * CELL + CELL / 2, y1: Math.floor(a / n) * CELL + CELL / 2,
        x2: (b % n) * CELL + CELL / 2, y2: Math.floor(b / n) * CELL + CELL / 2, class: "tour-line closing",
      }));
    }
  }
  if (knight !== null) {
    board.append(svg("text", { x: (knight % n) * CELL + CELL / 2, y: Math.floor(knight / n) * CELL + CELL / 2, class: "knight" }, "♞"));
  }
  document.getElementById("about").textContent = t("tour-about", {
    kind: closed ? "closed" : "open",
    size: `${n}×${n}`,
    visited: path.length,
    squares: n * n,
    player: game.helper,
  });
  const over = game.status === "over";
  for (const c of document.querySelectorAll("#table .controls")) c.hidden = game.you === null;
  document.getElementById("how").hidden = game.you === null;
  document.getElementById("bot-move").disabled = busy || over || watching;
  document.getElementById("hint").disabled = busy || over || watching;
  document.getElementById("watch").disabled = over;
  setMessage(document.getElementById("watch"), watching ? "tour-stop" : "tour-watch");
  document.getElementById("watch").setAttribute("aria-pressed", String(watching));
  document.getElementById("resign").disabled = busy || over;
  document.getElementById("again").hidden = !over;
  if (over) {
    watching = false;
    say(game.ending ? ending(game) : t("tour-over"));
  } else if (game.you === null) {
    say(t("tour-visited-so-far", { visited: path.length }));
  } else if (!busy && !watching) {
    say(t(knight === null ? "tour-place-knight" : "tour-your-move"));
  }
}

async function act(action) {
  if (busy) return false;
  document.getElementById("hints").hidden = true;
  return page.act(action);
}

function move(square) {
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
  const hint = answer.line?.length > 1
    ? t("tour-hint-goes-on", { bot: answer.bot, square: best.move, line: answer.line.slice(1).join(" ") })
    : t("tour-hint-goes", { bot: answer.bot, square: best.move });
  box.replaceChildren(el("p", {}, hint));
  box.hidden = false;
  document.querySelector(`#board [data-square='${best.move}']`)?.classList.add("hinted");
}

function main() {
  document.getElementById("counts").addEventListener("change", () => game && render());
  document.getElementById("bot-move").addEventListener("click", () => act({ action: "bot" }));
  document.getElementById("watch").addEventListener("click", watch);
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("tour-resign-confirm"))) act({ action: "resign" });
  });
  page = gamePage({
    kind: "knights-tour",
    prompt: t("tour-prompt"),
    body: (data) => ({ params: { size: data.get("size"), tour: data.get("tour") }, helper: data.get("helper") }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();

// Domineering in the browser: point at a cell to preview your domino there, click to place it. Against a bot or
// a friend (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, other, ending, plays, sideName } from "./api.js";
import { t } from "./l10n.js";

let game = null;
let busy = false;
let page = null;

const LETTERS = "abcdefghijklmnop";

/** The board's rows from the top, each a string of `.`, `v`, `h`, from the position text. */
function rows() {
  return game.board.position.split(" ")[0].split("/");
}

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

/** The side (vertical or horizontal) a seat places. */
function side(seat) {
  return game.seats[seat].plays;
}

/** The legal move of the person's domino that covers the cell, preferring up or right from it. */
function moveAt(cell) {
  if (!myTurn()) return null;
  const col = LETTERS.indexOf(cell[0]);
  const row = Number(cell.slice(1));
  const vertical = side(game.you) === "vertical";
  const neighbours = vertical
    ? [[`${cell}`, `${LETTERS[col]}${row + 1}`], [`${LETTERS[col]}${row - 1}`, `${cell}`]]
    : [[`${cell}`, `${LETTERS[col + 1]}${row}`], [`${LETTERS[col - 1]}${row}`, `${cell}`]];
  for (const [a, b] of neighbours) {
    const mv = `${a}-${b}`;
    if (game.legal.includes(mv)) return mv;
  }
  return null;
}

function show(cells) {
  for (const node of document.querySelectorAll("#board .preview")) node.classList.remove("preview");
  for (const name of cells) document.querySelector(`#board [data-cell='${name}']`)?.classList.add("preview");
}

function render() {
  const lines = rows();
  const height = lines.length;
  const board = document.getElementById("board");
  board.style.setProperty("--cols", lines[0].length);
  board.style.setProperty("--rows", height);
  board.replaceChildren();
  lines.forEach((line, i) => {
    const row = height - i;
    [...line].forEach((mark, c) => {
      const name = `${LETTERS[c]}${row}`;
      const mv = mark === "." && !busy ? moveAt(name) : null;
      const cell = el("button", {
        type: "button",
        role: "gridcell",
        class: `square${mark === "v" ? " vertical" : mark === "h" ? " horizontal" : ""}${mv ? " playable" : ""}`,
        "data-cell": name,
        "aria-label": t("dom-cell", { cell: name, mark: mark === "." ? "empty" : mark === "v" ? "vertical" : "horizontal" }),
        disabled: !mv,
        onclick: () => mv && page.act({ action: "move", move: mv }),
      });
      cell.addEventListener("pointerenter", () => show(mv ? mv.split("-") : []));
      cell.addEventListener("focus", () => show(mv ? mv.split("-") : []));
      board.append(cell);
    });
  });
  board.onpointerleave = () => show([]);
  const size = `${game.board.rows}×${game.board.cols}`;
  document.getElementById("about").textContent = t("dom-about", { size, first: plays(game.board.first), matchup: matchup(game) });
  document.getElementById("how").hidden = game.you === null;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${plays(i % 2 === 0 ? side(0) : side(1))} ${m}`)));
  const over = game.status === "over";
  const resign = document.getElementById("resign");
  resign.hidden = game.you === null;
  resign.disabled = busy || over;
  document.getElementById("again").hidden = !over;
  say(message());
}

function message() {
  if (game.status === "over") {
    const r = game.ending;
    const won = winner(game);
    if (won === null) return ending(game);
    const lost = other(won);
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return t("dom-you-resigned");
      return game.you === null ? t("dom-resigned", { who: Who(game, lost) }) : t("dom-resigned-you-win", { who: Who(game, lost) });
    }
    if (game.you === null) return t("dom-side-wins", { winner: sideName(side(won)), loser: plays(side(lost)) });
    if (won === game.you) return t("dom-you-win", { who: who(game, lost) });
    return t("dom-you-lose", { who: Who(game, won) });
  }
  if (myTurn()) return t("dom-your-turn", { side: plays(side(game.you)) });
  if (botToMove(game)) return t("dom-thinking", { who: Who(game, game.turn) });
  if (game.you === null) return t("dom-to-move", { side: sideName(side(game.turn)), who: who(game, game.turn) });
  if (game.seats[game.turn].who === "open") return t("dom-waiting-friend", { side: plays(side(game.turn)) });
  return t("dom-friend-turn", { side: plays(side(game.turn)) });
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("dom-resign-confirm"))) page.act({ action: "resign" });
  });
  page = gamePage({
    kind: "domineering",
    prompt: t("dom-prompt"),
    body: (data) => ({
      params: { rows: data.get("rows"), cols: data.get("cols"), first: data.get("first") },
      opponent: data.get("opponent"),
      seat: Number(data.get("seat")),
    }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();

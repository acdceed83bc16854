// Tic-tac-toe in the browser: click (or Enter on) an empty cell; in the two-phase variant, once your three
// stones stand, choose one of them and then the empty neighbour to slide it to. Against a bot or a friend
// (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, sideName } from "./api.js";
import { t } from "./l10n.js";

let game = null;
let selected = null;
let busy = false;
let page = null;

/** The 9 cells by name (a1..c3) from the position text, rows from 3 down to 1. */
function cells() {
  const rows = game.board.position.split(" ")[0].split("/");
  const out = {};
  rows.forEach((row, i) => {
    [...row].forEach((mark, col) => {
      out[`${"abc"[col]}${3 - i}`] = mark === "." ? "" : mark;
    });
  });
  return out;
}

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

function render() {
  const marks = cells();
  const legal = myTurn() ? game.legal : [];
  const grid = document.getElementById("grid");
  grid.replaceChildren();
  for (const row of [3, 2, 1]) {
    const line = el("div", { role: "row", class: "row" });
    for (const col of "abc") {
      const name = `${col}${row}`;
      const mark = marks[name];
      const playable =
        legal.includes(name) ||
        legal.some((m) => m.startsWith(`${name}-`)) ||
        (selected !== null && legal.includes(`${selected}-${name}`));
      const label = mark ? `${name}: ${mark.toUpperCase()}` : t("ttt-cell-empty", { cell: name });
      const cell = el(
        "button",
        {
          type: "button",
          role: "gridcell",
          class: `cell${mark ? ` ${mark}` : ""}${selected === name ? " selected" : ""}${playable ? " playable" : ""}`,
          "data-cell": name,
          "aria-label": label,
          disabled: busy || !playable,
          onclick: () => choose(name),
        },
        mark ? mark.toUpperCase() : "",
      );
      line.append(cell);
    }
    grid.append(line);
  }
  const variant = game.board.variant === "two-phase" ? "two-phase" : "classic";
  document.getElementById("about").textContent = t("ttt-about", { variant, matchup: matchup(game) });
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${i % 2 === 0 ? "X" : "O"} ${m}`)));
  const over = game.status === "over";
  const resign = document.getElementById("resign");
  resign.hidden = game.you === null;
  resign.disabled = busy || over;
  document.getElementById("again").hidden = !over;
  say(message(legal));
}

function message(legal) {
  if (game.status === "over") {
    const r = game.ending;
    const won = winner(game);
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return t("ttt-you-resigned");
      const resigner = Who(game, r.resigned);
      return game.you === null ? t("ttt-resigned", { who: resigner }) : t("ttt-resigned-you-win", { who: resigner });
    }
    if (won === null) return t("ttt-draw");
    if (won === game.you) return t("ttt-you-win");
    if (game.you === null) return t("ttt-side-wins", { side: sideName(game.seats[won].plays) });
    return t(game.seats[won].who === "bot" ? "ttt-bot-wins" : "ttt-friend-wins");
  }
  if (!myTurn()) {
    const mover = game.seats[game.turn];
    const side = sideName(mover.plays);
    if (botToMove(game)) return t("ttt-thinking", { who: Who(game, game.turn) });
    if (game.you === null) return t("ttt-to-move", { side, who: who(game, game.turn) });
    if (mover.who === "open") return t("ttt-waiting-friend", { side });
    return t("ttt-friend-turn", { side });
  }
  if (selected) return t("ttt-slide", { cell: selected });
  if (legal.some((m) => m.includes("-"))) return t("ttt-choose-stone");
  return t("ttt-choose-cell");
}

async function act(action) {
  selected = null;
  await page.act(action);
}

function choose(name) {
  if (!myTurn()) return;
  if (game.legal.includes(name)) return act({ action: "move", move: name });
  if (selected !== null && game.legal.includes(`${selected}-${name}`)) return act({ action: "move", move: `${selected}-${name}` });
  selected = game.legal.some((m) => m.startsWith(`${name}-`)) && selected !== name ? name : null;
  render();
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("ttt-resign-confirm"))) act({ action: "resign" });
  });
  page = gamePage({
    kind: "tictactoe",
    prompt: t("ttt-prompt"),
    body: (data) => ({
      params: { variant: data.get("variant") },
      opponent: data.get("opponent"),
      seat: Number(data.get("seat")),
    }),
    show: (state, view) => {
      if (game && state.board.position !== game.board.position) selected = null;
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();

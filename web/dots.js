// Dots and Boxes in the browser: click between two neighbouring dots to draw the line; completed boxes take their
// owner's colour. Against a bot or a friend (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, svg, ending } from "./api.js";
import { t } from "./l10n.js";

let game = null;
let busy = false;
let page = null;

const GAP = 60;
const PAD = 16;

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

/** The two dots (x, y in pixels) of line `i`: horizontal lines row by row from the top, then vertical ones. */
function ends(i, rows, cols) {
  const horizontal = (rows + 1) * cols;
  if (i < horizontal) {
    const [r, c] = [Math.floor(i / cols), i % cols];
    return [[PAD + c * GAP, PAD + r * GAP], [PAD + (c + 1) * GAP, PAD + r * GAP]];
  }
  const v = i - horizontal;
  const [r, c] = [Math.floor(v / (cols + 1)), v % (cols + 1)];
  return [[PAD + c * GAP, PAD + r * GAP], [PAD + c * GAP, PAD + (r + 1) * GAP]];
}

function render() {
  const { rows, cols, lines, names, owners, score } = game.board;
  const board = document.getElementById("board");
  board.setAttribute("viewBox", `0 0 ${2 * PAD + cols * GAP} ${2 * PAD + rows * GAP}`);
  board.replaceChildren();
  owners.forEach((owner, k) => {
    if (!owner) return;
    const [r, c] = [Math.floor(k / cols), k % cols];
    board.append(svg("rect", { x: PAD + c * GAP, y: PAD + r * GAP, width: GAP, height: GAP, class: `owned ${owner}` }));
  });
  const mine = myTurn() && !busy;
  lines.forEach((drawn, i) => {
    const [[x1, y1], [x2, y2]] = ends(i, rows, cols);
    const name = names[i];
    const playable = mine && !drawn && game.legal.includes(name);
    // A band around the line takes the clicks: a line alone is too thin to hit.
    const band = 14;
    const across = y1 === y2;
    const hit = svg("rect", {
      x: across ? Math.min(x1, x2) + band / 2 : x1 - band / 2,
      y: across ? y1 - band / 2 : Math.min(y1, y2) + band / 2,
      width: across ? GAP - band : band,
      height: across ? band : GAP - band,
      class: "hit",
    });
    const line = svg("g", {
      class: `line${drawn ? " drawn" : ""}${playable ? " playable" : ""}`,
      "data-line": name,
      tabindex: playable ? "0" : "-1",
      role: "button",
      "aria-label": t(drawn ? "dots-line-drawn" : "dots-line-free", { line: name }),
    }, hit, svg("line", { x1, y1, x2, y2 }));
    if (playable) {
      line.addEventListener("click", () => page.act({ action: "move", move: name }));
      line.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") page.act({ action: "move", move: name });
      });
    }
    board.append(line);
  });
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) board.append(svg("circle", { cx: PAD + c * GAP, cy: PAD + r * GAP, r: 5, class: "dot" }));
  }
  document.getElementById("about").textContent = t("dots-about", { red: score[0], blue: score[1], matchup: matchup(game) });
  document.getElementById("how").hidden = game.you === null;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m) => el("li", {}, m)));
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
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return t("dots-you-resigned");
      const resigner = Who(game, r.resigned);
      return game.you === null ? t("dots-resigned", { who: resigner }) : t("dots-resigned-you-win", { who: resigner });
    }
    if (won === null) return ending(game);
    if (game.you === null) return ending(game);
    return won === game.you
      ? t("dots-you-win", { ending: ending(game) })
      : t("dots-you-lose", { who: Who(game, won), ending: ending(game) });
  }
  if (myTurn()) return t("dots-your-turn");
  if (botToMove(game)) return t("dots-thinking", { who: Who(game, game.turn) });
  if (game.seats[game.turn].who === "open") return t("dots-waiting-friend");
  return t("dots-to-move", { who: Who(game, game.turn), name: who(game, game.turn) });
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("dots-resign-confirm"))) page.act({ action: "resign" });
  });
  page = gamePage({
    kind: "dots",
    prompt: t("dots-prompt"),
    body: (data) => ({
      params: { rows: data.get("rows"), cols: data.get("cols") },
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

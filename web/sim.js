// Sim in the browser: six points on a hexagon and their fifteen edges; click an uncoloured edge to colour it.
// Against a bot or a friend (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, svg, ending, plays } from "./api.js";
import { t } from "./l10n.js";

let game = null;
let busy = false;
let page = null;

/** The six points on a circle, point 1 at the top, clockwise. */
const POINTS = [...Array(6).keys()].map((i) => {
  const angle = -Math.PI / 2 + (i * Math.PI) / 3;
  return [160 + 120 * Math.cos(angle), 150 + 120 * Math.sin(angle)];
});

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

function render() {
  const board = document.getElementById("board");
  board.replaceChildren();
  const mine = myTurn() && !busy;
  for (const { edge, colour } of game.board.edges) {
    const [a, b] = edge.split("-").map((p) => POINTS[Number(p) - 1]);
    const playable = mine && game.legal.includes(edge);
    const line = svg("line", {
      x1: a[0], y1: a[1], x2: b[0], y2: b[1],
      class: `edge${colour ? ` ${colour}` : ""}${playable ? " playable" : ""}`,
      "data-edge": edge,
      tabindex: playable ? "0" : "-1",
      role: "button",
      "aria-label": t("sim-edge", { edge, colour: colour || (playable ? "playable" : "none") }),
    });
    if (playable) {
      line.addEventListener("click", () => page.act({ action: "move", move: edge }));
      line.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") page.act({ action: "move", move: edge });
      });
    }
    board.append(line);
  }
  POINTS.forEach(([x, y], i) => {
    board.append(svg("circle", { cx: x, cy: y, r: 13, class: "point" }));
    board.append(svg("text", { x, y, class: "point-name" }, String(i + 1)));
  });
  document.getElementById("about").textContent = t("sim-about", { matchup: matchup(game) });
  document.getElementById("how").hidden = game.you === null;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${plays(i % 2 === 0 ? "red" : "blue")} ${m}`)));
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
      if (r.resigned === game.you) return t("sim-you-resigned");
      const resigner = Who(game, r.resigned);
      return game.you === null ? t("sim-resigned", { who: resigner }) : t("sim-resigned-you-win", { who: resigner });
    }
    if (won === game.you) return t("sim-you-win", { who: who(game, 1 - won) });
    if (game.you === null) return ending(game);
    return t("sim-you-lose", { who: Who(game, won) });
  }
  if (myTurn()) return t("sim-your-turn", { colour: game.you === 0 ? "red" : "blue" });
  if (botToMove(game)) return t("sim-thinking", { who: Who(game, game.turn) });
  if (game.seats[game.turn].who === "open") return t("sim-waiting-friend");
  return t("sim-to-move", { who: Who(game, game.turn), name: who(game, game.turn) });
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("sim-resign-confirm"))) page.act({ action: "resign" });
  });
  page = gamePage({
    kind: "sim",
    prompt: t("sim-prompt"),
    body: (data) => ({ params: {}, opponent: data.get("opponent"), seat: Number(data.get("seat")) }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();

// The home page: every game the server offers (from its catalog, so a new game needs no change here), and this
// browser's unfinished games.
import { api, asPlayer, attempt, el } from "./api.js";

/** Words for the games this page knows well; any other game shows the catalog's own line. */
const WORDS = {
  hapis: {
    title: "Hapis Tavlası",
    text: "Backgammon with pinning: land on a lone checker and it is pinned under yours until you leave. Play a match against the computer, from the thesis's player to a self-taught network, or against a friend.",
    start: "New match",
  },
  tictactoe: {
    title: "Tic-tac-toe",
    text: "Three in a row, against a player that never loses or a friend, or the two-phase variant: three stones each, then slide them.",
  },
  2048: {
    title: "2048",
    text: "Slide the tiles, merge equal ones, and see how far you get; or watch an expectimax player, or the seed report's player, take the same board on.",
  },
  grundy: {
    title: "Grundy's game",
    text: "Split a heap of counters into two unequal heaps, in turn; whoever cannot split one loses. Against a player that knows every heap's Sprague–Grundy value, or a friend.",
  },
  sim: {
    title: "Sim",
    text: "Colour the lines between six points in turn, red against blue; whoever completes a triangle of their own colour loses. Against the thesis's table of line values, a player that has solved the game, or a friend.",
  },
  dots: {
    title: "Dots and Boxes",
    text: "Draw lines between dots in turn; complete a box and it is yours, and you draw again. Against a player that knows chains and control, and searches the end exactly, or a friend.",
  },
  "knights-tour": {
    title: "Knight's tour",
    text: "Take a knight over every square of the board once, with Warnsdorff's rule as your guide, or watch it tour: the thesis's rule, a look-ahead that holds on any board, or a closed tour built piece by piece.",
    start: "New tour",
  },
  queens: {
    title: "N queens",
    text: "Put N queens on an N×N board so that none attacks another; the thesis's backtracking finishes any placement that can be finished and says when yours cannot.",
    start: "New board",
  },
  chess: {
    title: "Chess",
    text: "Every rule, drag-and-drop play and a review of each finished game. Against a strong engine at eight levels, the thesis's minimax player, or a friend.",
  },
  domineering: {
    title: "Domineering",
    text: "Place dominoes, yours standing, the other side's lying down (or the other way round): whoever has no room left loses. Against the paper's player, an exact solver or a friend.",
  },
};

/** The catalog's games, by name. */
let catalog = new Map();

async function listGames() {
  const list = document.getElementById("games");
  const answer = await attempt(() => api("GET", "/api/catalog"));
  catalog = new Map((answer?.games ?? []).map((g) => [g.name, g]));
  list.replaceChildren();
  for (const g of catalog.values()) {
    const words = WORDS[g.name] ?? {};
    // A game this page has no words for shows its catalog line, without its markup or its seed's number.
    const plain = g.about.replace(/`/g, "").replace(/\s*\((?:seed|thesis|paper|report|blog)[^)]*\)/g, "");
    const title = words.title ?? `${g.name[0].toUpperCase()}${g.name.slice(1)}`;
    const who = g.players === 1 ? "For one: you, with a bot to help or to watch." : "For two: you against a bot or a friend.";
    list.append(
      el(
        "li",
        { class: "card" },
        el("h2", {}, title),
        el("p", {}, words.text ?? `${plain[0].toUpperCase()}${plain.slice(1)}.`),
        el("p", { class: "note who" }, who),
        el("a", { class: "button", href: `/${g.page}`, id: `new-${g.page}` }, words.start ?? "New game"),
      ),
    );
  }
  if (catalog.size === 0) list.append(el("li", {}, "No game could be listed."));
}

/** A game's setup in a few words: "Tic-tac-toe (variant two-phase) against perfect". */
function describe(g) {
  const title = WORDS[g.kind]?.title ?? g.kind;
  const spec = /\((.*)\)$/.exec(g.setup?.game ?? "");
  const params = spec ? ` (${spec[1].replaceAll("=", " ").replaceAll(",", ", ")})` : "";
  const seats = g.setup?.seats ?? [];
  const bot = seats.find((s) => s.who === "bot");
  let against;
  if (seats.length < 2) against = g.setup?.helper ? ` with ${g.setup.helper} to help` : "";
  else against = bot ? ` against ${bot.bot}` : " with a friend";
  const length = g.setup?.length ? `, match to ${g.setup.length}` : "";
  return `${title}${params}${against}${length}`;
}

async function listUnfinished() {
  const list = document.getElementById("unfinished");
  const answer = await attempt(() => asPlayer("GET", "/api/games"));
  list.replaceChildren();
  const open = (answer?.games ?? []).filter((g) => g.status === "playing");
  if (open.length === 0) {
    list.append(el("li", {}, "None yet: start one above."));
    return;
  }
  for (const g of open) {
    const page = catalog.get(g.kind)?.page ?? g.kind;
    const when = new Date(g.updated * 1000).toLocaleString();
    list.append(el("li", {}, el("a", { href: `/${page}?game=${g.id}` }, describe(g)), ` — last move ${when}`));
  }
}

listGames().then(listUnfinished);

// A listed game in words, for the pages that list games (the player's own page and a public profile): what it is,
// who sat across, how it ended, and a link to play it or, once over, to review it.
import { changeText, el, ratingText } from "./api.js";

/** A game's name in words, from the catalog when it has the game. */
function title(kind, catalog) {
  const name = catalog.get(kind)?.name ?? kind;
  return name === "tictactoe" ? "Tic-tac-toe" : `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** Who sat across, in words: "against perfect", "against Bea", "with a friend not here yet", "" alone. */
function against(g) {
  const o = g.opponent;
  if (!o) return g.setup?.helper ? ` with ${g.setup.helper} to help` : "";
  if (o.who === "bot") return ` against ${o.bot}`;
  if (o.who === "open") return " — your friend has not joined yet";
  return ` against ${o.name ?? "a friend"}`;
}

/** A number as the pages write it (1, not 1.0; ½ for a half). */
function points(p) {
  return Number.isInteger(p) ? String(p) : p === 0.5 ? "½" : String(p);
}

/** How the game ended, from the list's seat: "won 1–0: White wins." */
function ending(g) {
  if (!g.result) return g.status === "over" ? "over" : "";
  const p = g.result.points ?? [];
  const mine = g.seat ?? 0;
  const score = p.length === 2 ? `${points(p[mine])}–${points(p[1 - mine])}` : p.map(points).join("–");
  const words = g.outcome ?? "over";
  return `${words} ${score}${g.result.text ? `: ${g.result.text}` : ""}`;
}

/** The list item of a game: its words, its result once over, and its link ("play" or "review"). */
export function gameItem(g, catalog) {
  const when = new Date(g.updated * 1000).toLocaleString();
  const over = g.status === "over";
  const item = el(
    "li",
    { "data-game": g.id, "data-outcome": g.outcome ?? "" },
    `${title(g.kind, catalog)}${against(g)}`,
    over ? el("span", { class: "result" }, ` — ${ending(g)}`) : ` — last move ${when}`,
    " ",
    el("a", { href: g.link, class: over ? "review" : "play" }, over ? "review" : "play"),
  );
  return item;
}

/** A pool's game name: `domineering(cols=6,rows=6)` is Domineering's. */
function poolGame(pool) {
  return pool.split("(")[0];
}

/**
 * A person's ratings as a table, a pool a row with a link to its leaderboard, and their last rated games as a list,
 * each with its change and, where the game is named, a link to it.
 */
export function ratingsBlock(ratings, history, catalog) {
  const block = el("div", { class: "ratings" });
  if (!ratings.length) {
    block.append(el("p", { class: "note" }, "No rated game yet: tick “Rated” when you start a game."));
    return block;
  }
  const rows = ratings.map((r) =>
    el(
      "tr",
      {},
      el("td", {}, el("a", { href: `/leaderboard?pool=${encodeURIComponent(r.pool)}` }, r.pool)),
      el("td", { class: "number" }, ratingText(r)),
      el("td", { class: "number" }, `±${r.deviation}`),
      el("td", { class: "number" }, String(r.games)),
    ),
  );
  block.append(
    el(
      "table",
      { class: "ratings-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Rating"), el("th", {}, "Deviation"), el("th", {}, "Rated games"))),
      el("tbody", {}, ...rows),
    ),
  );
  const items = history.map((h) => {
    const words = `${h.pool}: ${h.before.rating} → ${ratingText(h.after)} (${changeText(h.change)}), ${new Date(h.at * 1000).toLocaleDateString()}`;
    const page = catalog.get(poolGame(h.pool))?.page ?? poolGame(h.pool);
    return el("li", { class: "rated-game" }, h.game ? el("a", { href: `/${page}?game=${encodeURIComponent(h.game)}` }, words) : words);
  });
  if (items.length) block.append(el("h3", {}, "Last rated games"), el("ul", { class: "games" }, ...items));
  return block;
}

// A listed game in words, for the pages that list games (the player's own page and a public profile): what it is,
// who sat across, how it ended, and a link to play it or, once over, to review it.
import { changeText, el, ratingText } from "./api.js";
import { has, moment, number, say as sayMessage, t } from "./l10n.js";

/** A game's name in words, from the catalog when it has the game. */
function title(kind, catalog) {
  const name = catalog.get(kind)?.name ?? kind;
  if (has(`games-kind-${name}`)) return t(`games-kind-${name}`);
  return name === "tictactoe" ? "Tic-tac-toe" : `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** The game and who sat across, in words: "Chess against perfect", "… against Bea", "… — your friend has not
 * joined yet", the title alone when played alone. */
function line(g, catalog) {
  const o = g.opponent;
  let against;
  if (!o) against = g.setup?.helper ? "helper" : "none";
  else if (o.who === "bot") against = "bot";
  else if (o.who === "open") against = "open";
  else against = o.name ? "person" : "friend";
  const who = o?.who === "bot" ? o.bot : (o?.name ?? "");
  return t("games-line", { title: title(g.kind, catalog), against, who, helper: g.setup?.helper ?? "" });
}

/** A number as the pages write it (1, not 1.0; ½ for a half). */
function points(p) {
  return p === 0.5 ? "½" : number(p);
}

/** How the game ended, from the list's seat: "won 1–0: White wins." */
function ending(g) {
  if (!g.result) return g.status === "over" ? t("games-over") : "";
  const p = g.result.points ?? [];
  const mine = g.seat ?? 0;
  const score = p.length === 2 ? `${points(p[mine])}–${points(p[1 - mine])}` : p.map(points).join("–");
  const words = t("games-result", { outcome: g.outcome ?? "over", score });
  const how = g.result.msg ? sayMessage(g.result.msg) : g.result.text;
  return `${words}${how ? `: ${how}` : ""}`;
}

/** The list item of a game: its words, its result once over, and its link ("play" or "review"). */
export function gameItem(g, catalog) {
  const when = moment(new Date(g.updated * 1000));
  const over = g.status === "over";
  const item = el(
    "li",
    { "data-game": g.id, "data-outcome": g.outcome ?? "" },
    line(g, catalog),
    over ? el("span", { class: "result" }, ` — ${ending(g)}`) : ` — ${t("games-last-move", { when })}`,
    " ",
    el("a", { href: g.link, class: over ? "review" : "play" }, t(over ? "games-review" : "games-play")),
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
    block.append(el("p", { class: "note" }, t("games-no-rated")));
    return block;
  }
  const rows = ratings.map((r) =>
    el(
      "tr",
      {},
      el("td", {}, el("a", { href: `/leaderboard?pool=${encodeURIComponent(r.pool)}` }, r.pool)),
      el("td", { class: "number" }, ratingText(r)),
      el("td", { class: "number" }, `±${number(r.deviation)}`),
      el("td", { class: "number" }, number(r.games)),
    ),
  );
  block.append(
    el(
      "table",
      { class: "ratings-table" },
      el("thead", {}, el("tr", {}, ...["games-col-game", "games-col-rating", "games-col-deviation", "games-col-rated-games"].map((id) => el("th", {}, t(id))))),
      el("tbody", {}, ...rows),
    ),
  );
  const items = history.map((h) => {
    const words = t("games-rated-line", {
      pool: h.pool,
      before: String(h.before.rating),
      after: ratingText(h.after),
      change: changeText(h.change),
      date: moment(new Date(h.at * 1000), { dateStyle: "medium" }),
    });
    const page = catalog.get(poolGame(h.pool))?.page ?? poolGame(h.pool);
    return el("li", { class: "rated-game" }, h.game ? el("a", { href: `/${page}?game=${encodeURIComponent(h.game)}` }, words) : words);
  });
  if (items.length) block.append(el("h3", {}, t("games-last-rated")), el("ul", { class: "games" }, ...items));
  return block;
}

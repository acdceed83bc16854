// The leaderboards (`/leaderboard?pool=<pool>`): a pool's people by rating and its bots with the fixed ratings their
// matches measured; a pool is a game with its parameters (`domineering(cols=6,rows=6)`).
import { api, attempt, catalog, el, param, ratingText, say } from "./api.js";
import { has, number, t } from "./l10n.js";

/** A table's rows under its heads; `empty` when there are none. */
function fill(table, heads, rows, empty) {
  const head = el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", {}, t(h)))));
  const body = rows.length
    ? el("tbody", {}, ...rows)
    : el("tbody", {}, el("tr", {}, el("td", { colspan: String(heads.length) }, empty)));
  table.replaceChildren(head, body);
}

/** The scale of the bots' ratings (the server's table says it in English): in the page's language when it is the
 * scale the catalog knows. */
function scaleWords(scale) {
  return has("board-anchor") && scale === ANCHOR ? t("board-anchor") : scale;
}

/** The scale the server's table of bot ratings names today. */
const ANCHOR = "random at 1000 in every game but chess (Stockfish UCI_Elo)";

async function show(pool) {
  document.body.dataset.busy = "true";
  const board = await attempt(() => api("GET", `/api/leaderboard/${encodeURIComponent(pool)}`));
  document.body.dataset.busy = "false";
  if (!board) return;
  history.replaceState(null, "", `/leaderboard?pool=${encodeURIComponent(board.pool)}`);
  document.getElementById("board").hidden = false;
  document.getElementById("board-title").textContent = board.pool;
  const people = board.people.map((p, i) =>
    el(
      "tr",
      {},
      el("td", { class: "number" }, number(i + 1)),
      el("td", {}, el("a", { href: `/profile?name=${encodeURIComponent(p.name)}` }, p.name)),
      el("td", { class: "number" }, ratingText(p)),
      el("td", { class: "number" }, `±${number(p.deviation)}`),
      el("td", { class: "number" }, number(p.games)),
    ),
  );
  fill(document.getElementById("people"), ["board-col-rank", "board-col-name", "board-col-rating", "board-col-deviation", "board-col-rated-games"],
    people, t("board-nobody"));
  const bots = board.bots.map((b) =>
    el(
      "tr",
      {},
      el("td", {}, b.bot),
      el("td", { class: "number" }, String(Math.round(b.rating))),
      el("td", { class: "number" }, `±${number(Math.round(b.deviation))}`),
      el("td", { class: "number" }, number(b.games)),
    ),
  );
  fill(document.getElementById("bots"), ["board-col-bot", "board-col-rating", "board-col-deviation", "board-col-measured"], bots,
    t("board-no-bot"));
  document.getElementById("scale").textContent = board.source
    ? t("board-scale", { source: board.source, scale: scaleWords(board.scale) })
    : t("board-no-bot-pool");
}

(async () => {
  const games = (await catalog())?.games ?? [];
  const pools = games.flatMap((g) => (g.ratings ?? []).map((r) => r.pool));
  const select = document.getElementById("pool");
  const asked = param("pool") ?? pools[0] ?? "hapis";
  if (!pools.includes(asked)) pools.push(asked);
  select.replaceChildren(...pools.map((p) => el("option", { value: p }, p)));
  select.value = asked;
  select.addEventListener("change", () => show(select.value));
  if (!games.length) say(t("board-unreadable"), "error");
  await show(asked);
})();

// The home page: every game the server offers (from its catalog, so a new game needs no change here), and this
// browser's unfinished games.
import { api, asPlayer, attempt, el } from "./api.js";
import { has, moment, t } from "./l10n.js";

/** The games this page has words for (their title, their text, and some a start button of their own, in the
 * catalog as `home-<game>-title`, `-text`, `-start`); any other game shows the catalog's own line. */
const KNOWN = ["hapis", "tictactoe", "2048", "grundy", "sim", "dots", "knights-tour", "queens", "chess", "domineering"];

/** The page's word `what` for game `name`, or undefined when the catalog has none. */
function word(name, what) {
  const id = `home-${name}-${what}`;
  return KNOWN.includes(name) && has(id) ? t(id) : undefined;
}

/** The catalog's games, by name. */
let catalog = new Map();

async function listGames() {
  const list = document.getElementById("games");
  const answer = await attempt(() => api("GET", "/api/catalog"));
  catalog = new Map((answer?.games ?? []).map((g) => [g.name, g]));
  list.replaceChildren();
  for (const g of catalog.values()) {
    // A game this page has no words for shows its catalog line, without its markup or its seed's number.
    const plain = g.about.replace(/`/g, "").replace(/\s*\((?:seed|thesis|paper|report|blog)[^)]*\)/g, "");
    const title = word(g.name, "title") ?? `${g.name[0].toUpperCase()}${g.name.slice(1)}`;
    const who = t(g.players === 1 ? "home-for-one" : "home-for-two");
    list.append(
      el(
        "li",
        { class: "card" },
        el("h2", {}, title),
        el("p", {}, word(g.name, "text") ?? `${plain[0].toUpperCase()}${plain.slice(1)}.`),
        el("p", { class: "note who" }, who),
        el("a", { class: "button", href: `/${g.page}`, id: `new-${g.page}` }, word(g.name, "start") ?? t("home-new-game")),
      ),
    );
  }
  if (catalog.size === 0) list.append(el("li", {}, t("home-none-listed")));
}

/** A game's setup in a few words: "Tic-tac-toe (variant two-phase) against perfect". */
function describe(g) {
  const title = word(g.kind, "title") ?? g.kind;
  const spec = /\((.*)\)$/.exec(g.setup?.game ?? "");
  const params = spec ? ` (${spec[1].replaceAll("=", " ").replaceAll(",", ", ")})` : "";
  const seats = g.setup?.seats ?? [];
  const bot = seats.find((s) => s.who === "bot");
  let against;
  if (seats.length < 2) against = g.setup?.helper ? "helper" : "none";
  else against = bot ? "bot" : "friend";
  return t("home-game-line", {
    title,
    params,
    against,
    bot: bot?.bot ?? "",
    helper: g.setup?.helper ?? "",
    length: g.setup?.length ?? 0,
  });
}

async function listUnfinished() {
  const list = document.getElementById("unfinished");
  const answer = await attempt(() => asPlayer("GET", "/api/games"));
  list.replaceChildren();
  const open = (answer?.games ?? []).filter((g) => g.status === "playing");
  if (open.length === 0) {
    list.append(el("li", {}, t("home-none-yet")));
    return;
  }
  for (const g of open) {
    const page = catalog.get(g.kind)?.page ?? g.kind;
    const when = moment(new Date(g.updated * 1000));
    list.append(el("li", {}, el("a", { href: `/${page}?game=${g.id}` }, describe(g)), ` — ${t("home-last-move", { when })}`));
  }
}

listGames().then(listUnfinished);

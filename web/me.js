// The player's own page: a name to choose, the games in play and finished with their results, the public page's
// setting, a one-time link to play as oneself in another browser, and signing browsers out. Opened with
// `?claim=<code>` (a link made in another browser), it takes that identity into this browser.
import {
  ApiError,
  api,
  asPlayer,
  attempt,
  ensurePlayer,
  forgetToken,
  hasToken,
  isRevoked,
  param,
  say,
  setToken,
} from "./api.js";
import { gameItem, ratingsBlock } from "./games.js";
import { moment, t } from "./l10n.js";

/** The catalog's games, by name. */
let catalog = new Map();

/** How many browsers play as this player, as last read. */
let browsers = 0;

function busy(yes) {
  document.body.dataset.busy = String(yes);
}

/** Shows the player: name, setting, games. */
function drawMe(me) {
  document.getElementById("you").hidden = false;
  const field = document.getElementById("name");
  if (document.activeElement !== field) field.value = me.name ?? "";
  browsers = me.tokens;
  const counts = { playing: me.games.playing, over: me.games.over, tokens: me.tokens };
  document.getElementById("summary").textContent = me.name
    ? t("me-summary-named", { name: me.name, ...counts })
    : t("me-summary-unnamed", counts);
  document.getElementById("list-games").checked = me.list_games;
  document.getElementById("ratings").replaceChildren(ratingsBlock(me.ratings, me.history, catalog));
  const link = document.getElementById("profile-link");
  link.hidden = !me.name;
  if (me.name) link.href = `/profile?name=${encodeURIComponent(me.name)}`;
}

function drawGames(games) {
  const playing = document.getElementById("playing");
  const finished = document.getElementById("finished");
  playing.replaceChildren();
  finished.replaceChildren();
  for (const g of games) (g.status === "over" ? finished : playing).append(gameItem(g, catalog));
  if (!playing.children.length) playing.append(document.createElement("li"));
  if (!finished.children.length) finished.append(document.createElement("li"));
  for (const list of [playing, finished]) {
    const first = list.firstElementChild;
    if (!first.textContent) first.textContent = t("me-none-yet");
  }
}

/** Reads the player and their games again; a revoked token shows what the person may do instead. */
async function load() {
  busy(true);
  try {
    await ensurePlayer();
    const [me, list] = [await api("GET", "/api/me"), await api("GET", "/api/games")];
    document.getElementById("revoked").hidden = true;
    drawMe(me);
    drawGames(list.games);
  } catch (e) {
    if (isRevoked(e)) {
      document.getElementById("you").hidden = true;
      document.getElementById("revoked").hidden = false;
      say(t("me-revoked-nothing-done"), "error");
    } else if (e instanceof ApiError && e.code === "forbidden") {
      // The server no longer knows this token (a store started afresh): a new player, as every page does.
      await attempt(() => asPlayer("GET", "/api/me"));
      await load();
      return;
    } else {
      say(e instanceof ApiError ? e.message : t("frame-went-wrong", { error: String(e) }), "error");
    }
  } finally {
    busy(false);
  }
}

/** Takes the identity of the transfer link's code into this browser. */
async function claim(code) {
  busy(true);
  const answer = await attempt(() => api("POST", "/api/me/claim", { code }));
  history.replaceState(null, "", location.pathname);
  document.getElementById("claim").hidden = true;
  if (answer) {
    setToken(answer.token);
    await load();
    say(t("me-claimed"));
  } else {
    await load();
  }
}

document.getElementById("name-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = document.getElementById("name").value.trim();
  busy(true);
  const me = await attempt(() => asPlayer("PUT", "/api/me/name", { name }));
  if (me) {
    drawMe(me);
    say(t("me-named", { name: me.name }));
  }
  busy(false);
});

document.getElementById("list-games").addEventListener("change", async (e) => {
  const list = e.target.checked;
  const me = await attempt(() => asPlayer("PUT", "/api/me/listing", { list }));
  if (me) {
    drawMe(me);
    say(t(list ? "me-listed" : "me-unlisted"));
  } else {
    e.target.checked = !list;
  }
});

document.getElementById("transfer").addEventListener("click", async () => {
  const answer = await attempt(() => asPlayer("POST", "/api/me/transfer"));
  if (!answer) return;
  document.getElementById("transfer-box").hidden = false;
  const field = document.getElementById("transfer-link");
  field.value = new URL(answer.link, location.origin).href;
  field.select();
  const until = moment(new Date(answer.expires * 1000), { timeStyle: "short" });
  document.getElementById("transfer-note").textContent = t("me-transfer-until", { until });
});

document.getElementById("revoke-others").addEventListener("click", async () => {
  if (!confirm(t("me-confirm-revoke-others"))) return;
  const answer = await attempt(() => asPlayer("POST", "/api/me/tokens/revoke-others"));
  if (answer) {
    say(t("me-revoked-others", { n: answer.revoked }));
    await load();
  }
});

document.getElementById("revoke-current").addEventListener("click", async () => {
  const warning = t(browsers === 1 ? "me-confirm-revoke-alone" : "me-confirm-revoke-current");
  if (!confirm(warning)) return;
  const answer = await attempt(() => asPlayer("DELETE", "/api/me/tokens/current"));
  if (answer) await load();
});

document.getElementById("afresh").addEventListener("click", async () => {
  forgetToken();
  await load();
  say(t("me-afresh-done"));
});

(async () => {
  const answer = await attempt(() => api("GET", "/api/catalog"));
  catalog = new Map((answer?.games ?? []).map((g) => [g.name, g]));
  const code = param("claim");
  if (!code) return load();
  if (!hasToken()) return claim(code);
  // This browser plays as someone already: the person chooses to leave that identity.
  document.getElementById("claim").hidden = false;
  document.getElementById("claim-here").addEventListener("click", () => claim(code));
  await load();
})();

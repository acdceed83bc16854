// The page's language: Turkish or English, chosen from the browser's languages on the first visit, then by the
// switch every page shows (kept in this browser). Every word a page shows comes from the server's catalogs
// (`/locales/en.ftl`, `/locales/tr.ftl`, Project Fluent's format, the same files the server and the terminal
// read), rendered by Fluent's own library: plurals and numbers are the library's, not ours.

import { FluentBundle, FluentResource } from "./fluent-bundle.js";

const KEY = "hamle.lang";

/** The languages hamle speaks, the default first. */
export const LANGS = ["en", "tr"];

/** The language of this page. */
export const lang = chosen();

/** The ids this page asked for that its catalog does not hold (read by the browser tests; always empty). */
export const missing = [];

function chosen() {
  const kept = localStorage.getItem(KEY);
  if (LANGS.includes(kept)) return kept;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(primary)) return primary;
  }
  return "en";
}

const bundle = new FluentBundle(lang, { useIsolating: false });
try {
  const answer = await fetch(`/locales/${lang}.ftl`);
  if (answer.ok) bundle.addResource(new FluentResource(await answer.text()));
} catch {
  // The server is out of reach: the page shows the messages' ids, and its first request will say why.
}
document.documentElement.lang = lang;
globalThis.hamleMissing = missing;

/** The arguments of a message, with messages among them rendered first (a side's name, a throw's name). */
function resolved(args) {
  if (!args) return undefined;
  const out = {};
  for (const [name, value] of Object.entries(args)) {
    out[name] = value !== null && typeof value === "object" && typeof value.id === "string" ? say(value) : value;
  }
  return out;
}

/** The message `id` with its arguments, in the page's language. */
export function t(id, args) {
  const message = bundle.getMessage(id);
  if (!message?.value) {
    missing.push(id);
    return id;
  }
  return format(message.value, args);
}

/** A pattern with its arguments; an argument a message does not get (a selector's `$person` the server never
 * sends) takes the default variant instead of failing the page. */
function format(pattern, args) {
  const errors = [];
  const text = bundle.formatPattern(pattern, resolved(args), errors);
  if (errors.length) console.debug("l10n:", ...errors);
  return text;
}

/** A message as the server sends it (`{ id, args }`: a log line, an ending, a refusal), in the page's language. */
export function say(msg) {
  return t(msg.id, msg.args);
}

/** Whether the catalog holds `id` (for words the server may or may not have a message for). */
export function has(id) {
  return bundle.hasMessage(id);
}

/** A number as this language writes it (`1,5` in Turkish). */
export function number(n, options) {
  return new Intl.NumberFormat(lang, options).format(n);
}

/** A moment as this language writes its date and time. */
export function moment(date, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(lang, options).format(date);
}

/** Fills one element from its `data-l10n-id`: its text from the message's value, its attributes from the message's. */
function fill(element) {
  const id = element.dataset.l10nId;
  const message = bundle.getMessage(id);
  if (!message) {
    missing.push(id);
    return;
  }
  const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : undefined;
  if (message.value) element.textContent = format(message.value, args);
  for (const [name, pattern] of Object.entries(message.attributes)) element.setAttribute(name, format(pattern, args));
}

/** Fills every element under `root` that names a message. */
export function localize(root = document) {
  if (root.dataset?.l10nId) fill(root);
  for (const element of root.querySelectorAll("[data-l10n-id]")) fill(element);
}

/** Sets `element`'s message (and its arguments) and fills it. */
export function setMessage(element, id, args) {
  element.dataset.l10nId = id;
  if (args) element.dataset.l10nArgs = JSON.stringify(args);
  else delete element.dataset.l10nArgs;
  fill(element);
}

/** Switches this browser to `to` and reads the page again in it. */
export function switchTo(to) {
  if (!LANGS.includes(to)) return;
  localStorage.setItem(KEY, to);
  location.reload();
}

/** The switch between the languages, in the page's header. */
function addSwitch() {
  const header = document.querySelector("header");
  if (!header || header.querySelector("#lang")) return;
  const select = document.createElement("select");
  select.id = "lang";
  select.className = "lang";
  select.setAttribute("aria-label", t("lang-switch"));
  for (const code of LANGS) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = t(`lang-${code}`);
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", () => switchTo(select.value));
  header.append(select);
}

localize();
addSwitch();
// Elements a page adds later with a `data-l10n-id` (templates, rows of a table) are filled as they arrive.
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.nodeType === Node.ELEMENT_NODE) localize(node);
    }
  }
}).observe(document.documentElement, { childList: true, subtree: true });

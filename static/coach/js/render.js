// Building blocks of the coach panel: message bubbles, example cards, chips.
import { el, t } from "./dom.js";

const CATEGORIES = new Set(["values", "strengths", "interests", "questions"]);

function formatTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString();
}

function categoryKey(category) {
  return CATEGORIES.has(category) ? category : "other";
}

// A chat bubble; textNode is kept so streamed chunks can be appended to it.
// tag "div": the body holds block content (a coach reply's rendered Markdown).
export function bubble(role, { text = "", selection = "", time = "", tag = "p" } = {}) {
  const textNode = document.createTextNode(text);
  const who = el("span", { className: "visually-hidden", text: `${role === "user" ? t("you") : t("coachName")}：` });
  const body = el(tag, { className: "msg__text" }, [who, textNode]);
  const quote = selection
    ? el("blockquote", { className: "msg__selection", text: selection, attrs: { "aria-label": t("selectionLabel") } })
    : null;
  const node = el("div", { className: `msg msg--${role === "user" ? "user" : "coach"}`,
    attrs: { "data-role": role, title: time ? formatTime(time) : null } }, [quote, body]);
  return { node, textNode, body };
}

export function examplesNode(examples) {
  if (!Array.isArray(examples) || examples.length === 0) return null;
  const items = examples.slice(0, 6).map((ex) => el("li", { className: "example" }, [
    el("span", { className: `example__cat example__cat--${categoryKey(ex.category)}`,
      text: t(`category${categoryKey(ex.category).replace(/^./, (c) => c.toUpperCase())}`) }),
    el("strong", { className: "example__name", text: ex.name || "" }),
    ex.text ? el("span", { className: "example__text", text: ex.text }) : null,
  ]));
  return el("div", { className: "examples" }, [
    el("p", { className: "examples__title", text: t("examplesTitle") }),
    el("ul", { className: "examples__list" }, items),
  ]);
}

export function chipButton(chip, onPick) {
  const button = el("button", { className: "chip", text: chip.text || "",
    attrs: { type: "button", "data-guide-id": chip.id || null } });
  button.addEventListener("click", () => onPick(chip));
  return button;
}

export function chipsNode(chips, onPick, className = "chips chips--inline") {
  if (!Array.isArray(chips) || chips.length === 0) return null;
  return el("div", { className }, chips.map((chip) => chipButton(chip, onPick)));
}

export function typingNode() {
  return el("div", { className: "msg msg--coach msg--typing", attrs: { "data-typing": "" } }, [
    el("span", { className: "visually-hidden", text: t("typing") }),
    el("span", { className: "dots", attrs: { "aria-hidden": "true" } }, [el("i"), el("i"), el("i")]),
  ]);
}

export function noteNode(text, kind = "info") {
  return el("p", { className: `note-line note-line--${kind}`, text, attrs: { "data-note": kind } });
}

// Proactive guidance from the coach, shown as distinct cards. A card counts as
// read once it has been on screen (or is dismissed): we then send guidance_read.
import { el, t } from "./dom.js";
import { chipsNode, examplesNode } from "./render.js";

export function triggerLabel(trigger) {
  const key = `trigger${String(trigger || "").split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("")}`;
  const label = t(key);
  return label === key ? t("guidanceLabel") : label;
}

export class GuidanceArea {
  constructor(root, { socket, onPick, onGotoQuestion }) {
    this.root = root;
    this.socket = socket;
    this.onPick = onPick;
    this.onGotoQuestion = onGotoQuestion;
    this.cards = new Map();
    this.read = new Set();
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) this.markRead(Number(entry.target.closest("[data-guidance-id]").dataset.guidanceId));
      }
    }, { threshold: 0.9 });
  }

  show(frame) {
    const id = Number(frame.guidance_id);
    if (!Number.isInteger(id) || id < 1 || this.cards.has(id)) return;
    const card = this.build(id, frame);
    this.cards.set(id, card);
    this.root.append(card);
    // Read once its message could be read: the text itself is on screen.
    this.observer.observe(card.querySelector(".guidance-card__text"));
  }

  build(id, frame) {
    const close = el("button", { className: "guidance-card__close", text: "×",
      attrs: { type: "button", "aria-label": t("dismiss"), title: t("dismiss") } });
    close.addEventListener("click", () => this.dismiss(id));
    const suggestions = Array.isArray(frame.suggestions) && frame.suggestions.length
      ? el("div", { className: "guidance-card__suggestions" }, [
        el("p", { className: "examples__title", text: t("suggestionsTitle") }),
        el("ul", {}, frame.suggestions.slice(0, 5).map((s) => el("li", { text: String(s) }))),
      ]) : null;
    let goto = null;
    if (typeof frame.question_id === "string" && /^[VSP]\d{2}$/.test(frame.question_id)) {
      goto = el("button", { className: "button button--small button--soft", text: t("gotoQuestion"),
        attrs: { type: "button" } });
      goto.addEventListener("click", () => this.onGotoQuestion(frame.question_id));
    }
    return el("article", { className: "guidance-card", attrs: { "data-guidance-id": id, "data-trigger": frame.trigger || "" } }, [
      el("header", { className: "guidance-card__head" }, [
        el("span", { className: "guidance-card__label", text: triggerLabel(frame.trigger) }), close]),
      el("p", { className: "guidance-card__text", text: frame.text || "" }),
      examplesNode(frame.examples),
      suggestions,
      chipsNode(frame.guide_questions, (chip) => this.onPick(chip, frame.question_id)),
      goto,
    ]);
  }

  dismiss(id) {
    this.markRead(id);
    const card = this.cards.get(id);
    if (card) {
      this.observer.unobserve(card.querySelector(".guidance-card__text"));
      card.remove();
    }
  }

  markRead(id) {
    if (this.read.has(id)) return;
    if (this.socket.send({ type: "guidance_read", guidance_id: id })) this.read.add(id);
  }
}

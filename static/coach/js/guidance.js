// Nudges in the conversation. A delivered nudge is a coach message in the log
// with a small trigger label and its chips inline; one about a step the person
// has left is shown collapsed. A nudge counts as read once its text has been
// on screen in the log (an IntersectionObserver on the viewport also sees the
// log's own scrolling and a closed drawer): we then send guidance_read.
import { el, t } from "./dom.js";
import { chipsNode } from "./render.js";

const MAX_CHIPS = 3;
const QUESTION_ID = /^[VSP]\d{2}$/;

export function triggerLabel(trigger) {
  const key = `trigger${String(trigger || "").split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("")}`;
  const label = t(key);
  return label === key ? t("guidanceLabel") : label;
}

function formatTime(iso) {
  const date = new Date(iso || "");
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString();
}

// The nudge's chips minus those already under the input (same id or words).
export function freshChips(chips, shown) {
  if (!Array.isArray(chips)) return [];
  const ids = new Set(shown.map((c) => c.id));
  const texts = new Set(shown.map((c) => c.text));
  return chips.filter((c) => !ids.has(c.id) && !texts.has(c.text));
}

export class Nudges {
  // stepOf(questionId): that question's step, or null; about(questionId): the
  // {id, label, title} of a question label, or null; onPick(chip, questionId);
  // inputChips(): the chips under the input now (a nudge never repeats them).
  constructor({ socket, stepOf, about, onPick, onGotoQuestion, inputChips = () => [] }) {
    this.socket = socket;
    this.inputChips = inputChips;
    this.stepOf = stepOf;
    this.about = about;
    this.onPick = onPick;
    this.onGotoQuestion = onGotoQuestion;
    this.entries = new Map(); // guidance_id -> {node, details, text, step}
    this.read = new Set();
    this.observer = new IntersectionObserver((seen) => {
      for (const entry of seen) {
        if (entry.isIntersecting) this.markRead(Number(entry.target.closest("[data-guidance-id]").dataset.guidanceId));
      }
    }, { threshold: 0.75 });
  }

  has(id) {
    return this.entries.has(Number(id));
  }

  // The log is rebuilt (a session frame): forget the nodes, keep what was read.
  reset() {
    this.observer.disconnect();
    this.entries.clear();
  }

  // A message node for a `guidance` frame or history entry, or null (bad or known id).
  build(frame, currentStep) {
    const id = Number(frame.guidance_id);
    if (!Number.isInteger(id) || id < 1 || this.entries.has(id)) return null;
    const questionId = QUESTION_ID.test(frame.question_id || "") ? frame.question_id : null;
    // A nudge without a question belongs to the step on screen when it came.
    const step = this.stepOf(questionId) || currentStep;
    const text = el("p", { className: "msg__text" }, [
      el("span", { className: "visually-hidden", text: `${t("coachName")}：` }), String(frame.text || "")]);
    const about = this.about(questionId);
    let aboutButton = null;
    if (about) {
      aboutButton = el("button", { className: "msg__about", text: about.label,
        attrs: { type: "button", title: about.title || null } });
      aboutButton.addEventListener("click", () => this.onGotoQuestion(about.id));
    }
    const chips = freshChips(frame.guide_questions, this.inputChips()).slice(0, MAX_CHIPS);
    const details = el("details", { className: "nudge", attrs: { open: "" } }, [
      el("summary", { className: "msg__label nudge__label" }, [
        el("span", { text: triggerLabel(frame.trigger) }),
        el("span", { className: "nudge__later", text: t("nudgeEarlierStep") }),
      ]),
      aboutButton,
      text,
      chipsNode(chips, (chip) => this.onPick(chip, questionId)),
    ]);
    const node = el("div", { className: "msg msg--coach msg--guidance", attrs: {
      "data-role": "guidance", "data-guidance-id": id, "data-trigger": frame.trigger || "",
      "data-step": step || "", title: formatTime(frame.time) } }, [details]);
    this.entries.set(id, { node, details, text, step });
    if (frame.read === true) this.read.add(id);
    if (!this.read.has(id)) this.observer.observe(text);
    this.collapse(this.entries.get(id), currentStep);
    return node;
  }

  // Nudges about the step on screen are open; the others fold to their label.
  setStep(step) {
    for (const entry of this.entries.values()) this.collapse(entry, step);
  }

  collapse(entry, step) {
    entry.details.open = !(entry.step && step && entry.step !== step);
  }

  markRead(id) {
    if (this.read.has(id)) return;
    if (!this.socket.send({ type: "guidance_read", guidance_id: id })) return;
    this.read.add(id);
    const entry = this.entries.get(id);
    if (entry) this.observer.unobserve(entry.text);
  }
}

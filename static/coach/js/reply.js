// One coach reply bubble: streamed text, a tool status line, the "已停止" mark,
// and its actions (copy, 👍 / 👎 with an optional comment). The panel
// (coach.js) speaks the protocol; this module only builds and updates the DOM.
import { el, t } from "./dom.js";
import { markdownPlain, renderMarkdown } from "./markdown.js";
import { bubble, examplesNode } from "./render.js";

const COMMENT_MAX = 500;
const COPIED_MS = 2000;

// navigator.clipboard needs a secure context and permission; the fallback
// copies from an off-screen textarea.
export async function copyText(text) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const active = document.activeElement;
  const area = el("textarea", { className: "copy-buffer",
    attrs: { readonly: "", tabindex: "-1", "aria-hidden": "true" } });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  area.remove();
  active?.focus?.({ preventScroll: true });
  return ok;
}

function actionButton(className, label, { text = label, attrs = {}, icon = false } = {}) {
  const content = icon ? [el("span", { text, attrs: { "aria-hidden": "true" } })] : [text];
  return el("button", { className: `msg__action ${className}`,
    attrs: { type: "button", "aria-label": label, title: label, ...attrs } }, content);
}

export class Reply {
  // about: {id, label, title} of the question the reply is about, or null.
  // handlers: {feedback(reply, rating, comment), gotoQuestion(id)}.
  constructor(replyId, { about = null, time = "" } = {}, handlers = {}) {
    this.replyId = replyId || "";
    this.handlers = handlers;
    const { node, textNode, body } = bubble("coach", { time, tag: "div" });
    this.node = node;
    // The reply's Markdown is rendered into its own node (markdown.js).
    this.mdNode = el("div", { className: "msg__md", attrs: { "data-md": "" } });
    textNode.replaceWith(this.mdNode);
    this.body = body;
    this.text = "";
    this.shown = ""; // the text streamed so far
    this.frame = 0; // a pending render (requestAnimationFrame id)
    this.final = false;
    this.rating = null;
    this.requested = null; // the rating we asked for, awaiting feedback.saved
    this.commentSent = false;
    this.statusNode = null;
    this.actions = null;
    this.comment = null;
    if (this.replyId) node.dataset.replyId = this.replyId;
    if (about) this.setAbout(about);
  }

  // Label the reply with its question; the final `reply` may name another one
  // than `reply.start` did (the coach turned to it): the label follows.
  setAbout(about) {
    if (!about || about.id === this.node.dataset.aboutQuestion) return;
    this.node.querySelector(":scope > .msg__about")?.remove();
    this.node.dataset.aboutQuestion = about.id;
    // Named by its visible text; the tooltip (and accessible description) says where it leads.
    const label = el("button", { className: "msg__about", text: about.label,
      attrs: { type: "button", title: about.title || null } });
    label.addEventListener("click", () => this.handlers.gotoQuestion?.(about.id));
    this.node.prepend(label);
  }

  // ---- streaming -------------------------------------------------------------

  startStreaming() {
    this.node.classList.add("is-streaming");
  }

  // A tool is running: what was streamed so far was not the answer.
  status(text) {
    this.show("");
    if (!this.statusNode) {
      this.statusNode = el("p", { className: "msg__status", attrs: { "data-status": "" } });
      this.body.before(this.statusNode);
    }
    this.statusNode.textContent = text;
  }

  append(chunk) {
    this.clearStatus();
    this.shown += chunk;
    // One render per animation frame, however many chunks came in it.
    if (!this.frame) this.frame = requestAnimationFrame(() => this.show(this.shown));
  }

  // Render `text` as Markdown now (the streamed text so far, or the final one).
  show(text) {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.shown = text;
    renderMarkdown(this.mdNode, text);
  }

  clearStatus() {
    this.statusNode?.remove();
    this.statusNode = null;
  }

  // ---- final -----------------------------------------------------------------

  // frame: a `reply` frame or a coach history entry. extras: nodes to add (chips).
  finish(frame, extras = []) {
    this.clearStatus();
    this.text = String(frame.text ?? "");
    this.show(this.text);
    this.node.classList.remove("is-streaming");
    this.final = true;
    const nodes = [];
    if (frame.stopped) {
      this.node.dataset.stopped = "";
      nodes.push(el("span", { className: "msg__stopped", text: t("stopped"), attrs: { "data-stopped-mark": "" } }));
    }
    nodes.push(examplesNode(frame.examples), this.buildChoices(frame.choices), ...extras, this.buildActions());
    this.node.append(...nodes.filter(Boolean));
    this.setRating(frame.rating === "up" || frame.rating === "down" ? frame.rating : null);
  }

  // The next steps the coach offers: only the newest reply keeps its buttons.
  buildChoices(choices) {
    document.querySelectorAll("[data-choices]").forEach((node) => node.remove());
    if (!this.replyId || !Array.isArray(choices) || choices.length === 0) return null;
    const buttons = choices.slice(0, 3).map((choice) => {
      const button = el("button", { className: "chip msg__choice", text: String(choice.label ?? ""),
        attrs: { type: "button", "data-choice": String(choice.id ?? "") } });
      button.addEventListener("click", () => {
        if (this.handlers.choose?.(this, choice)) this.choicesNode?.remove();
      });
      return button;
    });
    this.choicesNode = el("div", { className: "msg__choices",
      attrs: { role: "group", "aria-label": t("choicesLabel"), "data-choices": "" } }, buttons);
    return this.choicesNode;
  }

  buildActions() {
    this.copyButton = actionButton("msg__copy", t("copyLabel"), { text: t("copy"),
      attrs: { "data-copy-button": "" } });
    this.copyButton.addEventListener("click", () => this.copy());
    const buttons = [this.copyButton];
    if (this.replyId) {
      this.up = actionButton("msg__rate", t("rateUpLabel"), { text: "👍", icon: true,
        attrs: { "aria-pressed": "false", "data-rate": "up" } });
      this.down = actionButton("msg__rate", t("rateDownLabel"), { text: "👎", icon: true,
        attrs: { "aria-pressed": "false", "data-rate": "down" } });
      this.up.addEventListener("click", () => this.rate("up"));
      this.down.addEventListener("click", () => this.rate("down"));
      buttons.push(this.up, this.down);
    }
    this.actions = el("div", { className: "msg__actions",
      attrs: { role: "group", "aria-label": t("replyActions") } }, buttons);
    return this.actions;
  }

  async copy() {
    const ok = await copyText(markdownPlain(this.text)); // the words, not the ** marks
    const button = this.copyButton;
    const label = ok ? t("copied") : t("copyFailed");
    button.textContent = ok ? t("copied") : t("copy");
    button.setAttribute("aria-label", label);
    button.dataset.state = ok ? "copied" : "failed";
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => {
      button.textContent = t("copy");
      button.setAttribute("aria-label", t("copyLabel"));
      delete button.dataset.state;
    }, COPIED_MS);
  }

  // ---- feedback --------------------------------------------------------------

  rate(rating) {
    if (rating === this.rating && rating === "up") return;
    if (rating === this.rating) { // 👎 again: offer the comment box again
      this.openComment();
      return;
    }
    if (this.handlers.feedback?.(this, rating)) {
      this.requested = rating;
      (rating === "up" ? this.up : this.down).classList.add("is-pending");
    }
  }

  setRating(rating) {
    this.rating = rating;
    if (!this.up) return;
    this.up.setAttribute("aria-pressed", String(rating === "up"));
    this.down.setAttribute("aria-pressed", String(rating === "down"));
    this.node.dataset.rating = rating || "";
  }

  // feedback.saved for this reply.
  saved(rating) {
    const { requested, commentSent } = this;
    this.unpend();
    this.setRating(rating);
    if (commentSent) {
      this.closeComment();
      this.actions.after(el("p", { className: "msg__thanks", text: t("feedbackThanks"),
        attrs: { "data-feedback-done": "" } }));
      return;
    }
    if (rating === "down" && requested === "down") this.openComment();
    if (rating === "up") this.closeComment();
  }

  // A feedback frame the server refused: the buttons keep the saved rating.
  unpend() {
    this.up?.classList.remove("is-pending");
    this.down?.classList.remove("is-pending");
    if (this.comment) this.comment.querySelector("[type=submit]").disabled = false;
    this.requested = null;
    this.commentSent = false;
  }

  openComment() {
    if (this.comment) {
      this.comment.querySelector("textarea").focus();
      return;
    }
    this.node.querySelector("[data-feedback-done]")?.remove();
    const input = el("textarea", { className: "msg__comment-input",
      attrs: { rows: 2, maxlength: COMMENT_MAX, placeholder: t("feedbackPlaceholder"), "data-comment-input": "" } });
    const send = el("button", { className: "button button--small button--primary", text: t("feedbackSend"),
      attrs: { type: "submit" } });
    const skip = el("button", { className: "button button--small button--ghost", text: t("feedbackSkip"),
      attrs: { type: "button" } });
    const form = el("form", { className: "msg__comment", attrs: { "data-comment": "" } }, [
      el("label", { className: "msg__comment-label" }, [el("span", { text: t("feedbackAsk") }), input]),
      el("div", { className: "msg__comment-buttons" }, [send, skip]),
    ]);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const comment = input.value.trim().slice(0, COMMENT_MAX);
      if (!comment) { this.closeComment(); return; }
      if (this.handlers.feedback?.(this, "down", comment)) {
        this.commentSent = true;
        send.disabled = true;
      }
    });
    skip.addEventListener("click", () => { this.closeComment(); this.down?.focus(); });
    this.comment = form;
    this.actions.after(form);
    input.focus({ preventScroll: true });
  }

  closeComment() {
    this.comment?.remove();
    this.comment = null;
  }
}

// The coach panel: chat with streamed replies, quick-pick chips, guidance,
// quiet mode, and a resend (same client_id) of chats the server never took up.
import { Composer } from "./composer.js";
import { el, t, uuid } from "./dom.js";
import { GuidanceArea } from "./guidance.js";
import { bubble, chipButton, chipsNode, examplesNode, noteNode, typingNode } from "./render.js";

const CHAT_ERRORS = new Set(["busy", "rate_limited", "too_long", "invalid"]);
const REPLY_TIMEOUT_MS = 90000;
const SELECTION_MAX = 1000; // keeps a chat frame well under the 8 KB limit

export class CoachPanel {
  constructor(root, socket, { onGotoQuestion }) {
    this.root = root;
    this.socket = socket;
    this.list = root.querySelector("[data-messages]");
    this.empty = root.querySelector("[data-empty]");
    this.chips = root.querySelector("[data-chips]");
    this.quiet = root.querySelector("[data-quiet-toggle]");
    this.composer = new Composer(root.querySelector("[data-composer]"), (text) => this.ask({ text }));
    this.guidance = new GuidanceArea(root.querySelector("[data-guidance]"), {
      socket, onPick: (chip) => this.pick(chip), onGotoQuestion });
    this.step = null;
    this.guideQuestions = {};
    this.pending = new Map(); // client_id -> {frame, shown, node}: not yet taken up
    this.stream = null; // the reply being streamed: {replyId, textNode, node}
    this.awaiting = false; // a turn runs on the server
    this.typing = null;
    this.replyTimer = null;
    this.quiet.addEventListener("change", () => this.setQuiet(this.quiet.checked));
  }

  // ---- sending ---------------------------------------------------------------

  // quote is shown above the bubble only (e.g. the question asked about).
  ask({ text, selection = "", question_id = null, quote = "" }) {
    const frame = { type: "chat", text: text.slice(0, 2000), client_id: uuid() };
    if (selection) frame.selection = selection.slice(0, SELECTION_MAX);
    if (question_id) frame.question_id = question_id;
    return this.dispatch(frame, frame.text, frame.selection || quote);
  }

  pick(chip) {
    const ids = (this.guideQuestions[this.step] || []).map((c) => c.id);
    if (!ids.includes(chip.id)) return this.ask({ text: chip.text }); // a chip of another step
    return this.dispatch({ type: "guide_pick", guide_id: chip.id, client_id: uuid() }, chip.text, "");
  }

  dispatch(frame, text, selection) {
    if (this.composer.blocked) {
      this.note(this.awaiting ? t("errorBusy") : t("errorRateLimited", { s: this.secondsLeft() }), "warn");
      return false;
    }
    const { node } = bubble("user", { text, selection });
    this.append(node);
    this.pending.set(frame.client_id, { frame, text, node, resent: false });
    this.setAwaiting(true);
    if (!this.socket.send(frame)) node.dataset.state = "queued";
    return true;
  }

  secondsLeft() {
    return Math.max(1, Math.ceil((this.composer.waitUntil - Date.now()) / 1000));
  }

  setQuiet(quiet) {
    this.socket.send({ type: "preference", guide_mode: quiet ? "quiet" : "normal" });
    this.note(quiet ? t("quietOn") : t("quietOff"));
  }

  // ---- frames ----------------------------------------------------------------

  onSession(frame) {
    this.step = frame.step;
    this.guideQuestions = frame.guide_questions || {};
    this.quiet.checked = frame.guide_mode === "quiet";
    this.renderChips();
    this.renderHistory(Array.isArray(frame.history) ? frame.history : []);
    for (const g of frame.unread_guidance || []) this.guidance.show(g);
  }

  renderHistory(history) {
    this.stream = null;
    this.list.replaceChildren(this.empty);
    for (const m of history) {
      const { node } = bubble(m.role, { text: m.text, time: m.time });
      if (m.role === "coach") node.append(...[examplesNode(m.examples)].filter(Boolean));
      this.list.append(node);
    }
    const last = history[history.length - 1];
    if (this.awaiting && this.pending.size === 0 && last?.role === "coach") this.setAwaiting(false);
    this.resendPending(history);
    this.empty.hidden = this.list.children.length > 1;
    this.scrollDown(true);
  }

  // After a reconnect: chats the server already answered are dropped; the rest
  // go again with the same client_id, so the server never runs one twice.
  resendPending(history) {
    for (const [clientId, item] of this.pending) {
      const at = history.findLastIndex((m) => m.role === "user" && m.text === item.text);
      if (at >= 0 && history.slice(at + 1).some((m) => m.role === "coach")) {
        this.pending.delete(clientId);
        continue;
      }
      if (at < 0) this.list.append(item.node);
      item.node.dataset.state = this.socket.send(item.frame) ? "" : "queued";
      item.resent = true;
    }
    if (this.awaiting) this.showTyping();
  }

  onReplyStart(frame) {
    this.takeUp();
    this.hideTyping();
    const { node, textNode } = bubble("coach");
    node.classList.add("is-streaming");
    this.list.setAttribute("aria-busy", "true"); // announce the reply once, when complete
    this.stream = { replyId: frame.reply_id, node, textNode };
    this.append(node);
  }

  onDelta(frame) {
    if (!this.stream || this.stream.replyId !== frame.reply_id) this.onReplyStart(frame);
    this.stream.textNode.appendData(String(frame.text || ""));
    this.scrollDown();
  }

  onReply(frame) {
    let target = this.stream && this.stream.replyId === frame.reply_id ? this.stream : null;
    if (!target) {
      const coach = [...this.list.querySelectorAll(".msg--coach:not(.msg--typing)")];
      const lastText = coach.length ? coach[coach.length - 1].querySelector(".msg__text").lastChild?.data : null;
      if (lastText === frame.text) { this.finish(); return; } // already in the restored history
      this.takeUp();
      target = bubble("coach");
      this.append(target.node);
    }
    target.textNode.data = String(frame.text || "");
    target.node.classList.remove("is-streaming");
    // The coach switched quiet mode on when asked to ("别老提醒我了").
    if (frame.guide_mode) this.quiet.checked = frame.guide_mode === "quiet";
    target.node.append(...[examplesNode(frame.examples),
      chipsNode(this.newChips(frame.guide_questions), (chip) => this.pick(chip))].filter(Boolean));
    this.finish();
    this.scrollDown();
  }

  onGuidance(frame) {
    this.guidance.show(frame);
  }

  // Returns true when the error belongs to a chat we sent.
  onError(frame) {
    if (frame.code === "internal" && this.awaiting) {
      // The turn failed on the server (the message itself is saved).
      this.pending.clear();
      this.finish();
      this.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
      return true;
    }
    const [clientId, item] = [...this.pending.entries()].pop() || [];
    if (!item || !CHAT_ERRORS.has(frame.code)) return false;
    this.pending.delete(clientId);
    if (item.resent && frame.code === "busy") return true; // the first send is still being answered
    item.node.dataset.state = "failed";
    item.node.append(el("span", { className: "msg__state", text: t("notSent") }));
    this.composer.restore(item.text);
    this.finish();
    if (frame.code === "rate_limited") {
      const seconds = Math.max(1, Math.ceil(Number(frame.retry_after) || 5));
      this.composer.waitFor(seconds);
      this.note(t("errorRateLimited", { s: seconds }), "warn");
    } else if (frame.code === "busy") {
      this.note(t("errorBusy"), "warn");
    } else if (frame.code === "too_long") {
      this.note(t("errorTooLong"), "warn");
    } else {
      this.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
    }
    return true;
  }

  // ---- state -----------------------------------------------------------------

  takeUp() {
    const first = this.pending.keys().next();
    if (!first.done) this.pending.delete(first.value);
  }

  finish() {
    this.stream?.node.classList.remove("is-streaming");
    this.list.setAttribute("aria-busy", "false");
    this.stream = null;
    this.hideTyping();
    this.setAwaiting(this.pending.size > 0);
  }

  setAwaiting(awaiting) {
    this.awaiting = awaiting;
    this.composer.setBusy(awaiting);
    for (const chip of this.root.querySelectorAll(".chip")) chip.disabled = awaiting;
    clearTimeout(this.replyTimer);
    if (awaiting) {
      if (!this.stream) this.showTyping();
      // A reply lost for good must not block the panel forever.
      this.replyTimer = setTimeout(() => { this.pending.clear(); this.finish(); }, REPLY_TIMEOUT_MS);
    } else {
      this.hideTyping();
    }
  }

  showTyping() {
    if (!this.typing) this.typing = typingNode();
    this.append(this.typing);
  }

  hideTyping() {
    this.typing?.remove();
  }

  // Chips under a reply, unless they are the step's chips already under the input.
  newChips(chips) {
    const shown = new Set((this.guideQuestions[this.step] || []).map((c) => c.id));
    return Array.isArray(chips) && chips.some((c) => !shown.has(c.id)) ? chips : [];
  }

  renderChips() {
    const chips = this.guideQuestions[this.step] || [];
    this.chips.replaceChildren(...chips.map((chip) => chipButton(chip, (c) => this.pick(c))));
    for (const chip of this.chips.children) chip.disabled = this.awaiting;
  }

  setStep(step) {
    this.step = step;
    this.renderChips();
  }

  note(text, kind = "info") {
    this.append(noteNode(text, kind));
  }

  append(node) {
    this.empty.hidden = true;
    const typing = this.typing && this.typing.isConnected && node !== this.typing ? this.typing : null;
    if (typing) this.list.insertBefore(node, typing); else this.list.append(node);
    this.scrollDown(true);
  }

  scrollDown(force = false) {
    const gap = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight;
    if (force || gap < 120) this.list.scrollTop = this.list.scrollHeight;
  }

  reveal() {
    this.root.scrollIntoView({ behavior: "smooth", block: "start" });
  }
}

// The coach panel: chat with streamed replies, Stop, per-reply actions
// (copy, 👍/👎 feedback, regenerate the last reply), quick-pick chips,
// nudges in the log, quiet mode, and a resend (same client_id) of chats the
// server never took up. Replies are matched by reply_id, chats by client_id.
// While the socket is down a chat waits, marked 等待连接后发送, without the
// typing dots: nobody is writing an answer yet.
import { Composer } from "./composer.js";
import { el, t, uuid } from "./dom.js";
import { LogFollower } from "./follow.js";
import { Nudges } from "./guidance.js";
import { bubble, chipButton, chipsNode, noteNode, typingNode } from "./render.js";
import { Reply } from "./reply.js";

const CHAT_ERRORS = new Set(["busy", "rate_limited", "too_long", "invalid"]);
// An error naming one of these fields answers a stop / regenerate / feedback frame.
const CONTROL_FIELDS = new Set(["reply_id", "rating", "comment"]);
const REPLY_TIMEOUT_MS = 90000;
const SELECTION_MAX = 1000; // keeps a chat frame well under the 8 KB limit
const QUESTION_ID = /^[VSP]\d{2}$/;

export class CoachPanel {
  // currentQuestion(): the question card on screen or in focus, or null.
  // onUnseen(): a reply or nudge arrived (the phone drawer counts them).
  constructor(root, socket, { onGotoQuestion, currentQuestion = () => null, onUnseen = () => {} }) {
    this.root = root;
    this.socket = socket;
    this.onGotoQuestion = onGotoQuestion;
    this.currentQuestion = currentQuestion;
    this.onUnseen = onUnseen;
    this.list = root.querySelector("[data-messages]");
    this.empty = root.querySelector("[data-empty]");
    this.chips = root.querySelector("[data-chips]");
    this.quiet = root.querySelector("[data-quiet-toggle]");
    this.stopButton = root.querySelector("[data-stop-button]");
    this.composer = new Composer(root.querySelector("[data-composer]"),
      (text) => this.ask({ text, question_id: this.currentQuestion() }));
    this.follower = new LogFollower(this.list, root.querySelector("[data-new-messages]"));
    this.nudges = new Nudges({ socket, onGotoQuestion,
      stepOf: (id) => this.questions.get(id || "")?.step || null,
      about: (id) => this.aboutOf(id),
      inputChips: () => this.guideQuestions[this.step] || [],
      onPick: (chip, questionId) => this.pick(chip, questionId) });
    this.step = null;
    this.counted = new Set(); // nudge ids already counted as news
    this.guideQuestions = {};
    this.questions = new Map(); // question id -> {step, number, text}
    this.stepTitles = new Map();
    this.pending = new Map(); // client_id -> {frame, text, node, resent}: not yet taken up
    this.replies = new Map(); // reply_id -> Reply on screen
    this.stream = null; // the Reply being written
    this.regenerating = null; // reply_id we asked to regenerate
    this.stopping = false;
    this.awaiting = false; // a turn runs on the server
    this.retryItem = null; // the chat a server fault kept from being stored
    this.typing = null;
    this.replyTimer = null;
    this.regenButton = el("button", { className: "msg__action msg__regenerate", text: t("regenerate"),
      attrs: { type: "button", "aria-label": t("regenerateLabel"), title: t("regenerateLabel"), "data-regenerate-button": "" } });
    this.regenButton.addEventListener("click", () => this.regenerate());
    this.stopButton.addEventListener("click", () => this.stop());
    this.quiet.addEventListener("change", () => this.setQuiet(this.quiet.checked));
    socket.addEventListener("state", (event) => { if (event.detail !== "open") this.connectionLost(); });
  }

  // ---- sending ---------------------------------------------------------------

  // quote is shown above the bubble only (e.g. the question asked about).
  ask({ text, selection = "", question_id = null, quote = "" }) {
    const frame = { type: "chat", text: text.slice(0, 2000), client_id: uuid() };
    if (selection) frame.selection = selection.slice(0, SELECTION_MAX);
    if (QUESTION_ID.test(question_id || "")) frame.question_id = question_id;
    return this.dispatch(frame, frame.text, frame.selection || quote);
  }

  // A chip is about the question on screen (or the nudge's question).
  pick(chip, questionId = null) {
    const question = QUESTION_ID.test(questionId || "") ? questionId : this.currentQuestion();
    const ids = (this.guideQuestions[this.step] || []).map((c) => c.id);
    if (!ids.includes(chip.id)) return this.ask({ text: chip.text, question_id: question }); // another step's chip
    const frame = { type: "guide_pick", guide_id: chip.id, client_id: uuid() };
    if (QUESTION_ID.test(question || "")) frame.question_id = question;
    return this.dispatch(frame, chip.text, "");
  }

  // A choice under the newest reply: its act runs on the server, no guessing.
  choose(reply, choice) {
    const frame = { type: "choice", reply_id: reply.replyId, choice_id: choice.id, client_id: uuid() };
    return this.dispatch(frame, choice.label, "");
  }

  dispatch(frame, text, selection) {
    if (this.composer.blocked) {
      this.note(this.awaiting ? t("errorBusy") : t("errorRateLimited", { s: this.secondsLeft() }), "warn");
      return false;
    }
    if (this.retryItem && frame.type === "chat" && this.retryItem.text === text) {
      // The message a fault kept from being stored, sent again: the same
      // client_id, so a copy the server did store is never answered twice.
      frame.client_id = this.retryItem.frame.client_id;
      this.retryItem.node.remove();
    }
    this.retryItem = null;
    const { node } = bubble("user", { text, selection });
    node.dataset.clientId = frame.client_id;
    const item = { frame, text, node, resent: false };
    this.pending.set(frame.client_id, item);
    this.markQueued(item, !this.socket.send(frame));
    this.append(node, { force: true });
    this.setAwaiting(true);
    return true;
  }

  stop() {
    if (!this.awaiting || this.stopping) return;
    if (!this.socket.send({ type: "stop" })) {
      this.note(t("notConnected"), "warn");
      return;
    }
    this.stopping = true;
    this.stopButton.disabled = true;
    this.stopButton.textContent = t("stopping");
  }

  regenerate() {
    const reply = this.replies.get(this.regenButton.dataset.replyId || "");
    if (!reply || this.awaiting || this.composer.blocked) return;
    const hadFocus = document.activeElement === this.regenButton;
    if (!this.socket.send({ type: "regenerate", reply_id: reply.replyId })) {
      this.note(t("notConnected"), "warn");
      return;
    }
    this.regenerating = reply.replyId;
    reply.node.classList.add("is-regenerating");
    this.setAwaiting(true);
    if (hadFocus) this.stopButton.focus();
  }

  // Called by a Reply's 👍 / 👎 / comment; returns whether the frame went out.
  feedback(reply, rating, comment = "") {
    const frame = { type: "feedback", reply_id: reply.replyId, rating };
    if (comment) frame.comment = comment.slice(0, 500);
    if (this.socket.send(frame)) return true;
    this.note(t("notConnected"), "warn");
    return false;
  }

  secondsLeft() {
    return Math.max(1, Math.ceil((this.composer.waitUntil - Date.now()) / 1000));
  }

  setQuiet(quiet) {
    this.socket.send({ type: "preference", guide_mode: quiet ? "quiet" : "normal" });
    this.note(quiet ? t("quietOn") : t("quietOff"));
  }

  // ---- frames ----------------------------------------------------------------

  // A day after a risk (or a care reply now), the header shows where help is.
  showHelp(on) {
    if (!on) return;
    for (const link of document.querySelectorAll("[data-help-link]")) link.hidden = false;
  }

  onSession(frame) {
    this.showHelp(frame.care);
    this.step = frame.step;
    this.guideQuestions = frame.guide_questions || {};
    this.quiet.checked = frame.guide_mode === "quiet";
    for (const s of frame.steps || []) this.stepTitles.set(s.id, s.title || "");
    for (const q of frame.questions || []) this.questions.set(q.id, q);
    this.renderChips();
    this.renderHistory(Array.isArray(frame.history) ? frame.history : []);
    const unread = new Set((frame.unread_guidance || []).map((g) => Number(g.guidance_id)));
    // Saved but not delivered before: it joins the conversation now.
    for (const g of frame.unread_guidance || []) {
      const node = this.nudges.build(g, this.step);
      if (node) this.append(node);
    }
    for (const id of unread) this.unseenNudge(id);
  }

  // Each nudge counts once as news, however often the socket reconnects.
  unseenNudge(id) {
    if (this.nudges.read.has(id) || this.counted.has(id)) return;
    this.counted.add(id);
    this.onUnseen();
  }

  // The label "关于：重要的事·第3题" of a reply about question_id, or null.
  aboutOf(questionId) {
    const q = this.questions.get(questionId || "");
    if (!q) return null;
    const vars = { step: this.stepTitles.get(q.step) || "", n: q.number };
    return { id: q.id, label: t("aboutQuestion", vars), title: t("aboutQuestionGoto", { text: q.text || "" }) };
  }

  newReply(replyId, questionId, time = "") {
    const reply = new Reply(replyId, { about: this.aboutOf(questionId), time }, {
      feedback: (r, rating, comment) => this.feedback(r, rating, comment),
      choose: (r, choice) => this.choose(r, choice),
      gotoQuestion: (id) => this.onGotoQuestion(id),
    });
    if (replyId) this.replies.set(replyId, reply);
    return reply;
  }

  renderHistory(history) {
    this.stream = null;
    this.regenerating = null;
    this.replies.clear();
    this.nudges.reset();
    this.list.replaceChildren(this.empty);
    for (const m of history) {
      if (m.role === "user") {
        const { node } = bubble("user", { text: m.text, selection: m.selection || "", time: m.time });
        if (m.client_id) node.dataset.clientId = m.client_id;
        this.list.append(node);
      } else if (m.role === "coach") {
        const reply = this.newReply(m.reply_id, m.question_id, m.time);
        reply.finish(m);
        this.list.append(reply.node);
      } else if (m.role === "guidance") {
        const node = this.nudges.build(m, this.step);
        if (node) this.list.append(node);
      }
    }
    this.resendPending(history);
    this.empty.hidden = this.list.children.length > 1;
    this.placeRegenerate();
    this.follower.toEnd();
  }

  // After a reconnect: chats the server already answered are dropped; the rest
  // go again with the same client_id, so the server never runs one twice.
  resendPending(history) {
    for (const [clientId, item] of this.pending) {
      const at = history.findLastIndex((m) => m.role === "user" && m.client_id === clientId);
      if (at >= 0 && history.slice(at + 1).some((m) => m.role === "coach")) {
        this.pending.delete(clientId);
        continue;
      }
      if (at < 0) this.list.append(item.node);
      this.markQueued(item, !this.socket.send(item.frame));
      item.resent = true;
    }
    // Nothing of ours is left and no question waits for its answer: not busy.
    if (this.pending.size === 0 && this.awaiting && history[history.length - 1]?.role !== "user") {
      this.setAwaiting(false);
    }
    if (this.awaiting && !this.stream) this.showTyping();
  }

  // The message is saved and waits for a free coach: say so under the typing
  // dots ("前面还有 3 位，马上轮到你") until the reply starts.
  onQueued(frame) {
    if (!this.awaiting || this.stream) return;
    this.showTyping();
    if (!this.typing) return;
    let line = this.typing.querySelector("[data-queue-status]");
    if (!line) {
      line = el("span", { className: "msg__queue", attrs: { "data-queue-status": "", role: "status" } });
      this.typing.append(line);
    }
    line.textContent = String(frame.text || "");
  }

  onReplyStart(frame) {
    if (frame.replaces) this.regenerating = null; // a regenerate: no chat of ours is taken up
    else this.takeUp();
    this.hideTyping();
    const old = frame.replaces ? this.replies.get(frame.replaces) : null;
    if (this.stream && this.stream !== old) this.stream.node.classList.remove("is-streaming");
    const reply = this.newReply(frame.reply_id, frame.question_id);
    reply.startStreaming();
    this.list.setAttribute("aria-busy", "true"); // announce the reply once, when complete
    this.place(reply, old, frame);
    this.stream = reply;
    if (!this.awaiting) this.setAwaiting(true); // e.g. a turn the server resumed on connect
    else this.placeRegenerate();
  }

  // Put a new reply where the one it replaces was, or at the end.
  place(reply, old, frame) {
    if (old && old.node.isConnected) {
      old.node.replaceWith(reply.node);
      if (frame.replaces !== frame.reply_id) this.replies.delete(frame.replaces);
      this.replies.set(frame.reply_id, reply);
    } else {
      this.append(reply.node);
    }
  }

  onStatus(frame) {
    if (!this.stream || this.stream.replyId !== frame.reply_id) this.onReplyStart(frame);
    this.stream.status(String(frame.text || ""));
  }

  onDelta(frame) {
    if (!this.stream || this.stream.replyId !== frame.reply_id) this.onReplyStart(frame);
    this.stream.append(String(frame.text || ""));
  }

  onReply(frame) {
    this.showHelp(frame.care);
    let reply = this.stream && this.stream.replyId === frame.reply_id ? this.stream : null;
    if (!reply) {
      // Already in the restored history (a resend answered again, or a late group reply).
      if (this.replies.get(frame.reply_id)?.final && !frame.replaces) { this.finish(); return; }
      const old = frame.replaces ? this.replies.get(frame.replaces) : null;
      if (!old) this.takeUp();
      reply = this.newReply(frame.reply_id, frame.question_id);
      this.place(reply, old, frame);
    }
    // The coach switched quiet mode on when asked to ("别老提醒我了").
    if (frame.guide_mode) this.quiet.checked = frame.guide_mode === "quiet";
    const onPick = (chip) => this.pick(chip, frame.question_id); // about the reply's question
    reply.setAbout(this.aboutOf(frame.question_id));
    reply.finish(frame, [chipsNode(this.newChips(frame.guide_questions), onPick)]);
    this.finish();
    this.onUnseen();
  }

  onFeedbackSaved(frame) {
    this.replies.get(frame.reply_id)?.saved(frame.rating === "up" || frame.rating === "down" ? frame.rating : null);
  }

  onGuidance(frame) {
    const node = this.nudges.build(frame, this.step);
    if (!node) return;
    this.append(node);
    this.unseenNudge(Number(frame.guidance_id));
  }

  // Returns true when the error belongs to something the panel sent.
  onError(frame) {
    if (frame.code === "rate_limited" && frame.detail === "question_id") return false; // an answer save
    if (frame.code === "internal" && this.awaiting && frame.detail === "saved") {
      // The turn failed on the server after the message was stored.
      this.pending.clear();
      this.finish();
      this.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
      return true;
    }
    if (frame.code === "internal" && this.awaiting) {
      // Not known to be stored (a database fault): never let it look sent.
      const [clientId, item] = [...this.pending.entries()].pop() || [];
      if (item) {
        this.pending.delete(clientId);
        this.markFailed(item);
        this.retryItem = item; // sent again as the same message (same client_id)
      }
      this.finish();
      this.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
      return true;
    }
    if (CONTROL_FIELDS.has(frame.detail)) return this.controlError(frame);
    if (this.regenerating && this.pending.size === 0 && CHAT_ERRORS.has(frame.code)) return this.controlError(frame);
    const [clientId, item] = [...this.pending.entries()].pop() || [];
    if (!item || !CHAT_ERRORS.has(frame.code)) return false;
    this.pending.delete(clientId);
    if (item.resent && frame.code === "busy") return true; // the first send is still being answered
    this.markFailed(item);
    this.finish();
    this.limitNote(frame);
    return true;
  }

  // Marked 没有发出去, its text back in the composer.
  markFailed(item) {
    item.node.dataset.state = "failed";
    item.node.append(el("span", { className: "msg__state", text: t("notSent") }));
    this.composer.restore(item.text);
  }

  limitNote(frame) {
    if (frame.code === "rate_limited") {
      const seconds = Math.max(1, Math.ceil(Number(frame.retry_after) || 5));
      this.composer.waitFor(seconds);
      this.note(t("errorRateLimited", { s: seconds }), "warn");
    } else if (frame.code === "busy") {
      // With retry_after the whole server is busy, not this conversation.
      this.note(frame.retry_after ? frame.message || t("errorBusy") : t("errorBusy"), "warn");
    } else if (frame.code === "too_long") {
      this.note(t("errorTooLong"), "warn");
    } else {
      this.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
    }
  }

  // A stop / regenerate / feedback the server refused.
  controlError(frame) {
    for (const reply of this.replies.values()) reply.unpend();
    if (this.regenerating) {
      this.regenerating = null;
      if (!this.stream) this.finish(); // nothing is being written after all
      if (frame.code === "invalid") this.note(t("errorRegenerate"), "warn"); else this.limitNote(frame);
      return true;
    }
    if (this.stopping) { // nothing left to stop: the reply is finishing anyway
      this.stopping = false;
      this.renderStop();
      return true;
    }
    this.note(t("errorAction", { message: frame.message || frame.code }), "warn");
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
    this.regenerating = null;
    for (const node of this.list.querySelectorAll(".is-regenerating")) node.classList.remove("is-regenerating");
    this.hideTyping();
    this.setAwaiting(this.pending.size > 0);
  }

  setAwaiting(awaiting) {
    this.awaiting = awaiting;
    if (!awaiting) this.stopping = false;
    this.composer.setBusy(awaiting);
    for (const chip of this.root.querySelectorAll(".chip")) chip.disabled = awaiting;
    this.renderStop();
    this.placeRegenerate();
    clearTimeout(this.replyTimer);
    if (awaiting) {
      if (!this.stream) this.showTyping();
      // A reply lost for good must not block the panel forever.
      this.replyTimer = setTimeout(() => { this.pending.clear(); this.finish(); }, REPLY_TIMEOUT_MS);
    } else {
      this.hideTyping();
    }
  }

  // Stop is there only while a reply is being written.
  renderStop() {
    const button = this.stopButton;
    const hide = !this.awaiting;
    if (hide && document.activeElement === button) {
      this.root.querySelector("[data-composer-input]").focus({ preventScroll: true });
    }
    button.hidden = hide;
    button.disabled = this.stopping;
    button.textContent = this.stopping ? t("stopping") : t("stop");
    button.setAttribute("aria-label", this.stopping ? t("stopping") : t("stopLabel"));
  }

  // "重新回答" sits on the last coach reply only, and not while one is written.
  placeRegenerate() {
    const button = this.regenButton;
    const nodes = this.list.querySelectorAll(".msg--coach[data-reply-id]");
    const last = nodes[nodes.length - 1];
    const reply = last ? this.replies.get(last.dataset.replyId) : null;
    if (!reply || !reply.final || !reply.actions || this.awaiting) {
      button.remove();
      delete button.dataset.replyId;
      return;
    }
    button.dataset.replyId = reply.replyId;
    if (button.parentNode !== reply.actions) reply.actions.append(button);
  }

  // The dots mean the coach is writing: only when the question reached it.
  showTyping() {
    if (!this.socket.open || [...this.pending.values()].some((item) => item.queued)) return;
    if (!this.typing) this.typing = typingNode();
    this.append(this.typing);
  }

  // queued: not sent, waiting for the socket (it goes with the next session frame).
  markQueued(item, queued) {
    item.queued = queued;
    if (queued) item.node.dataset.state = "queued";
    else if (item.node.dataset.state === "queued") delete item.node.dataset.state;
    let label = item.node.querySelector("[data-queued]");
    if (queued && !label) {
      label = el("span", { className: "msg__state", text: t("queued"), attrs: { "data-queued": "" } });
      item.node.append(label);
    }
    if (!queued) label?.remove();
  }

  // The socket dropped: what was not taken up will be resent on reconnect.
  connectionLost() {
    if (this.stream) return; // its text is saved; the next session frame shows it whole
    for (const item of this.pending.values()) this.markQueued(item, true);
    this.hideTyping();
  }

  hideTyping() {
    this.typing?.querySelector("[data-queue-status]")?.remove(); // only while in line
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
    this.nudges.setStep(step);
  }

  note(text, kind = "info") {
    this.append(noteNode(text, kind));
  }

  // force: the person's own message brings the log back to its end.
  append(node, { force = false } = {}) {
    this.empty.hidden = true;
    const typing = this.typing && this.typing.isConnected && node !== this.typing ? this.typing : null;
    if (typing) this.list.insertBefore(node, typing); else this.list.append(node);
    if (force) this.follower.toEnd();
  }
}

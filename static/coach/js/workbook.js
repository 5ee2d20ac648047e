// The workbook: step tabs with progress, question cards with autosave
// (debounced `answer` frames, confirmed by `answer.saved`) and focus reports.
import { debounce, t } from "./dom.js";

const SAVE_DELAY_MS = 800;
const FOCUS_DWELL_MS = 1200;
const ANSWER_ERRORS = new Set(["invalid", "too_long", "internal"]);

export class Workbook {
  constructor(root, socket, { onAsk }) {
    this.root = root;
    this.socket = socket;
    this.onAsk = onAsk;
    this.tabs = [...root.querySelectorAll("[data-step-tab]")];
    this.current = root.dataset.currentStep;
    this.cards = new Map(); // question id -> {card, textarea, state, count, save}
    this.dirty = new Set();
    this.inflight = new Map(); // question id -> text sent, awaiting answer.saved
    this.lastFocus = root.dataset.focusQuestion || null;
    this.visible = new Set(); // cards at least 60% on screen
    for (const card of root.querySelectorAll("[data-question]")) this.wireCard(card);
    this.wireTabs();
    this.watchScroll();
    window.addEventListener("beforeunload", (event) => this.beforeUnload(event));
  }

  // ---- steps -----------------------------------------------------------------

  wireTabs() {
    const ids = this.tabs.map((tab) => tab.dataset.stepTab);
    for (const tab of this.tabs) {
      tab.addEventListener("click", () => this.select(tab.dataset.stepTab));
      tab.addEventListener("keydown", (event) => {
        const i = ids.indexOf(tab.dataset.stepTab);
        const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1 }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        this.select(ids[(next + ids.length) % ids.length], { focusTab: true });
      });
    }
    for (const button of this.root.querySelectorAll("[data-goto-next], [data-goto-prev]")) {
      button.addEventListener("click", () => {
        const i = ids.indexOf(this.current) + ("gotoNext" in button.dataset ? 1 : -1);
        if (i >= 0 && i < ids.length) this.select(ids[i], { scroll: true });
      });
    }
  }

  select(step, { send = true, focusTab = false, scroll = false } = {}) {
    if (!this.tabs.some((tab) => tab.dataset.stepTab === step)) return;
    this.current = step;
    for (const tab of this.tabs) {
      const selected = tab.dataset.stepTab === step;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focusTab) tab.focus();
    }
    for (const panel of this.root.querySelectorAll("[data-step-panel]")) {
      panel.hidden = panel.dataset.stepPanel !== step;
    }
    const url = new URL(window.location.href);
    url.searchParams.set("step", step);
    window.history.replaceState(null, "", url);
    if (scroll) this.root.scrollIntoView({ behavior: "smooth", block: "start" });
    if (send) this.socket.send({ type: "step", step });
    this.root.dispatchEvent(new CustomEvent("stepchange", { detail: step }));
  }

  setProgress(step, progress) {
    const tab = this.tabs.find((el) => el.dataset.stepTab === step);
    if (!tab || !progress || !progress.total) return;
    const text = tab.querySelector("[data-progress-text]");
    const bar = tab.querySelector("[data-progress-bar]");
    if (text) text.textContent = `${progress.done}/${progress.total}`;
    if (bar) { bar.max = progress.total; bar.value = progress.done; }
  }

  // ---- question cards --------------------------------------------------------

  wireCard(card) {
    const id = card.dataset.question;
    const entry = {
      card,
      textarea: card.querySelector("[data-answer]"),
      state: card.querySelector("[data-save-state]"),
      count: card.querySelector("[data-char-count]"),
      save: debounce(() => this.save(id), SAVE_DELAY_MS),
    };
    this.cards.set(id, entry);
    entry.textarea.addEventListener("input", () => {
      this.dirty.add(id);
      this.setState(id, "editing");
      this.updateCount(id);
      entry.save();
    });
    entry.textarea.addEventListener("blur", () => { if (this.dirty.has(id)) this.save(id); });
    entry.textarea.addEventListener("focus", () => this.reportFocus(id));
    card.querySelector("[data-suggest]")?.addEventListener("click", (event) =>
      this.suggest(id, event.currentTarget));
    card.querySelector("[data-suggestion-accept]")?.addEventListener("click", () => this.accept(id));
    card.querySelector("[data-suggestion-dismiss]")?.addEventListener("click", () => {
      card.querySelector("[data-suggestion]").hidden = true;
    });
    card.querySelector("[data-suggestion-undo] button")?.addEventListener("click", () => this.unaccept(id));
    card.querySelector("[data-ask-question]")?.addEventListener("click", () => {
      this.reportFocus(id);
      const quote = card.querySelector(".question__text")?.textContent || "";
      this.onAsk({ text: t("askQuestion"), question_id: id, quote });
    });
  }

  // "让教练给建议" (step 4): the coach's candidate, built from the person's own
  // quotes and knowledge-base names, is shown beside the box. Only "采用" puts it
  // into their text (after what is written, never over it); "撤销" takes it out.
  async suggest(id, button) {
    const entry = this.cards.get(id);
    const url = new URL(button.dataset.suggestUrl, window.location.href);
    url.searchParams.set("question_id", id);
    button.disabled = true;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      const body = await response.json();
      if (!body.ok) {
        entry.state.textContent = body.error;
        entry.state.dataset.state = "failed";
        return;
      }
      entry.card.querySelector("[data-suggestion-text]").textContent = body.text;
      entry.card.querySelector("[data-suggestion]").hidden = false;
    } catch {
      this.setState(id, "failed");
    } finally {
      button.disabled = false;
    }
  }

  accept(id) {
    const entry = this.cards.get(id);
    const text = entry.card.querySelector("[data-suggestion-text]").textContent;
    const box = entry.textarea;
    entry.accepted = box.value.trim() ? `\n${text}` : text;
    box.value = box.value.trim() ? box.value.trimEnd() + entry.accepted : text;
    entry.card.querySelector("[data-suggestion]").hidden = true;
    entry.card.querySelector("[data-suggestion-undo]").hidden = false;
    box.dispatchEvent(new Event("input"));
    box.focus();
  }

  // Take the accepted suggestion out again, keeping anything written since.
  unaccept(id) {
    const entry = this.cards.get(id);
    const box = entry.textarea;
    const at = entry.accepted ? box.value.lastIndexOf(entry.accepted) : -1;
    if (at >= 0) {
      box.value = box.value.slice(0, at) + box.value.slice(at + entry.accepted.length);
      box.dispatchEvent(new Event("input"));
    }
    entry.accepted = null;
    entry.card.querySelector("[data-suggestion-undo]").hidden = true;
  }

  save(id) {
    const entry = this.cards.get(id);
    entry.save.cancel();
    const text = entry.textarea.value;
    if (this.socket.send({ type: "answer", question_id: id, text })) {
      this.inflight.set(id, text);
      this.setState(id, "saving");
    } else {
      this.setState(id, "unsaved");
    }
  }

  saveAll() {
    for (const id of this.dirty) this.save(id);
  }

  onSaved(frame) {
    const entry = this.cards.get(frame.question_id);
    if (!entry) return;
    const sent = this.inflight.get(frame.question_id);
    this.inflight.delete(frame.question_id);
    if (sent !== undefined && entry.textarea.value === sent) {
      this.dirty.delete(frame.question_id);
      this.setState(frame.question_id, "saved");
    }
    this.setProgress(entry.card.dataset.step, frame.progress);
  }

  // An answer the server refused: say so on the card; the text stays in the box.
  onError(frame) {
    const limited = frame.code === "rate_limited" && frame.detail === "question_id";
    if (this.inflight.size === 0 || !(ANSWER_ERRORS.has(frame.code) || limited)) return false;
    for (const id of this.inflight.keys()) this.setState(id, "failed");
    this.inflight.clear();
    if (frame.code === "rate_limited") {
      // Too many saves a minute: the edits stay dirty and go out once allowed.
      const seconds = Math.max(1, Math.ceil(Number(frame.retry_after) || 5));
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.saveAll(), seconds * 1000);
    }
    return true;
  }

  // A (re)connect: take server answers for untouched boxes, then send our edits.
  onSession(frame) {
    for (const step of frame.steps || []) this.setProgress(step.id, step.progress);
    const answers = frame.answers || {};
    for (const [id, entry] of this.cards) {
      if (this.dirty.has(id) || document.activeElement === entry.textarea) continue;
      const text = typeof answers[id] === "string" ? answers[id] : "";
      if (entry.textarea.value !== text) entry.textarea.value = text;
      this.setState(id, text ? "saved" : "");
    }
    this.inflight.clear();
    this.saveAll();
    if (frame.step !== this.current) this.socket.send({ type: "step", step: this.current });
  }

  setState(id, state) {
    const entry = this.cards.get(id);
    const labels = { editing: t("editing"), saving: t("saving"), saved: t("saved"),
      unsaved: t("unsaved"), failed: t("saveFailed") };
    entry.state.textContent = labels[state] || "";
    entry.state.dataset.state = state;
  }

  updateCount(id) {
    const entry = this.cards.get(id);
    const n = entry.textarea.value.length;
    entry.count.textContent = n > 1500 ? t("chars", { n }) : "";
  }

  gotoQuestion(id) {
    const entry = this.cards.get(id);
    if (!entry) return;
    this.select(entry.card.dataset.step);
    entry.card.scrollIntoView({ behavior: "smooth", block: "center" });
    entry.textarea.focus({ preventScroll: true });
  }

  // ---- focus (feeds the server's stuck detection) ---------------------------

  reportFocus(id) {
    if (id === this.lastFocus) return;
    if (this.socket.send({ type: "focus", question_id: id })) this.lastFocus = id;
  }

  // The question a chat is about: the card being written in; else the last one
  // in focus while it is still on screen; else the top card on screen; else the
  // last one in focus if it belongs to the open step.
  currentQuestion() {
    const active = document.activeElement?.closest?.("[data-question]");
    if (active && this.root.contains(active)) return active.dataset.question;
    const shown = this.shownCards();
    const last = this.cards.get(this.lastFocus);
    if (last && shown.includes(last.card)) return this.lastFocus;
    if (shown.length) return shown[0].dataset.question;
    return last && last.card.dataset.step === this.current ? this.lastFocus : null;
  }

  shownCards() {
    const shown = [...this.visible].filter((card) => !card.closest("[hidden]"));
    shown.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    return shown;
  }

  watchScroll() {
    let timer = null;
    const visible = this.visible;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target); else visible.delete(entry.target);
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        const shown = this.shownCards();
        if (shown.length && !this.root.contains(document.activeElement?.closest?.("[data-question]") ?? null)) {
          this.reportFocus(shown[0].dataset.question);
        }
      }, FOCUS_DWELL_MS);
    }, { threshold: 0.6 });
    for (const { card } of this.cards.values()) observer.observe(card);
  }

  beforeUnload(event) {
    this.saveAll();
    if (this.dirty.size > 0 && !this.socket.open) {
      event.preventDefault();
      event.returnValue = t("leaveWarning");
    }
  }
}

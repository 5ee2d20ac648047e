// The chat input: Enter sends, Shift+Enter breaks the line, and an Enter that
// confirms an IME composition (Chinese pinyin input) never sends.
import { t } from "./dom.js";

const MAX_ROWS_PX = 160;

export class Composer {
  constructor(form, onSend) {
    this.form = form;
    this.input = form.querySelector("textarea");
    this.button = form.querySelector("[data-send]");
    this.onSend = onSend;
    this.composing = false;
    this.busy = false;
    this.waitUntil = 0;
    this.countdown = null;
    this.input.addEventListener("compositionstart", () => { this.composing = true; });
    this.input.addEventListener("compositionend", () => { this.composing = false; });
    this.input.addEventListener("keydown", (event) => this.onKeydown(event));
    this.input.addEventListener("input", () => this.resize());
    form.addEventListener("submit", (event) => { event.preventDefault(); this.submit(); });
  }

  onKeydown(event) {
    if (event.key !== "Enter" || event.shiftKey) return;
    // isComposing, our own flag and keyCode 229 each cover a different browser.
    if (event.isComposing || this.composing || event.keyCode === 229) return;
    event.preventDefault();
    this.submit();
  }

  submit() {
    const text = this.input.value.trim();
    if (!text || this.blocked) return;
    if (this.onSend(text) !== false) {
      this.input.value = "";
      this.resize();
    }
  }

  get blocked() {
    return this.busy || Date.now() < this.waitUntil;
  }

  restore(text) {
    if (!this.input.value.trim()) {
      this.input.value = text;
      this.resize();
    }
  }

  setBusy(busy) {
    this.busy = busy;
    this.render();
  }

  // Rate limited: the send button counts down the seconds.
  waitFor(seconds) {
    this.waitUntil = Date.now() + seconds * 1000;
    clearInterval(this.countdown);
    this.countdown = setInterval(() => {
      if (Date.now() >= this.waitUntil) clearInterval(this.countdown);
      this.render();
    }, 500);
    this.render();
  }

  render() {
    const left = Math.ceil((this.waitUntil - Date.now()) / 1000);
    this.button.disabled = this.blocked;
    this.button.textContent = left > 0 ? t("waitSeconds", { s: left }) : t("send");
    this.form.classList.toggle("is-busy", this.busy);
  }

  resize() {
    this.input.style.height = "auto";
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, MAX_ROWS_PX)}px`;
  }
}

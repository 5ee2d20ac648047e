// On a phone the coach is a bottom sheet. A button opens it; its name says
// 教练 and, while the sheet is closed, how many replies and nudges came
// ("2 条新消息"). Asking about a question opens the sheet with that question
// in context; closing it returns the person to where they were.
import { t } from "./dom.js";

export const DRAWER_MEDIA = "(max-width: 900px)";

export class CoachDrawer {
  constructor(root, { toggle, scrim, onOpen = () => {} }) {
    this.root = root;
    this.toggle = toggle;
    this.scrim = scrim;
    this.onOpen = onOpen;
    this.media = window.matchMedia(DRAWER_MEDIA);
    this.badge = toggle.querySelector("[data-unread]");
    this.context = root.querySelector("[data-coach-context]");
    this.unread = 0;
    this.isOpen = false;
    this.returnTo = null;
    this.returnY = 0;
    toggle.addEventListener("click", () => this.open({ from: toggle }));
    scrim.addEventListener("click", () => this.close());
    root.querySelector("[data-coach-close]").addEventListener("click", () => this.close());
    this.context.querySelector("button").addEventListener("click", () => this.close());
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen) { event.preventDefault(); this.close(); }
    });
    // Wider than a phone again: the coach is a side panel, nothing to close.
    this.media.addEventListener("change", () => { if (!this.media.matches) this.close({ restore: false }); });
  }

  get active() {
    return this.media.matches;
  }

  // question: {label, text} of the question asked about, shown at the top;
  // from: where closing returns to (else what has focus now).
  open({ question = null, from = null } = {}) {
    if (!this.active) return;
    if (!this.isOpen) {
      this.returnTo = from || document.activeElement;
      this.returnY = window.scrollY;
    }
    this.isOpen = true;
    this.context.hidden = !question;
    if (question) {
      this.context.querySelector("[data-context-label]").textContent = question.label;
      this.context.querySelector("[data-context-text]").textContent = question.text;
    }
    this.setPageInert(true);
    this.root.classList.add("is-open");
    this.scrim.hidden = false;
    this.toggle.setAttribute("aria-expanded", "true");
    this.setUnread(0);
    this.root.querySelector("[data-composer-input]").focus({ preventScroll: true });
    this.onOpen();
  }

  // restore: put focus and scroll back where the person was.
  close({ restore = true } = {}) {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.context.hidden = true;
    this.root.classList.remove("is-open");
    this.scrim.hidden = true;
    this.toggle.setAttribute("aria-expanded", "false");
    this.setPageInert(false);
    const back = this.returnTo;
    this.returnTo = null;
    if (!restore || !back?.isConnected || this.root.contains(back)) {
      if (restore) this.toggle.focus({ preventScroll: true });
      return;
    }
    window.scrollTo({ top: this.returnY, behavior: "instant" });
    back.focus({ preventScroll: true });
    // Still in view, should the page have moved (a keyboard, a rotation).
    (back.closest(".question") || back).scrollIntoView({ block: "nearest", behavior: "instant" });
  }

  // A reply or nudge arrived: counted while the sheet is closed on a phone.
  notify() {
    if (this.active && !this.isOpen) this.setUnread(this.unread + 1);
  }

  setUnread(count) {
    this.unread = count;
    this.badge.hidden = count === 0;
    this.badge.textContent = count ? t("unreadCount", { n: count }) : "";
  }

  // While the sheet is open the page behind it is out of reach (focus, clicks,
  // screen readers), as for a modal dialog.
  setPageInert(inert) {
    for (const node of document.querySelectorAll("[data-behind-drawer]")) node.inert = inert;
    document.documentElement.classList.toggle("has-coach-open", inert);
  }
}

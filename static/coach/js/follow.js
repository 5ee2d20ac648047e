// The chat log follows the conversation: after any change (a bubble, a
// streamed chunk, example cards, a comment box) it scrolls to the very end,
// unless the person has scrolled up to read; then a "新消息 ↓" button shows.
// Watching the DOM, not the protocol, means nothing added later is missed.
const NEAR_END_PX = 24;

export class LogFollower {
  constructor(list, button) {
    this.list = list;
    this.button = button;
    this.following = true;
    this.lastTop = 0;
    list.addEventListener("scroll", () => this.onScroll(), { passive: true });
    button.addEventListener("click", () => {
      this.toEnd();
      list.focus({ preventScroll: true });
    });
    new MutationObserver(() => this.changed())
      .observe(list, { childList: true, subtree: true, characterData: true });
    // The log got taller or shorter (a drawer opened, the window turned).
    new ResizeObserver(() => { if (this.following) this.toEnd(); }).observe(list);
  }

  gap() {
    return this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight;
  }

  onScroll() {
    const top = this.list.scrollTop;
    // Content that shrank pulls scrollTop down too, but then we are at the end.
    if (this.gap() <= NEAR_END_PX) {
      this.following = true;
      this.button.hidden = true;
    } else if (top < this.lastTop - 1) {
      this.following = false;
    }
    this.lastTop = top;
  }

  changed() {
    if (this.following) this.toEnd();
    else if (this.gap() > NEAR_END_PX) this.button.hidden = false;
  }

  // The person sent something or the log was rebuilt: back to the end.
  toEnd() {
    this.following = true;
    this.button.hidden = true;
    this.list.scrollTop = this.list.scrollHeight;
    this.lastTop = this.list.scrollTop;
  }
}

// Select any text on the page → a small "问教练" popover that sends the
// selection to the coach.
const MIN_CHARS = 2;
const GAP_PX = 8;

export function initSelectionAsk(popover, onAsk) {
  const button = popover.querySelector("button");
  let current = null; // {text, questionId}

  function hide() {
    popover.hidden = true;
    current = null;
  }

  function check() {
    const selection = window.getSelection();
    const text = selection ? selection.toString().trim() : "";
    if (!selection || selection.isCollapsed || selection.rangeCount === 0 || text.length < MIN_CHARS) {
      hide();
      return;
    }
    const anchor = selection.anchorNode?.nodeType === Node.ELEMENT_NODE
      ? selection.anchorNode : selection.anchorNode?.parentElement;
    if (!anchor || anchor.closest("textarea, input, [data-ask-popover], [data-composer]")) {
      hide();
      return;
    }
    // In a question card, or in a coach reply about a question.
    const questionId = anchor.closest("[data-question]")?.dataset.question
      || anchor.closest("[data-about-question]")?.dataset.aboutQuestion || null;
    current = { text, questionId };
    place(selection.getRangeAt(0).getBoundingClientRect());
  }

  function place(rect) {
    popover.hidden = false;
    const width = popover.offsetWidth;
    const height = popover.offsetHeight;
    const maxLeft = document.documentElement.clientWidth - width - GAP_PX;
    const left = Math.min(Math.max(GAP_PX, rect.left + rect.width / 2 - width / 2), Math.max(GAP_PX, maxLeft));
    const above = rect.top - height - GAP_PX;
    const top = above > GAP_PX ? above : rect.bottom + GAP_PX;
    popover.style.left = `${left + window.scrollX}px`;
    popover.style.top = `${top + window.scrollY}px`;
  }

  const later = () => setTimeout(check, 10);
  document.addEventListener("mouseup", later);
  document.addEventListener("touchend", later);
  document.addEventListener("keyup", (event) => {
    if (event.key === "Escape") hide(); else if (event.shiftKey || event.key === "Shift") later();
  });
  window.addEventListener("resize", hide);
  // Keep the selection alive while the button is pressed.
  button.addEventListener("pointerdown", (event) => event.preventDefault());
  button.addEventListener("mousedown", (event) => event.preventDefault());
  button.addEventListener("click", () => {
    if (!current) return;
    const { text, questionId } = current;
    hide();
    window.getSelection()?.removeAllRanges();
    onAsk({ selection: text, question_id: questionId });
  });
}

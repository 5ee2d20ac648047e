// Keyboard for the coach (issue 28): "/" (outside a text field) or Ctrl+/ /
// ⌘+/ (anywhere) puts the cursor in the coach's input, opening the phone
// drawer first; Esc stops a reply being written. Listened in the capture
// phase so Esc stops the reply before the drawer sees it (and stays open).
function editable(target) {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select"));
}

export function initCoachKeys({ input, running, stop, reveal }) {
  input.setAttribute("aria-keyshortcuts", "/ Control+/ Meta+/");
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && running()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      stop();
      return;
    }
    if (event.key !== "/" || event.altKey || event.isComposing) return;
    const chord = event.ctrlKey || event.metaKey;
    if (!chord && editable(event.target)) return; // a "/" typed into an answer
    event.preventDefault();
    reveal();
    input.focus();
  }, true);
}

// A phone with its keyboard up (issue 28). visualViewport tells how much of the
// screen the keyboard covers: the drawer's bottom and height follow it (CSS
// variables --kb-inset and --vv-height, read by drawer.css), so the composer
// stays above the keyboard. While the person types, the coach gets
// .is-typing: the quick-pick chips shrink to one scrollable row.
export function initViewport(coachRoot) {
  const input = coachRoot.querySelector("[data-composer-input]");
  input.addEventListener("focus", () => coachRoot.classList.add("is-typing"));
  // Only when focus leaves the coach: a blur toward a button in it (新消息 ↓, a
  // choice) must not re-expand the chips between mousedown and mouseup, or the
  // layout shifts under the pointer and the click lands nowhere.
  coachRoot.addEventListener("focusout", (event) => {
    if (!coachRoot.contains(event.relatedTarget)) coachRoot.classList.remove("is-typing");
  });
  const vv = window.visualViewport;
  if (!vv) return;
  const root = document.documentElement;
  const update = () => {
    const inset = Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop));
    root.style.setProperty("--vv-height", `${Math.round(vv.height)}px`);
    root.style.setProperty("--kb-inset", `${inset}px`);
    root.classList.toggle("has-keyboard", inset > 80);
  };
  vv.addEventListener("resize", update);
  vv.addEventListener("scroll", update);
  update();
}

// The header's dark-mode toggle: flips the theme and remembers the pick.
const KEY = "coach-theme";
const root = document.documentElement;
const button = document.querySelector("[data-theme-toggle]");

function sync() {
  button.setAttribute("aria-pressed", String(root.dataset.theme === "dark"));
}

if (button) {
  button.addEventListener("click", () => {
    const next = root.dataset.theme === "dark" ? "light" : "dark";
    root.dataset.theme = next;
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // storage blocked: the pick lasts for this page only
    }
    sync();
  });
  // theme-init.js follows the system while nothing is picked.
  new MutationObserver(sync).observe(root, { attributes: true, attributeFilter: ["data-theme"] });
  sync();
}

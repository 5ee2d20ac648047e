// Tells the server whether this tab shows the page (`presence` frames), so a
// nudge greets "欢迎回来" only someone who really left (issue 28). Sent when
// the socket opens, when visibility changes, and once a minute while visible:
// another tab that closed may have marked the session away meanwhile.
const REFRESH_MS = 60000;

export function initPresence(socket) {
  const report = () => socket.send({ type: "presence", visible: document.visibilityState === "visible" });
  socket.addEventListener("state", (event) => { if (event.detail === "open") report(); });
  document.addEventListener("visibilitychange", report);
  setInterval(() => { if (document.visibilityState === "visible") report(); }, REFRESH_MS);
}

// The coach WebSocket: reconnects with jittered, capped exponential backoff, pings
// every 25 s, and reports its state ("connecting" | "open" | "reconnecting" |
// "offline" | "crowded" | "gone") through "state" events; frames arrive as
// "frame" events. `refusal` holds the server's words when it is "crowded".

const PING_MS = 25000;
const PONG_TIMEOUT_MS = 10000;
const BASE_DELAY_MS = 500;
// A low cap: once the server is back the page is back within ~2.5 s. Jitter
// (½–1× the ceiling) still spreads many tabs over a second or so.
const MAX_DELAY_MS = 2500;
const NO_SESSION = 4403; // the server found no session for our cookie
// Too many sockets for this workbook or address (WS_PER_SESSION / WS_PER_ADDRESS):
// retrying soon would only be refused again, so the page waits for the person
// (重新连接, or coming back to the tab) and else tries once a minute or so.
const TOO_MANY = 4429;
const CROWDED_RETRY_MS = 60000;

export class CoachSocket extends EventTarget {
  // `session`: { url, csrf, saved }. A page view creates no session; before the
  // first socket we POST to session.url, which creates it and sets the cookie.
  constructor(url, session = null) {
    super();
    this.url = url;
    this.session = session;
    this.starting = false;
    this.ws = null;
    this.attempts = 0;
    this.state = "connecting";
    this.refusal = "";
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    window.addEventListener("online", () => (this.open ? this.setState("open") : this.reconnectNow()));
    window.addEventListener("offline", () => this.setState("offline"));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  start() {
    this.connect();
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.state === "gone" || this.starting) return;
    if (this.session && !this.session.saved) {
      this.startSession();
      return;
    }
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.setState("open");
      this.startPing();
    });
    ws.addEventListener("message", (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame && typeof frame.type === "string") {
        if (frame.type === "pong") clearTimeout(this.pongTimer);
        // Only a socket the server took up resets the backoff: one accepted
        // and closed at once (refused, or failing) must not retry every 0.5 s.
        if (frame.type === "session") this.attempts = 0;
        if (frame.type === "error" && frame.code === "too_many_sockets") {
          this.refusal = frame.message || "";
          return; // the state says it; not a chat error
        }
        this.dispatchEvent(new CustomEvent("frame", { detail: frame }));
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.stopPing();
      this.ws = null;
      if (event.code === NO_SESSION && this.session?.saved === true && !this.session.retried) {
        // The session expired and was cleaned up: start a new one, once.
        this.session.saved = false;
        this.session.retried = true;
        this.connect();
        return;
      }
      if (event.code === NO_SESSION) { this.setState("gone"); return; }
      if (event.code === TOO_MANY) {
        this.setState("crowded");
        this.retryTimer = setTimeout(() => this.connect(), CROWDED_RETRY_MS * (1 + Math.random()));
        return;
      }
      this.setState(navigator.onLine === false ? "offline" : "reconnecting");
      this.scheduleRetry();
    });
  }

  async startSession() {
    this.starting = true;
    try {
      const response = await fetch(this.session.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "X-CSRFToken": this.session.csrf },
      });
      if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
      this.session.saved = true;
    } catch {
      this.setState(navigator.onLine === false ? "offline" : "reconnecting");
    } finally {
      this.starting = false;
    }
    if (this.session.saved) this.connect();
    else this.scheduleRetry();
  }

  // Full-range jitter over an exponential ceiling, so many tabs reconnecting
  // after a server restart do not arrive all at once.
  scheduleRetry() {
    const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** this.attempts);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.ws !== null || this.state === "gone") return;
    this.connect();
  }

  // The person asked to retry ("重新连接"): now, and with short waits again.
  retryNow() {
    this.attempts = 0;
    this.reconnectNow();
  }

  send(frame) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: "ping" })) return;
      clearTimeout(this.pongTimer);
      // No pong in time: the connection is dead even if the browser has not noticed.
      this.pongTimer = setTimeout(() => this.ws?.close(), PONG_TIMEOUT_MS);
    }, PING_MS);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: state }));
  }
}

export function coachSocketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws/coach/`;
}

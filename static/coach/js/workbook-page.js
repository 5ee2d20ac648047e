// Entry point of the workbook page: one socket feeding the workbook and the coach.
import { CoachPanel } from "./coach.js";
import { t } from "./dom.js";
import { CoachDrawer } from "./drawer.js";
import { initCoachKeys } from "./keys.js";
import { initPresence } from "./presence.js";
import { initSelectionAsk } from "./selection.js";
import { CoachSocket, coachSocketUrl } from "./socket.js";
import { initViewport } from "./viewport.js";
import { Workbook } from "./workbook.js";

const coachRoot = document.querySelector("[data-coach]");
const socket = new CoachSocket(coachSocketUrl(), {
  url: coachRoot.dataset.sessionUrl,
  csrf: coachRoot.dataset.csrf,
  saved: coachRoot.dataset.session === "1",
});
const conn = coachRoot.querySelector("[data-conn]");
const reconnect = coachRoot.querySelector("[data-reconnect]");
let workbook = null;
let drawer = null;

const coach = new CoachPanel(coachRoot, socket, {
  onGotoQuestion(id) {
    drawer.close({ restore: false }); // going to the question is the way back
    workbook.gotoQuestion(id);
  },
  currentQuestion: () => workbook.currentQuestion(),
  onUnseen: () => drawer.notify(),
});

// On a phone the coach is a bottom sheet (drawer.js); beside the workbook otherwise.
drawer = new CoachDrawer(coachRoot, {
  toggle: document.querySelector("[data-coach-toggle]"),
  scrim: document.querySelector("[data-coach-scrim]"),
});

function askCoach(message) {
  if (!coach.ask(message)) return;
  const about = coach.aboutOf(message.question_id);
  const text = about ? coach.questions.get(about.id)?.text || "" : "";
  // Some browsers do not focus a clicked button: the card's own "问教练" then.
  const focused = document.activeElement && document.activeElement !== document.body;
  const from = focused ? document.activeElement : document.querySelector(`[data-ask-question="${about?.id}"]`);
  drawer.open({ question: about ? { label: about.label, text } : null, from });
}

workbook = new Workbook(document.querySelector("[data-workbook]"), socket, { onAsk: askCoach });
workbook.root.addEventListener("stepchange", (event) => coach.setStep(event.detail));

initSelectionAsk(document.querySelector("[data-ask-popover]"), ({ selection, question_id }) =>
  askCoach({ text: t("askSelection"), selection, question_id }));

const handlers = {
  session(frame) {
    workbook.onSession(frame);
    coach.onSession(frame);
    coach.setStep(workbook.current);
  },
  "answer.saved": (frame) => workbook.onSaved(frame),
  "reply.queued": (frame) => coach.onQueued(frame),
  "reply.start": (frame) => coach.onReplyStart(frame),
  "reply.status": (frame) => coach.onStatus(frame),
  "reply.delta": (frame) => coach.onDelta(frame),
  reply: (frame) => coach.onReply(frame),
  "feedback.saved": (frame) => coach.onFeedbackSaved(frame),
  guidance: (frame) => coach.onGuidance(frame),
  error(frame) {
    if (!coach.onError(frame) && !workbook.onError(frame)) {
      coach.note(t("errorGeneric", { message: frame.message || frame.code }), "warn");
    }
  },
};

reconnect.addEventListener("click", () => socket.retryNow());

socket.addEventListener("frame", (event) => handlers[event.detail.type]?.(event.detail));
socket.addEventListener("state", (event) => {
  const state = event.detail;
  conn.dataset.state = state;
  conn.textContent = (state === "crowded" && socket.refusal)
    || t(`conn${state.charAt(0).toUpperCase()}${state.slice(1)}`);
  // Waiting for the next try: the person may try now ("重新连接").
  reconnect.hidden = !["reconnecting", "offline", "crowded"].includes(state);
});
initPresence(socket);
initViewport(coachRoot);
initCoachKeys({
  input: coachRoot.querySelector("[data-composer-input]"),
  running: () => coach.awaiting && !coach.stopping,
  stop: () => coach.stop(),
  reveal: () => { if (!drawer.isOpen) drawer.open({ from: document.activeElement }); },
});
socket.start();

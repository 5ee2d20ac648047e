// Entry point of the workbook page: one socket feeding the workbook and the coach.
import { CoachPanel } from "./coach.js";
import { narrowScreen, t } from "./dom.js";
import { initSelectionAsk } from "./selection.js";
import { CoachSocket, coachSocketUrl } from "./socket.js";
import { Workbook } from "./workbook.js";

const coachRoot = document.querySelector("[data-coach]");
const socket = new CoachSocket(coachSocketUrl(), {
  url: coachRoot.dataset.sessionUrl,
  csrf: coachRoot.dataset.csrf,
  saved: coachRoot.dataset.session === "1",
});
const conn = coachRoot.querySelector("[data-conn]");
let workbook = null;

const coach = new CoachPanel(coachRoot, socket, {
  onGotoQuestion: (id) => workbook.gotoQuestion(id),
  currentQuestion: () => workbook.currentQuestion(),
});

function askCoach(message) {
  if (coach.ask(message) && narrowScreen()) coach.reveal();
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

// On a phone the coach sits below the workbook: a floating button jumps to it,
// and hides while the panel is on screen.
const fab = document.querySelector(".coach-fab");
fab.addEventListener("click", (event) => {
  event.preventDefault();
  coach.reveal();
  coachRoot.querySelector("[data-composer-input]").focus({ preventScroll: true });
});
new IntersectionObserver(([entry]) => fab.classList.toggle("is-hidden", entry.isIntersecting))
  .observe(coachRoot);

socket.addEventListener("frame", (event) => handlers[event.detail.type]?.(event.detail));
socket.addEventListener("state", (event) => {
  const state = event.detail;
  conn.dataset.state = state;
  conn.textContent = t(`conn${state.charAt(0).toUpperCase()}${state.slice(1)}`);
});
socket.start();

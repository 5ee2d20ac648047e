// One direction card as a PNG, drawn here on a <canvas> (no library, nothing sent
// anywhere): the saved face of the card as the page shows it, so the image holds
// the person's words and knowledge-base names only. Text is read with
// textContent and drawn with fillText; nothing is parsed as markup.
const WIDTH = 1080;
const PAD = 72;
const INNER = WIDTH - PAD * 2;
const FONT = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", "Source Han Sans SC", sans-serif';
const COLORS = { bg: "#f6f3ec", card: "#ffffff", ink: "#1f2523", muted: "#5d6864", accent: "#1a5849", soft: "#dcebe5" };

const text = (root, selector) => (root.querySelector(selector)?.textContent || "").trim();

// What the card says, read from its saved face (never from the editor's inputs,
// which may hold unsaved words).
function cardData(face) {
  const filled = (selector) => (face.querySelector(`${selector} .muted`) ? "" : text(face, selector));
  return {
    eyebrow: text(face, ".direction-face__eyebrow"),
    title: text(face, "[data-face-title]"),
    draws: [...face.querySelectorAll("[data-face-draw]")].map((li) => ({
      kind: text(li, "[data-face-kind]"),
      name: text(li, "[data-face-name]"),
      quote: text(li, "[data-face-quote]"),
    })),
    question: filled("[data-face-question]"),
    experiment: filled("[data-face-experiment]"),
    gauges: [...face.querySelectorAll("[data-face-gauge]")].map((g) => ({
      label: g.dataset.label,
      value: Number(g.dataset.value) || 0,
    })),
    notes: [...face.querySelectorAll("[data-face-note]")].slice(-3).map((n) => ({
      date: text(n, "time"),
      text: text(n, "[data-face-note-text]"),
    })),
  };
}

// Closing punctuation stays at the end of a line, never opens the next one.
const CLOSING = new Set("，。、；：？！,.;:?!」』）)》»”’…");

// Chinese has no spaces: break anywhere a character would overflow.
function wrap(ctx, value, width) {
  const lines = [];
  for (const paragraph of value.split("\n")) {
    let line = "";
    for (const ch of paragraph) {
      if (line && !CLOSING.has(ch) && ctx.measureText(line + ch).width > width) {
        lines.push(line);
        line = ch;
      } else {
        line += ch;
      }
    }
    lines.push(line);
  }
  return lines;
}

// Lay the card out as a list of drawing steps; run once to measure, once to draw.
function layout(ctx, card) {
  const steps = [];
  let y = PAD + 40;
  const block = (value, size, color, { weight = 400, gap = 10, indent = 0 } = {}) => {
    if (!value) return;
    ctx.font = `${weight} ${size}px ${FONT}`;
    for (const line of wrap(ctx, value, INNER - 48 - indent)) {
      const at = y + size;
      steps.push((c) => { c.font = `${weight} ${size}px ${FONT}`; c.fillStyle = color; c.fillText(line, PAD + 24 + indent, at); });
      y += size * 1.5;
    }
    y += gap;
  };
  block(card.eyebrow, 26, COLORS.muted, { gap: 6 });
  block(card.title, 52, COLORS.accent, { weight: 700, gap: 26 });
  if (card.draws.length) {
    block("用到我的", 26, COLORS.muted, { gap: 4 });
    for (const d of card.draws) {
      // The face's quote already carries its «» marks.
      block(`${d.kind}  ${d.name}${d.quote ? `  ${d.quote}` : ""}`, 28, COLORS.ink, { gap: 4, indent: 12 });
    }
    y += 18;
  }
  for (const [label, value] of [["要回答的问题", card.question], ["7 天小实验", card.experiment]]) {
    if (!value) continue;
    block(label, 26, COLORS.muted, { gap: 4 });
    block(value, 32, COLORS.ink, { gap: 20 });
  }
  for (const g of card.gauges) {
    const at = y;
    steps.push((c) => {
      c.font = `400 28px ${FONT}`;
      c.fillStyle = COLORS.ink;
      c.fillText(g.label, PAD + 24, at + 30);
      for (let i = 1; i <= 5; i += 1) {
        c.beginPath();
        c.arc(PAD + 420 + i * 44, at + 20, 14, 0, Math.PI * 2);
        c.fillStyle = i <= g.value ? COLORS.accent : COLORS.soft;
        c.fill();
      }
      c.fillStyle = COLORS.muted;
      c.fillText(g.value ? `${g.value}/5` : "未定", PAD + 720, at + 30);
    });
    y += 50;
  }
  if (card.notes.length) {
    y += 16;
    block("试了之后", 26, COLORS.muted, { gap: 4 });
    for (const n of card.notes) block(`${n.date}  ${n.text}`, 26, COLORS.ink, { gap: 6 });
  }
  return { steps, height: y + PAD + 40 };
}

function draw(card) {
  const canvas = document.createElement("canvas");
  const measure = canvas.getContext("2d");
  const { steps, height } = layout(measure, card);
  canvas.width = WIDTH;
  canvas.height = Math.ceil(height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = COLORS.bg;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = COLORS.card;
  ctx.fillRect(PAD / 2, PAD / 2, WIDTH - PAD, canvas.height - PAD);
  ctx.fillStyle = COLORS.accent;
  ctx.fillRect(PAD / 2, PAD / 2, 10, canvas.height - PAD);
  ctx.textBaseline = "alphabetic";
  for (const step of steps) step(ctx);
  return canvas;
}

function download(canvas, title) {
  const name = `方向卡-${title.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 40) || "方向"}.png`;
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }, "image/png");
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-card-png]");
  if (!button) return;
  const face = button.closest("[data-card]")?.querySelector("[data-card-face]");
  if (!face) return;
  await document.fonts?.ready; // the page's fonts, so the image matches it
  const card = cardData(face);
  download(draw(card), card.title);
});

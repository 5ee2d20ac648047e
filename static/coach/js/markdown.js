// Markdown of coach replies, rendered safely (issue 28). markdown-it (vendored,
// static/coach/vendor/) only parses: with html:false any HTML in a reply stays
// text, and we never use its HTML renderer or innerHTML. This module walks the
// tokens and builds DOM nodes from an allow-list of tags; everything else
// (images, raw HTML, unknown tokens) becomes plain text. Links keep only
// http(s) targets and get rel="noopener nofollow".
import "../vendor/markdown-it/markdown-it.min.js"; // sets globalThis.markdownit

const md = globalThis.markdownit({ html: false, linkify: false, typographer: false, breaks: true });
md.disable(["image"]); // no remote loads from a reply: ![x](url) stays text

// token type (without _open/_close) -> element
const BLOCKS = {
  paragraph: "p", bullet_list: "ul", ordered_list: "ol", list_item: "li",
  blockquote: "blockquote", strong: "strong", em: "em", s: "s",
  table: "table", thead: "thead", tbody: "tbody", tr: "tr", th: "th", td: "td",
};
const SAFE_LINK = /^https?:\/\//i;

function safeHref(href) {
  try {
    const url = new URL(href);
    return SAFE_LINK.test(href) && (url.protocol === "http:" || url.protocol === "https:") ? url.href : null;
  } catch {
    return null;
  }
}

function openTag(token) {
  const base = token.type.replace(/_open$/, "");
  if (base === "heading") return document.createElement("strong"); // headings as bold lines
  if (base === "link") {
    const href = safeHref(token.attrGet("href") || "");
    if (!href) return document.createElement("span"); // javascript:, data:, relative: text only
    const a = document.createElement("a");
    a.href = href;
    a.rel = "noopener nofollow";
    a.target = "_blank";
    return a;
  }
  const tag = BLOCKS[base];
  if (!tag) return document.createElement("span");
  const node = document.createElement(tag);
  const start = token.attrGet("start");
  if (tag === "ol" && start && /^\d{1,6}$/.test(start)) node.setAttribute("start", start);
  return node;
}

// Append the DOM for `tokens` (block or inline) to `parent`.
function build(tokens, parent) {
  const stack = [parent];
  const top = () => stack[stack.length - 1];
  for (const token of tokens) {
    if (token.type === "inline") {
      build(token.children || [], top());
    } else if (token.type.endsWith("_open")) {
      const node = openTag(token);
      top().append(node);
      stack.push(node);
    } else if (token.type.endsWith("_close")) {
      if (stack.length > 1) stack.pop();
      if (token.type === "heading_close") top().append(document.createElement("br"));
    } else if (token.type === "code_inline") {
      top().append(Object.assign(document.createElement("code"), { textContent: token.content }));
    } else if (token.type === "code_block" || token.type === "fence") {
      const pre = document.createElement("pre");
      pre.append(Object.assign(document.createElement("code"), { textContent: token.content }));
      top().append(pre);
    } else if (token.type === "softbreak" || token.type === "hardbreak") {
      top().append(document.createElement("br"));
    } else if (token.type === "hr") {
      top().append(document.createElement("hr"));
    } else {
      // text, html_inline/html_block (cannot occur with html:false), anything new
      top().append(document.createTextNode(token.content || ""));
    }
  }
}

// Replace `target`'s children with the rendered Markdown of `text`.
export function renderMarkdown(target, text) {
  const fragment = document.createDocumentFragment();
  build(md.parse(String(text || ""), {}), fragment);
  target.replaceChildren(fragment);
}

// The reply as plain text, without Markdown marks (what 复制 copies).
export function markdownPlain(text) {
  const lines = [];
  let line = "";
  const counters = [];
  const flush = () => { if (line.trim()) lines.push(line.trimEnd()); line = ""; };
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === "inline") walk(token.children || []);
      else if (token.type === "ordered_list_open") counters.push(Number(token.attrGet("start") || 1));
      else if (token.type === "bullet_list_open") counters.push(null);
      else if (token.type === "ordered_list_close" || token.type === "bullet_list_close") counters.pop();
      else if (token.type === "list_item_open") {
        flush();
        const n = counters[counters.length - 1];
        line = "  ".repeat(Math.max(0, counters.length - 1)) + (n === null ? "· " : `${n}. `);
        if (n !== null) counters[counters.length - 1] = n + 1;
      } else if (["paragraph_close", "heading_close", "softbreak", "hardbreak"].includes(token.type)) flush();
      else if (token.type === "code_block" || token.type === "fence") { flush(); lines.push(token.content.trimEnd()); }
      else if (token.type === "text" || token.type === "code_inline" || token.type.startsWith("html")) line += token.content;
    }
  };
  walk(md.parse(String(text || ""), {}));
  flush();
  return lines.join("\n");
}

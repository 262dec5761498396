import { CARET_HOLDER } from "./reply-html";

// The reply editor's formatting, done with DOM ranges rather than document.execCommand: that is
// deprecated, differs between browsers (<b> or <strong>, <div> or <p>) and does nothing in jsdom,
// where the tests run. Every command takes the editor's root and the selection, changes the DOM
// and answers the range to select afterwards.

export type InlineFormat = "bold" | "italic";
export type ListKind = "bulleted" | "numbered";

const INLINE_TAGS: Record<InlineFormat, readonly string[]> = { bold: ["STRONG", "B"], italic: ["EM", "I"] };
const INLINE_ELEMENT: Record<InlineFormat, string> = { bold: "strong", italic: "em" };
const LIST_ELEMENT: Record<ListKind, string> = { bulleted: "ul", numbered: "ol" };
const LIST_TAGS = ["UL", "OL"] as const;
const BLOCK_TAGS = new Set(["P", "DIV", "H2", "H3", "H4", "BLOCKQUOTE"]);
// Text directly inside these is layout whitespace, never something to format.
const STRUCTURE_TAGS = new Set(["TABLE", "THEAD", "TBODY", "TFOOT", "TR", "UL", "OL"]);

export interface FormatState {
  bold: boolean;
  italic: boolean;
  bulleted: boolean;
  numbered: boolean;
  link: boolean;
}

export const NO_FORMAT: FormatState = {
  bold: false,
  italic: false,
  bulleted: false,
  numbered: false,
  link: false,
};

function isElement(node: Node | null): node is Element {
  return node?.nodeType === Node.ELEMENT_NODE;
}

/** The nearest element with one of `tags` from `node` up to (not including) `root`. */
export function closestWithin(node: Node | null, root: Node, tags: readonly string[]): Element | null {
  for (let current = node; current && current !== root; current = current.parentNode) {
    if (isElement(current) && tags.includes(current.tagName)) return current;
  }
  return null;
}

/** Whether the range lies inside the editor. */
export function rangeInside(root: Node, range: Range | null | undefined): range is Range {
  return range !== null && range !== undefined && root.contains(range.commonAncestorContainer);
}

interface TextSegment {
  node: Text;
  start: number;
  end: number;
}

function isLayoutWhitespace(node: Text): boolean {
  const parent = node.parentNode;
  return node.data.trim() === "" && isElement(parent) && STRUCTURE_TAGS.has(parent.tagName);
}

/** The parts of text nodes the range covers, in document order. */
function textSegments(root: Node, range: Range): TextSegment[] {
  const common = range.commonAncestorContainer;
  const candidates: Text[] = [];
  if (common.nodeType === Node.TEXT_NODE) {
    candidates.push(common as Text);
  } else {
    const walker = document.createTreeWalker(common, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (range.intersectsNode(node)) candidates.push(node as Text);
    }
  }
  return candidates
    .filter((node) => root.contains(node) && !isLayoutWhitespace(node))
    .map((node) => ({
      node,
      start: node === range.startContainer ? range.startOffset : 0,
      end: node === range.endContainer ? range.endOffset : node.length,
    }))
    .filter((segment) => segment.end > segment.start);
}

/** Where the range starts, for reading the formatting there: its first text, else its start. */
function formatAnchor(root: Node, range: Range): Node {
  const first = textSegments(root, range).find((segment) => segment.node.data.trim() !== "");
  return first?.node ?? range.startContainer;
}

/** Which toolbar buttons are "pressed" for this selection. */
export function formatState(root: Node, range: Range): FormatState {
  const anchor = formatAnchor(root, range);
  const list = closestWithin(anchor, root, LIST_TAGS);
  return {
    bold: closestWithin(anchor, root, INLINE_TAGS.bold) !== null,
    italic: closestWithin(anchor, root, INLINE_TAGS.italic) !== null,
    bulleted: list?.tagName === "UL",
    numbered: list?.tagName === "OL",
    link: closestWithin(anchor, root, ["A"]) !== null,
  };
}

/** Characters of text before a boundary point: survives moving nodes around, unlike a live range. */
function textOffset(root: Node, container: Node, offset: number): number {
  const before = document.createRange();
  before.setStart(root, 0);
  before.setEnd(container, offset);
  return before.toString().length;
}

function pointAt(root: Node, offset: number): [Node, number] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let remaining = offset;
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (remaining <= text.length) return [text, remaining];
    remaining -= text.length;
    last = text;
  }
  return last ? [last, last.length] : [root, root.childNodes.length];
}

/** Runs `change`, then selects the same text as before it (by character offsets). */
function keepingSelection(root: Node, range: Range, change: () => void): Range {
  const start = textOffset(root, range.startContainer, range.startOffset);
  const end = textOffset(root, range.endContainer, range.endOffset);
  change();
  const next = document.createRange();
  next.setStart(...pointAt(root, start));
  next.setEnd(...pointAt(root, end));
  return next;
}

function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

/** Wraps each covered piece of text in its own new element; answers the range over all of them. */
function wrapSegments(
  root: Node,
  range: Range,
  createWrapper: () => Element,
  alreadyWrapped: readonly string[],
): Range {
  const segments = textSegments(root, range);
  if (segments.length === 0) return range;
  const covered: Text[] = [];
  for (const { node, start, end } of segments) {
    if (end < node.length) node.splitText(end);
    const target = start > 0 ? node.splitText(start) : node;
    covered.push(target);
    if (closestWithin(target, root, alreadyWrapped)) continue;
    const wrapper = createWrapper();
    target.parentNode?.insertBefore(wrapper, target);
    wrapper.appendChild(target);
  }
  const first = covered[0] as Text;
  const last = covered[covered.length - 1] as Text;
  const next = document.createRange();
  next.setStart(first, 0);
  next.setEnd(last, last.length);
  return next;
}

function caretIn(node: Node, offset: number): Range {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  return range;
}

/**
 * Bold or italic on or off. A selection that is all bold loses it (the whole bold run); any other
 * selection becomes bold. With nothing selected, what is typed next is bold (or no longer bold).
 */
export function toggleInline(root: Node, range: Range, format: InlineFormat): Range {
  const tags = INLINE_TAGS[format];
  if (range.collapsed) {
    const holder = document.createTextNode(CARET_HOLDER);
    const current = closestWithin(range.startContainer, root, tags);
    if (current) {
      current.parentNode?.insertBefore(holder, current.nextSibling);
    } else {
      const wrapper = document.createElement(INLINE_ELEMENT[format]);
      wrapper.appendChild(holder);
      range.insertNode(wrapper);
    }
    return caretIn(holder, holder.length);
  }
  const segments = textSegments(root, range).filter((segment) => segment.node.data.trim() !== "");
  const formatted = segments.map((segment) => closestWithin(segment.node, root, tags));
  if (segments.length > 0 && formatted.every((element) => element !== null)) {
    return keepingSelection(root, range, () => {
      for (const element of new Set(formatted)) if (element) unwrap(element);
    });
  }
  return wrapSegments(root, range, () => document.createElement(INLINE_ELEMENT[format]), tags);
}

/** The child of root that holds the boundary point. */
function topLevelChild(root: Node, container: Node, offset: number, side: "start" | "end"): Node | null {
  if (container === root) {
    const index = side === "start" ? offset : offset - 1;
    const children = root.childNodes;
    return children[Math.min(Math.max(index, 0), children.length - 1)] ?? null;
  }
  let current: Node | null = container;
  while (current && current.parentNode !== root) current = current.parentNode;
  return current;
}

function isList(node: Node | null): node is Element {
  return isElement(node) && (LIST_TAGS as readonly string[]).includes(node.tagName);
}

function moveChildren(from: Node, to: Node): void {
  while (from.firstChild) to.appendChild(from.firstChild);
}

function replaceListTag(list: Element, tag: string): void {
  const replacement = document.createElement(tag);
  moveChildren(list, replacement);
  list.replaceWith(replacement);
}

/** Each item of the list becomes a paragraph. */
function listToParagraphs(list: Element): void {
  const paragraphs = [...list.children].map((item) => {
    const paragraph = document.createElement("p");
    moveChildren(item, paragraph);
    return paragraph;
  });
  list.replaceWith(...paragraphs);
}

/** The lines from `first` to `last` (children of root) as the items of a new list. */
function linesToList(first: Node, last: Node, tag: string): void {
  const list = document.createElement(tag);
  let item: Element | null = null;
  const newItem = () => {
    item = document.createElement("li");
    list.appendChild(item);
    return item;
  };
  const nodes: Node[] = [];
  for (let node: Node | null = first; node; node = node.nextSibling) {
    nodes.push(node);
    if (node === last) break;
  }
  first.parentNode?.insertBefore(list, first);
  for (const node of nodes) {
    if (isList(node)) {
      moveChildren(node, list);
      node.parentNode?.removeChild(node);
      item = null;
    } else if (isElement(node) && BLOCK_TAGS.has(node.tagName)) {
      moveChildren(node, newItem());
      node.parentNode?.removeChild(node);
      item = null;
    } else if (isElement(node) && node.tagName === "BR") {
      node.parentNode?.removeChild(node);
      if (!item) newItem();
      item = null;
    } else if (isElement(node) && node.tagName === "TABLE") {
      newItem().appendChild(node);
      item = null;
    } else {
      (item ?? newItem()).appendChild(node);
    }
  }
}

/** Bulleted or numbered list on or off for the lines the selection touches. */
export function toggleList(root: Element, range: Range, kind: ListKind): Range {
  const tag = LIST_ELEMENT[kind];
  if ((root.textContent ?? "").trim() === "" && !root.querySelector("table")) {
    // An empty editor: start an empty list to type into.
    root.replaceChildren();
    const list = document.createElement(tag);
    const item = document.createElement("li");
    item.appendChild(document.createElement("br"));
    list.appendChild(item);
    root.appendChild(list);
    return caretIn(item, 0);
  }
  const first = topLevelChild(root, range.startContainer, range.startOffset, "start");
  const last = topLevelChild(root, range.endContainer, range.endOffset, "end");
  if (!first || !last) return range;
  return keepingSelection(root, range, () => {
    if (first === last && isList(first)) {
      if (first.tagName === tag.toUpperCase()) listToParagraphs(first);
      else replaceListTag(first, tag);
      return;
    }
    linesToList(first, last, tag);
  });
}

/** Links the selected text to `href`; with nothing selected, inserts the address as a link. */
export function applyLink(root: Node, range: Range, href: string): Range {
  const createLink = () => {
    const link = document.createElement("a");
    link.setAttribute("href", href);
    return link;
  };
  if (range.collapsed || textSegments(root, range).length === 0) {
    const link = createLink();
    link.textContent = href;
    range.deleteContents();
    range.insertNode(link);
    const after = document.createRange();
    after.setStartAfter(link);
    after.collapse(true);
    return after;
  }
  return wrapSegments(root, range, createLink, ["A"]);
}

/** Removes the link the selection is in, keeping its text. */
export function removeLink(root: Node, range: Range): Range {
  const link = closestWithin(formatAnchor(root, range), root, ["A"]);
  if (!link) return range;
  return keepingSelection(root, range, () => unwrap(link));
}

/** Replaces the selection with the (already cleaned) HTML; the caret goes after it. */
export function insertHtml(range: Range, html: string): Range {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fragment = template.content;
  const lastInserted = fragment.lastChild;
  range.deleteContents();
  if (!lastInserted) return range;
  range.insertNode(fragment);
  const after = document.createRange();
  after.setStartAfter(lastInserted);
  after.collapse(true);
  return after;
}

/** A caret at the end of the editor, for a command given before anything was selected. */
export function endOf(root: Node): Range {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.collapse(false);
  return range;
}

import { CONSOLE_LIMITS, REPLY_HTML_LIMITS } from "@portal/domain";
import {
  type DefaultTreeAdapterMap,
  type DefaultTreeAdapterTypes,
  defaultTreeAdapter,
  parse,
  type TreeAdapter,
} from "parse5";

// Before a reply's HTML reaches a DOM (JSDOM under DOMPurify), the tree the HTML parser would
// build is measured with parse5 alone: the same parser JSDOM uses, so the same tree, but with no
// DOM behind it, each element costs a few plain objects. JSDOM's insertions walk a node's
// ancestors, so a tree n deep costs it about n² (20,000 nested <div> took minutes), and the
// parser itself builds far more elements than there are tags for some misnested formatting
// (each "<p><b>" re-opens every earlier unclosed <b>). Measuring stops at the first element past
// a limit, so even the worst input costs little. This runs in the cleaning worker, under its time
// limit, like the cleaning itself (html-cleaning-pool.ts).

type Node = DefaultTreeAdapterTypes.Node;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * Why HTML was refused: too long, nested too deeply, too many elements, too much nesting all
 * told (every element's depth added up), or too slow to clean.
 */
export type HtmlRefusal = "length" | "depth" | "elements" | "nesting" | "time";

export interface HtmlLimits {
  /** Characters. */
  maxLength: number;
  /** Elements inside one another; `<p>x</p>` is 1 deep. */
  maxDepth: number;
  /** Elements and comments. */
  maxElements: number;
  /** Every element's depth added up: what JSDOM and DOMPurify pay for nesting (see below). */
  maxNesting: number;
}

export const DEFAULT_HTML_LIMITS: HtmlLimits = {
  maxLength: CONSOLE_LIMITS.replyHtmlMaxLength,
  ...REPLY_HTML_LIMITS,
};

class Refused extends Error {
  constructor(readonly reason: HtmlRefusal) {
    super(reason);
  }
}

const isElement = (node: Node): node is DefaultTreeAdapterTypes.Element => "tagName" in node;
const counts = (node: Node) => isElement(node) || node.nodeName === "#comment";

/**
 * The parser puts every document in <html> with a <head> and a <body>: DOMPurify parses what it
 * cleans as a whole document, so it is measured as one. Those three elements are not the HTML's.
 */
const DOCUMENT_ELEMENTS = 3;
/** <html> and <body> (or <head>) above the HTML's own top elements. */
const DOCUMENT_DEPTH = 2;

/**
 * Why the HTML is beyond the limits, or null when it is within them. Depth counts elements from
 * the HTML's top, through a <template>'s content as through any other element.
 *
 * Nesting is what the DOM pays beyond one step per element: JSDOM walks every ancestor of a node
 * it inserts, and DOMPurify copies the whole content of each element it removes but keeps the
 * content of (a <font> in a <font> in a <font>… is copied once for every <font> around it).
 */
export function htmlRefusal(html: string, limits: HtmlLimits = DEFAULT_HTML_LIMITS): HtmlRefusal | null {
  if (html.length > limits.maxLength) return "length";
  // A template's content is a fragment of its own; JSDOM still walks from it to the template.
  const hosts = new WeakMap<Node, Node>();
  const up = (node: Node): Node | null =>
    ("parentNode" in node && node.parentNode) || hosts.get(node) || null;
  const deepest = limits.maxDepth + DOCUMENT_DEPTH;
  /** The elements from `node` up to the document, counting at most one past the limit. */
  const elementsAbove = (node: Node): number => {
    let count = 0;
    for (let at: Node | null = node; at && count <= deepest; at = up(at)) if (isElement(at)) count += 1;
    return count;
  };
  let made = 0;
  const make = () => {
    made += 1;
    if (made > limits.maxElements + DOCUMENT_ELEMENTS) throw new Refused("elements");
  };
  let nesting = 0;
  const insert = (parent: ParentNode, child: ChildNode) => {
    if (!counts(child)) return;
    const depth = elementsAbove(parent) + 1;
    if (depth > deepest) throw new Refused("depth");
    nesting += depth - DOCUMENT_DEPTH;
    if (nesting > limits.maxNesting) throw new Refused("nesting");
  };
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      make();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
    createCommentNode(data) {
      make();
      return defaultTreeAdapter.createCommentNode(data);
    },
    appendChild(parent, child) {
      insert(parent, child);
      defaultTreeAdapter.appendChild(parent, child);
    },
    insertBefore(parent, child, reference) {
      insert(parent, child);
      defaultTreeAdapter.insertBefore(parent, child, reference);
    },
    setTemplateContent(template, content) {
      hosts.set(content, template);
      defaultTreeAdapter.setTemplateContent(template, content);
    },
  };
  try {
    // The parser moves nodes about (misnested formatting), so the finished tree is measured too.
    const shape = measureTree(parse(html, { treeAdapter }));
    if (shape.deepest > deepest) return "depth";
    if (shape.nesting > limits.maxNesting) return "nesting";
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.reason;
    throw error;
  }
}

/** How deep the tree goes and its nesting, walked without recursion. */
function measureTree(document: DefaultTreeAdapterTypes.Document) {
  let deepest = 0;
  let nesting = 0;
  const pending: [Node, number][] = [[document, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, above] = next;
    const depth = isElement(node) ? above + 1 : above;
    deepest = Math.max(deepest, depth);
    if (counts(node)) nesting += Math.max(0, (isElement(node) ? depth : depth + 1) - DOCUMENT_DEPTH);
    if ("childNodes" in node) for (const child of node.childNodes) pending.push([child, depth]);
    if (node.nodeName === "template" && "content" in node) pending.push([node.content, depth]);
  }
  return { deepest, nesting };
}

// html-to-text ships no types; only what the portal uses (inbound-mail/mail-reading.ts,
// mail/reply-text.ts).
declare module "html-to-text" {
  /** A node of the parsed HTML (domhandler's), as a formatter sees it. */
  export interface DomNode {
    type: string;
    name?: string;
    prev: DomNode | null;
    children?: DomNode[];
    attribs?: Record<string, string>;
  }
  export interface BlockTextBuilder {
    /** Text, its white space collapsed with that around it, as HTML's. */
    addInline(text: string): void;
  }
  export type FormatCallback = (
    elem: DomNode,
    walk: (nodes: DomNode[] | undefined, builder: BlockTextBuilder) => void,
    builder: BlockTextBuilder,
    formatOptions: Record<string, unknown>,
  ) => void;
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    limits?: {
      ellipsis?: string;
      maxChildNodes?: number;
      maxDepth?: number;
      maxInputLength?: number;
    };
    formatters?: Record<string, FormatCallback>;
    selectors?: { selector: string; format?: string; options?: Record<string, unknown> }[];
  }
  export function htmlToText(html: string, options?: HtmlToTextOptions): string;
  /** The converter for these options, made once. */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}

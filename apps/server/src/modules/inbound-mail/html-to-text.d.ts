// html-to-text ships no types; only what the portal uses (mail-reading.ts).
declare module "html-to-text" {
  export function htmlToText(html: string, options?: { limits?: { maxDepth?: number } }): string;
}

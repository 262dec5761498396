import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";

// Reads back what pdf-lib drew, so tests check the words on a page rather than trusting the code
// that drew them. pdf-lib compresses content streams and writes standard-font text as hex strings.

/** The PDF, parsed by pdf-lib: throws when the bytes are not a valid PDF. */
export async function loadPdf(bytes: Uint8Array) {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** Every text string shown in the document, in drawing order, decoded from WinAnsi hex strings. */
export function pdfShownText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue; // not a Flate stream (fonts are not embedded for standard fonts, so rare)
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      shown.push(Buffer.from(text[1] ?? "", "hex").toString("latin1"));
    }
  }
  return shown;
}

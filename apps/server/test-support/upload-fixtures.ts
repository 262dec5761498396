import { crc32 } from "node:zlib";
import { ATTACHMENTS_FIELD } from "@portal/domain";
import { demoPdf, demoPng } from "../src/demo/demo-files.js";

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer;
  /** The multipart field it is sent in; ATTACHMENTS_FIELD, as the query forms send them, unless given. */
  field?: string;
}

/** A PDF padded to exactly `size` bytes (trailing white space is still a valid PDF). */
export function pdfOfSize(size: number, name = "statement.pdf"): UploadFile {
  const pdf = demoPdf(["Test statement"]);
  if (size < pdf.length) throw new Error(`a PDF needs at least ${pdf.length} bytes`);
  return {
    name,
    type: "application/pdf",
    bytes: Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]),
  };
}

export const pngFile = (name = "photo.png"): UploadFile => ({
  name,
  type: "image/png",
  bytes: demoPng(32, 32, [255, 255, 255], [0, 0, 0]),
});

/** A stored (uncompressed) zip, enough to be a real OOXML package. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const docxFile = (name = "letter.docx"): UploadFile => ({
  name,
  type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  bytes: zip({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "word/document.xml": '<?xml version="1.0"?><w:document xmlns:w="x"><w:body/></w:document>',
  }),
});

/** A zip that is not a Word document, named .docx. */
export const plainZipAsDocx = (): UploadFile => ({
  ...docxFile("archive.docx"),
  bytes: zip({ "notes.txt": "just a zip" }),
});

export const docFile = (name = "old-letter.doc"): UploadFile => ({
  name,
  type: "application/msword",
  bytes: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(1024, 0),
  ]),
});

/** A Windows executable renamed to look like a PDF. */
export const renamedExecutable = (): UploadFile => ({
  name: "invoice.pdf",
  type: "application/pdf",
  bytes: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 0x90)]),
});

/** A multipart body as a browser sends it: text fields first, then each file (as ATTACHMENTS_FIELD by default). */
export async function multipartBody(fields: Record<string, string>, files: readonly UploadFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    // A copy: with the DOM types in the program, a File part must be backed by a plain ArrayBuffer.
    const bytes = new Uint8Array(file.bytes);
    form.append(file.field ?? ATTACHMENTS_FIELD, new File([bytes], file.name, { type: file.type }));
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

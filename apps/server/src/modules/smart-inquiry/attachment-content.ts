import { fileExtension } from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";

/** Bytes looked at to recognise a file; file-type needs at most this many. */
export const SNIFF_BYTES = 4100;

const ZIP_ENTRY_FOR_WORD = Buffer.from("word/");
const OOXML_CONTENT_TYPES = Buffer.from("[Content_Types].xml");

/**
 * Whether the first bytes of a file are what its extension says: a renamed executable, or a zip
 * called .docx that is not a Word document, is refused.
 */
export async function contentMatchesExtension(sample: Uint8Array, fileName: string): Promise<boolean> {
  const detected = (await fileTypeFromBuffer(sample))?.ext;
  switch (fileExtension(fileName)) {
    case "pdf":
      return detected === "pdf";
    case "png":
      return detected === "png";
    case "jpg":
    case "jpeg":
      return detected === "jpg";
    case "tif":
    case "tiff":
      return detected === "tif";
    case "doc":
      // Word 97-2003 is an OLE2 compound file.
      return detected === "cfb" || detected === "doc";
    case "docx": {
      if (detected === "docx") return true;
      const bytes = Buffer.from(sample);
      return detected === "zip" && bytes.includes(OOXML_CONTENT_TYPES) && bytes.includes(ZIP_ENTRY_FOR_WORD);
    }
    default:
      return false;
  }
}

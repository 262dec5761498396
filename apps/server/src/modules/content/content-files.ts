import fs from "node:fs/promises";
import path from "node:path";

// The content service reads fragments from disk. A requested path is a list of plain segments:
// anything that could climb out of the content root ("..", ".", backslashes, NUL, absolute
// paths) is refused before the file system is touched, and the real path is checked again.

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

export interface ContentFile {
  body: Buffer;
  contentType: string;
}

export function contentTypeFor(fileName: string): string | undefined {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()];
}

/** The safe relative segments of a requested path, or null when the path is not acceptable. */
export function safeSegments(requestPath: string): string[] | null {
  if (requestPath.length > 512) return null;
  const segments = requestPath.split("/").filter((segment) => segment.length > 0);
  if (segments.length === 0) return null;
  const acceptable = segments.every(
    (segment) => segment !== "." && segment !== ".." && !/[\\\0:]/.test(segment) && !segment.startsWith("."),
  );
  return acceptable ? segments : null;
}

async function readInside(root: string, segments: readonly string[]): Promise<Buffer | null> {
  const candidate = path.join(root, ...segments);
  try {
    const realRoot = await fs.realpath(root);
    const realFile = await fs.realpath(candidate);
    if (!realFile.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(realFile);
    return stat.isFile() ? await fs.readFile(realFile) : null;
  } catch {
    return null;
  }
}

/** Reads from the first root that has the file. */
export async function readContent(
  roots: readonly string[],
  requestPath: string,
): Promise<ContentFile | null> {
  const segments = safeSegments(requestPath);
  const fileName = segments?.at(-1);
  const contentType = fileName ? contentTypeFor(fileName) : undefined;
  if (!segments || !contentType) return null;
  for (const root of roots) {
    const body = await readInside(root, segments);
    if (body) return { body, contentType };
  }
  return null;
}

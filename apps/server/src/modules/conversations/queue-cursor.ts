import type { QueueSort } from "@portal/domain";

// The queue page's key, opaque to the browser: the order it was made for, the last row's sort value
// (as PostgreSQL wrote it, so it reads back exactly) and its reference number. A key made for
// another order starts from the first page instead of landing in the middle.

export interface QueueCursor {
  value: string;
  reference: number;
}

const DUE_VALUE = /^(-?infinity|\d{4}-\d{2}-\d{2})$/;
const TIMESTAMP_VALUE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeQueueCursor(sort: QueueSort, cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify([sort, cursor.value, cursor.reference]), "utf8").toString("base64url");
}

export function decodeQueueCursor(text: string | undefined, sort: QueueSort): QueueCursor | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [madeFor, value, reference] = parsed as unknown[];
    if (madeFor !== sort || typeof value !== "string" || !Number.isInteger(reference)) return null;
    const shape = sort.endsWith("due") ? DUE_VALUE : TIMESTAMP_VALUE;
    if (!shape.test(value) || (reference as number) < 1 || (reference as number) > 2 ** 31 - 1) return null;
    return { value, reference: reference as number };
  } catch {
    return null;
  }
}

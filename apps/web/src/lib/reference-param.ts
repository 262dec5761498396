/** A reference number from the address bar: a positive whole number, else undefined. */
export function parseReferenceParam(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value > 0 ? value : undefined;
}

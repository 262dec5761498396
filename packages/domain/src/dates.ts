// Dates shown to members use DATE_FORMAT (yyyy-MM-dd).

// A bare calendar date: new Date() would read it as UTC midnight, which is the previous day west of UTC.
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function toDate(value: Date | string): Date {
  const dateOnly = typeof value === "string" ? DATE_ONLY.exec(value) : null;
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    // setFullYear, unlike the Date constructor, does not map years 0–99 to 1900–1999.
    const date = new Date(2000, 0, 1);
    date.setFullYear(year, month - 1, day);
    // Reject dates that roll over, such as 2024-02-30.
    if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
      throw new RangeError(`Invalid date: ${value}`);
    }
    return date;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/** yyyy-MM-dd in local time; accepts a Date or an ISO string. Throws RangeError for an invalid date. */
export function formatDate(value: Date | string): string {
  const date = toDate(value);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** yyyy-MM-dd of the UTC calendar day, e.g. for date-only values sent between server and database. */
export function isoDateOnly(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new RangeError("Invalid date");
  return value.toISOString().slice(0, 10);
}

// How the reports' figures read on the page (the CSV keeps the raw numbers).

/** A share of 0 to 1 as whole per cent; a dash when nothing was decided. */
export function percent(share: number | null): string {
  return share === null ? "—" : `${Math.round(share * 100)}%`;
}

/** Business minutes as business hours, one decimal; a dash when nothing was measured. */
export function businessHours(minutes: number | null): string {
  return minutes === null ? "—" : (minutes / 60).toFixed(1);
}

/** Business minutes as business days of `minutesPerDay`, one decimal. */
export function businessDays(minutes: number | null, minutesPerDay: number): string {
  return minutes === null ? "—" : (minutes / minutesPerDay).toFixed(1);
}

function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of the calendar month before `today`'s: the page's default range. */
export function lastMonth(today: Date): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  return { from: isoDate(first), to: isoDate(last) };
}

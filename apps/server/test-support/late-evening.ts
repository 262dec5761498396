import { DAY_MS } from "@portal/domain";

/**
 * The next 22:30 UTC after `from`: 00:30 the following day in Johannesburg (UTC+2, no daylight
 * saving), where the UTC day and the scheme's day differ. Later than `from`, so cookies set then
 * have not expired by the real clock.
 */
export function nextLateEveningUtc(from: Date): Date {
  const lateEvening = new Date(from);
  lateEvening.setUTCHours(22, 30, 0, 0);
  return lateEvening > from ? lateEvening : new Date(lateEvening.getTime() + DAY_MS);
}

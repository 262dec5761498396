import { DEFAULT_LOCALE } from "@portal/domain";

/** The one locale for every number and date shown (requirements §9); index.html declares the same lang. */
export const LOCALE = DEFAULT_LOCALE;

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE, options).format(value);
}

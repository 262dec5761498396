import { calendarDateIn } from "@portal/domain";
import type { AppContext } from "../app-context.js";

/**
 * yyyy-MM-dd of today in the scheme's time zone (TIME_ZONE), from the context's clock: the one
 * "today" of every date without a time, whatever zone the process itself runs in.
 */
export function schemeToday(context: Pick<AppContext, "config" | "now">): string {
  return calendarDateIn(context.config.TIME_ZONE, context.now());
}

import {
  addBusinessDays,
  calendarDateIn,
  DEFAULT_CATEGORIES,
  isBusinessDay,
  replyDueWindow,
} from "@portal/domain";
import type { Db } from "../db/database.js";
import { members } from "../db/schema.js";
import { sendReply, startConversation } from "../modules/conversations/index.js";

// Last month's desk, for the supervisors' Reports page: a conversation on each business day of the
// previous calendar month (in the scheme's zone), in turn over four categories and both channels,
// answered by the demo agent or the demo supervisor, most within the promise and some after it, and
// closed. Written through the commands, so the reports' summary is what the desk would keep. They
// are a member of the register without a log-in, so no demo member's own pages change.

const DEMO_CATEGORIES = DEFAULT_CATEGORIES.slice(0, 4).map((option) => option.value);
/** Business days to the first reply, in turn: a reply on day 3 breaks the promise of a new query. */
const REPLY_AFTER_BUSINESS_DAYS = [0, 1, 2, 1, 3, 0, 2, 4];

/** The first day of the month before `today` (yyyy-MM-dd). */
function firstOfLastMonth(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, "0")}-01`;
}

/** An instant at `hour`:30 on a calendar day of the zone; South Africa's offset is fixed at +02:00. */
function atHour(day: string, hour: number, timeZone: string): Date {
  const guess = new Date(`${day}T${String(hour).padStart(2, "0")}:30:00Z`);
  // Shift by the zone's offset at that moment (its wall clock minus UTC's).
  const wall = new Date(guess.toLocaleString("en-US", { timeZone }));
  const utc = new Date(guess.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(guess.getTime() - (wall.getTime() - utc.getTime()));
}

export async function seedReportsDemo(
  db: Db,
  staff: readonly number[],
  now: Date,
  timeZone: string,
): Promise<void> {
  const [asker] = await db
    .insert(members)
    .values({ firstName: "Lindiwe", lastName: "Mokoena" })
    .returning({ entityNumber: members.entityNumber });
  if (!asker) throw new Error("insert into members returned no row");
  const member = { entityNumber: asker.entityNumber, email: "lindiwe.mokoena@example.com" };
  const today = calendarDateIn(timeZone, now);
  const first = firstOfLastMonth(today);
  const month = first.slice(0, 7);
  let index = 0;
  // The business days of last month: addBusinessDays skips weekends and public holidays.
  for (let day = isBusinessDay(first) ? first : addBusinessDays(first, 1); day.startsWith(month); ) {
    const loggedAt = atHour(day, 9 + (index % 6), timeZone);
    const conversation = await startConversation(
      db,
      {
        memberEntityNumber: member.entityNumber,
        origin: index % 3 === 2 ? "MED_XPRESS" : "MEMBER_WEB",
        category: DEMO_CATEGORIES[index % DEMO_CATEGORIES.length] ?? "OTHER",
        subCategory: null,
        product: null,
        queryText: "Please explain the amount on my latest statement.",
        email: member.email,
        ccEmail: null,
        loggedAt,
        replyDueOn: replyDueWindow(loggedAt, "QUERY", timeZone).latest,
      },
      [],
    );
    const repliedOn = addBusinessDays(
      day,
      REPLY_AFTER_BUSINESS_DAYS[index % REPLY_AFTER_BUSINESS_DAYS.length] ?? 1,
    );
    const sentAt = atHour(repliedOn, 15, timeZone);
    if (sentAt < now) {
      await sendReply(db, conversation, {
        html: "<p>Thank you for your query. The statement shows the claims paid this month.</p>",
        sentByEntityNumber: staff[index % staff.length] ?? null,
        sentAt,
        close: true,
        mail: null,
      });
    }
    index += 1;
    day = addBusinessDays(day, 1);
  }
}

import type { DataRequest } from "@portal/domain";
import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { dataRequests } from "../../db/schema/data-rights.js";
import { findDataRequest } from "./data-requests.js";

/** More open requests than this from one member is not a list an officer chooses from. */
const MEMBER_REQUESTS_LIMIT = 50;

/**
 * One member's requests of one status, newest first (index data_requests_member): the open access
 * requests an archive on their behalf may answer. A member has a handful, each read as the desk's
 * list shows it.
 */
export async function listMemberDataRequests(
  db: Queryable,
  member: number,
  status: "OPEN" | "COMPLETED",
): Promise<DataRequest[]> {
  const ids = await db
    .select({ requestId: dataRequests.requestId })
    .from(dataRequests)
    .where(and(eq(dataRequests.memberEntityNumber, member), eq(dataRequests.status, status)))
    .orderBy(desc(dataRequests.requestId))
    .limit(MEMBER_REQUESTS_LIMIT);
  const found = await Promise.all(ids.map((row) => findDataRequest(db, row.requestId)));
  return found.filter((request): request is DataRequest => request !== null);
}

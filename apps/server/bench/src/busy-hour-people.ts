import type { Db } from "../../dist/db/database.js";
import { hashPassword } from "../../dist/lib/passwords.js";
import { grantRoles } from "../../dist/modules/access/index.js";
import { insertMember } from "../../dist/modules/members/members-repository.js";
import { PortalSession } from "./portal-session.js";

// The busy hour's members and agents: log-ins written straight into the database by the server's
// own functions (a member and their e-mail address in one transaction, an agent with the
// STAFF_AGENT role in it too), then logged in for real over HTTP, each on the portal it will use.

export const BUSY_MEMBERS = 100;
export const BUSY_AGENTS = 10;
const PASSWORD = "Busy-Hour-Bench-2026!";
/** Log-ins at once: each is a scrypt hash of 32 MB on the portal, which 110 at once would be. */
const LOG_INS_AT_ONCE = 4;

export interface BusyPerson {
  username: string;
  email: string;
  lastName: string;
  entityNumber: number;
}

export interface BusyPeople {
  members: BusyPerson[];
  agents: BusyPerson[];
}

export async function addBusyPeople(db: Db): Promise<BusyPeople> {
  // One hash for all: the same password, and 110 hashes at the real cost would take a while.
  const passwordHash = await hashPassword(PASSWORD);
  const add = async (kind: "member" | "agent", index: number): Promise<BusyPerson> => {
    const number = String(index + 1).padStart(3, "0");
    const username = `busy.${kind}.${number}`;
    const email = `${username}@example.com`;
    const lastName = kind === "member" ? `Busyhour${number}` : `Agent${number}`;
    const entityNumber = await insertMember(
      db,
      { username, passwordHash, firstName: kind === "member" ? "Member" : "Desk", lastName, emails: [email] },
      kind === "agent" ? (tx, entity) => grantRoles(tx, entity, ["STAFF_AGENT"]) : undefined,
    );
    return { username, email, lastName, entityNumber };
  };
  const members: BusyPerson[] = [];
  for (let index = 0; index < BUSY_MEMBERS; index += 1) members.push(await add("member", index));
  const agents: BusyPerson[] = [];
  for (let index = 0; index < BUSY_AGENTS; index += 1) agents.push(await add("agent", index));
  return { members, agents };
}

/** Each person logged in on the portal `baseOf` gives them, a few at a time; in their order. */
export async function logInAll(
  people: readonly BusyPerson[],
  baseOf: (index: number) => string,
): Promise<{ person: BusyPerson; session: PortalSession }[]> {
  const sessions = people.map((person, index) => ({ person, session: new PortalSession(baseOf(index)) }));
  let next = 0;
  const worker = async () => {
    for (let one = sessions[next++]; one; one = sessions[next++]) {
      await one.session.logIn(one.person.username, PASSWORD);
    }
  };
  await Promise.all(Array.from({ length: LOG_INS_AT_ONCE }, worker));
  return sessions;
}

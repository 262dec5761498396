import { openServerDatabase } from "../../dist/db/database.js";
import type { Actor } from "./busy-hour-load.js";
import { busyPdf, warmUp } from "./busy-hour-load.js";
import { addBusyPeople, logInAll } from "./busy-hour-people.js";
import type { BusyHourCluster } from "./busy-hour-postgres.js";
import { type BusyPortal, type S3Store, startBusyPortal } from "./busy-hour-processes.js";
import { fillDesk } from "./desk-fill.js";

// One desk of the busy hour: a database of its own on the cluster (migrated by the server's own
// code, filled when asked), its members and agents, one or two portal processes on it, everyone
// logged in on the process they will use (member or agent i on process i modulo the processes),
// and a warm-up that is not counted.

export interface Desk {
  databaseUrl: string;
  portals: BusyPortal[];
  members: Actor[];
  agents: Actor[];
  surnames: string[];
  close(): Promise<void>;
}

export interface DeskSetting {
  cluster: BusyHourCluster;
  s3: S3Store;
  serverScript: string;
  secret: string;
  workDir: string;
  say: (line: string) => void;
}

const FIRST_PORT = 18930;
export const PORTAL_NAMES = ["A", "B"];

export async function openDesk(setting: DeskSetting, processes: number, fill: number): Promise<Desk> {
  const { cluster, say } = setting;
  const databaseUrl = await cluster.createDatabase(fill > 0 ? "busy_filled" : "busy");
  const database = await openServerDatabase(databaseUrl, { poolSize: 2 });
  let people: Awaited<ReturnType<typeof addBusyPeople>>;
  try {
    if (fill > 0) {
      const started = Date.now();
      const members = Math.max(1000, Math.round(fill / 10));
      await fillDesk(database.db, { members, queries: fill });
      say(
        `The desk filled with ${fill.toLocaleString("en")} queries of ${members.toLocaleString("en")} members (desk-fill.ts) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    people = await addBusyPeople(database.db);
  } finally {
    await database.close();
  }
  const portals: BusyPortal[] = [];
  const closeAll = async () => {
    for (const portal of portals) await portal.stop();
  };
  try {
    // One after the other: each writes and deletes a probe object in the store as it starts, and
    // s3rver removes a directory a delete left empty, also under a PUT about to write into it.
    for (let index = 0; index < processes; index += 1) {
      portals.push(
        await startBusyPortal({
          name: PORTAL_NAMES[index] ?? String(index),
          port: FIRST_PORT + index,
          serverScript: setting.serverScript,
          databaseUrl,
          secret: setting.secret,
          s3: setting.s3,
          workDir: setting.workDir,
        }),
      );
    }
    const baseOf = (index: number) => portals[index % processes]?.base ?? "";
    const actors = async (who: typeof people.members): Promise<Actor[]> =>
      (await logInAll(who, baseOf)).map(({ person, session }, index) => ({
        session,
        portal: index % processes,
        email: person.email,
      }));
    const members = await actors(people.members);
    const agents = await actors(people.agents);
    const failures = await warmUp(members, agents, busyPdf(), `d${portals[0]?.child.pid}`);
    if (failures.length > 0) {
      throw new Error(
        `the warm-up failed: ${failures.map((call) => `${call.kind} ${call.status} ${call.detail ?? ""}`).join(", ")}`,
      );
    }
    return {
      databaseUrl,
      portals,
      members,
      agents,
      surnames: people.members.map((person) => person.lastName),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

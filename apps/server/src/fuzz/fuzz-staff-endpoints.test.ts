import { CONSOLE_BASE } from "@portal/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../test-support/databases.js";
import { memberWithData } from "../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../test-support/modules/member-details.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../test-support/test-app.js";
import { auditEvents, dataRequests, members, outboxMails, queries } from "../db/schema.js";
import { OPENAPI_DOCUMENT_PATH } from "../lib/openapi.js";
import { hostileBody, hostileText } from "./hostile-values.js";
import { type Operation, operationsOf, pathWith } from "./openapi-operations.js";

// Every console endpoint (the desk, reports, staff administration, unmatched mail, document intake
// and the information officer's desk) with hostile paths, query strings and JSON bodies, as each
// staff role: past the access check, where the member's fuzz (fuzz-endpoints.test.ts) never gets.
// Path values are hostile text or the numbers of a real member, query, update and data request,
// so that a body reaches the code that acts on it. Never a 5xx, and a refusal writes nothing.

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

describe.each(TEST_DATABASE_KINDS)("fuzzing every console endpoint as staff, on %s", (kind) => {
  let testApp: TestApp;
  let operations: Operation[];
  let staff: Record<"agent" | "supervisor" | "officer", TestBrowser>;
  let realNumbers: string[];
  let realMember: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const document = (await testApp.app.inject({ method: "GET", url: OPENAPI_DOCUMENT_PATH })).json();
    operations = operationsOf(document).filter((operation) => operation.path.startsWith(CONSOLE_BASE));
    const member = await memberWithData(testApp, "hip replacement");
    const [request] = await testApp.database.db
      .insert(dataRequests)
      .values({
        memberEntityNumber: member.entityNumber,
        kind: "ACCESS",
        receivedOn: "2026-11-20",
        dueOn: "2026-12-20",
        status: "OPEN",
        recordedByEntityNumber: member.entityNumber,
        recordedAt: testApp.clock.now,
      })
      .returning({ requestId: dataRequests.requestId });
    realMember = member.entityNumber;
    realNumbers = [member.entityNumber, member.original, member.updateRef, request?.requestId ?? 1].map(
      String,
    );
    staff = {
      agent: (await loggedInStaff(testApp, "STAFF_AGENT")).browser,
      supervisor: (await loggedInStaff(testApp, "STAFF_SUPERVISOR")).browser,
      officer: (await loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER")).browser,
    };
  });
  afterAll(async () => testApp.close());

  /** Values that name real records or well-formed days, by the key's name: a body that can pass. */
  const knownFor = (name: string): (string | number)[] => {
    if (/entityNumber$/i.test(name)) return [realMember];
    if (/referenceNumber$/i.test(name)) return realNumbers.slice(1, 3).map(Number);
    if (/On$|date|from|to$/i.test(name)) return ["2026-11-20", "2026-12-01", "9999-12-31", "1999-12-31"];
    return [];
  };

  const counts = async () => {
    const { db } = testApp.database;
    return {
      queries: await db.$count(queries),
      members: await db.$count(members),
      outbox: await db.$count(outboxMails),
      requests: await db.$count(dataRequests),
    };
  };

  it("finds the console's endpoints: the desk's, the reports', the staff's and the officer's", () => {
    const paths = operations.map((operation) => operation.path);
    expect(paths.length).toBeGreaterThan(40);
    for (const part of ["/queries", "/reports", "/staff-accounts", "/data-requests", "/audit-trail"])
      expect(paths.some((path) => path.includes(part))).toBe(true);
    // A body's named values are known, so a case can pass the kind's check and reach the dates.
    const recordRequest = operations.find(
      (operation) => operation.method === "POST" && operation.path === `${CONSOLE_BASE}/data-requests`,
    );
    expect(recordRequest?.bodyChoices.kind).toEqual(["ACCESS", "CORRECTION", "DELETION"]);
  });

  it(
    "never answers 5xx, and a refusal writes nothing",
    async () => {
      const pathValue = fc.oneof(hostileText, fc.constantFrom(...realNumbers));
      for (const operation of operations) {
        const segments = (operation.path.match(/\{[^}]+\}/g) ?? []).length;
        await fc.assert(
          fc.asyncProperty(
            fc.array(pathValue, { minLength: segments, maxLength: segments }),
            fc.dictionary(fc.constantFrom(...operation.queryNames, "x"), hostileText, { maxKeys: 3 }),
            hostileBody(operation.bodyProperties, operation.bodyChoices, knownFor),
            fc.constantFrom("agent" as const, "supervisor" as const, "officer" as const),
            async (pathValues, query, body, role) => {
              const url = `${pathWith(operation.path, pathValues)}?${new URLSearchParams(query)}`;
              const before = await counts();
              const answer = await staff[role].request({
                method: operation.method as "GET",
                url,
                ...(operation.method === "GET"
                  ? {}
                  : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
              });
              const where = `${role} ${operation.method} ${url.slice(0, 200)}`;
              expect({
                where,
                status: answer.statusCode < 500 ? "below 500" : answer.body.slice(0, 300),
              }).toEqual({ where, status: "below 500" });
              if (answer.statusCode >= 400)
                expect({ where, after: await counts() }).toEqual({ where, after: before });
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
    },
    Math.max(60_000, RUNS * 3_000),
  );

  it("leaves every staff session working", async () => {
    for (const browser of Object.values(staff)) {
      const session = await browser.request({ method: "GET", url: "/wsg/session" });
      expect(session.json().authenticated).toBe(true);
    }
    // The reads were audited as reads, never as failures that wrote half a row.
    expect(await testApp.database.db.$count(auditEvents)).toBeGreaterThan(0);
  });
});

import { CONSOLE_BASE, EXPORT_GROUNDS_MESSAGES, MY_DATA_BASE } from "@portal/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  attachmentKeys,
  exportWorkerFor,
  memberWithData,
} from "../../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { auditEvents, dataExports, memberProfiles, members, queries } from "../../db/schema.js";
import { BlobNotFoundError } from "../storage/blob-store.js";

// The information officer's desk: only their role is admitted; the audit trail filters and exports
// to CSV with cells that cannot run as formulas; a deletion request erases what no hold keeps and
// reports what it kept; an archive is made on a member's behalf.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("the information officer's desk, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const officer = () => loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER");

  it("admits only the information officer, who in turn does not reach the desk", async () => {
    const io = await officer();
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const member = await memberWithData(testApp, "admission");
    expect((await agent.browser.request({ method: "GET", url: `${C}/audit-trail` })).statusCode).toBe(403);
    expect((await member.browser.request({ method: "GET", url: `${C}/legal-holds` })).statusCode).toBe(403);
    expect((await io.browser.request({ method: "GET", url: `${C}/queries` })).statusCode).toBe(403);
    const me = await io.browser.request({ method: "GET", url: `${C}/me` });
    expect(me.json()).toEqual({ entityNumber: io.entityNumber, roles: ["STAFF_INFORMATION_OFFICER"] });
  });

  it("finds members by membership number, ID number or the start of a name, and audits who was shown", async () => {
    const io = await officer();
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const { db } = testApp.database;
    const tag = `Q${Date.now().toString(36)}`;
    const people = await db
      .insert(members)
      .values([
        { firstName: "Thandiwe", lastName: `${tag}mokoena` },
        { firstName: `${tag}lindiwe`, lastName: "Dube" },
        { firstName: "Anri", lastName: `van der ${tag}merwe` },
        ...Array.from({ length: 22 }, (_, n) => ({ firstName: `Many${n}`, lastName: `${tag}many` })),
      ])
      .returning({ entityNumber: members.entityNumber });
    const [thandiwe, lindiwe, anri] = people.map((person) => person.entityNumber) as [number, number, number];
    await db.insert(memberProfiles).values([
      {
        entityNumber: thandiwe,
        membershipNumber: `${tag}-001`,
        identityNumber: `${tag}8001015009087`,
        identityType: "ID",
        dateOfBirth: "1980-01-01",
      },
      { entityNumber: lindiwe, membershipNumber: `${tag}-002` },
    ]);
    const lookUp = (who: typeof io, query: unknown) =>
      who.browser.request({ method: "POST", url: `${C}/member-lookup`, payload: { query } });
    const found = async (query: string) => {
      const answer = await lookUp(io, query);
      expect(answer.statusCode).toBe(200);
      return answer.json().members as { entityNumber: number }[];
    };

    const byNumber = await lookUp(io, `  ${tag}-001 `);
    expect(byNumber.json().members).toEqual([
      {
        entityNumber: thandiwe,
        firstName: "Thandiwe",
        lastName: `${tag}mokoena`,
        membershipNumber: `${tag}-001`,
        dateOfBirth: "1980-01-01",
      },
    ]);
    expect((await found(`${tag}8001015009087`)).map((m) => m.entityNumber)).toEqual([thandiwe]);
    // A number is matched whole, never by its start.
    expect(await found(`${tag}-00`)).toEqual([]);
    // A name by its start, first name or surname, in any case.
    expect((await found(`${tag.toLowerCase()}MOK`)).map((m) => m.entityNumber)).toEqual([thandiwe]);
    expect(await found(`${tag}lind`)).toMatchObject([
      { entityNumber: lindiwe, membershipNumber: `${tag}-002`, dateOfBirth: null },
    ]);
    // Any word of a compound surname, by its start; never letters inside a word.
    for (const term of [`${tag}merwe`, `van der ${tag}m`, `Anri ${tag}`]) {
      expect(
        (await found(term)).map((m) => m.entityNumber),
        term,
      ).toEqual([anri]);
    }
    expect(await found(`${tag.slice(1)}merwe`)).toEqual([]);
    // At most twenty; wildcards and tsquery operators are not words (nothing typed is a word: none).
    expect(await found(`${tag}ma`)).toHaveLength(20);
    expect(await found("%%")).toEqual([]);
    expect(await found(`${tag}merwe:* | !x`)).toEqual([]);
    expect((await lookUp(io, "a")).statusCode).toBe(400);
    expect((await lookUp(io, "x".repeat(61))).statusCode).toBe(400);
    expect((await lookUp(agent, `${tag}-001`)).statusCode).toBe(403);

    // Each person shown is a read of theirs by the officer.
    const rows = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorEntityNumber, io.entityNumber), eq(auditEvents.resource, "member-search")),
      );
    expect(rows.filter((row) => row.subjectEntityNumber === thandiwe)).toHaveLength(3);
    expect(rows.every((row) => row.action === "READ")).toBe(true);
  });

  it("filters the audit trail by member and exports it as CSV that no spreadsheet runs", async () => {
    const io = await officer();
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const member = await memberWithData(testApp, "audit");
    await testApp.database.db
      .update(members)
      .set({ firstName: '=HYPERLINK("http://evil.example","click")', lastName: "Mokoena" })
      .where(eq(members.entityNumber, member.entityNumber));
    await agent.browser.request({ method: "GET", url: `${C}/queries/${member.original}` });

    const page = await io.browser.request({
      method: "GET",
      url: `${C}/audit-trail?member=${member.entityNumber}`,
    });
    expect(page.statusCode).toBe(200);
    const { rows } = page.json();
    expect(rows[0]).toMatchObject({
      actor: { entityNumber: agent.entityNumber },
      subject: { entityNumber: member.entityNumber },
      resource: "console-query",
      referenceNumber: member.original,
    });
    const byStaff = await io.browser.request({
      method: "GET",
      url: `${C}/audit-trail?staff=${agent.entityNumber}&kind=console-query`,
    });
    expect(
      byStaff
        .json()
        .rows.every(
          (row: { actor: { entityNumber: number } }) => row.actor.entityNumber === agent.entityNumber,
        ),
    ).toBe(true);
    const badRange = await io.browser.request({
      method: "GET",
      url: `${C}/audit-trail?from=2026-11-30&to=2026-11-01`,
    });
    expect(badRange.statusCode).toBe(400);

    const csv = await io.browser.request({
      method: "GET",
      url: `${C}/audit-trail.csv?member=${member.entityNumber}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    // A UTF-8 byte-order mark first, so that Excel reads the names as UTF-8.
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.body.split("\n")[0]).toMatch(/^\uFEFF.*actor_entity_number/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") Mokoena"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    // The officer's reading of the member's trail is itself on the trail.
    expect(
      await testApp.database.db.$count(
        auditEvents,
        and(eq(auditEvents.actorEntityNumber, io.entityNumber), eq(auditEvents.resource, "audit-trail")),
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it("answers a deletion request: nothing while a hold stands, then everything it may remove", async () => {
    const io = await officer();
    const member = await memberWithData(testApp, "erasure");
    const bystander = await memberWithData(testApp, "bystander");
    const keys = await attachmentKeys(testApp, [member.original, member.updateRef]);

    const recorded = await io.browser.request({
      method: "POST",
      url: `${C}/data-requests`,
      payload: {
        entityNumber: member.entityNumber,
        kind: "DELETION",
        receivedOn: "2026-11-02",
        notes: "By letter.",
      },
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      kind: "DELETION",
      receivedOn: "2026-11-02",
      dueOn: "2026-12-02",
      status: "OPEN",
    });
    const requestId = recorded.json().requestId;
    const unknown = await io.browser.request({
      method: "POST",
      url: `${C}/data-requests`,
      payload: { entityNumber: 1_999_999_999, kind: "ACCESS", receivedOn: "2026-11-02" },
    });
    expect(unknown.statusCode).toBe(404);

    const hold = await io.browser.request({
      method: "PUT",
      url: `${C}/members/${member.entityNumber}/legal-hold`,
      payload: { reason: "Dispute before the Council for Medical Schemes" },
    });
    expect(hold.statusCode).toBe(200);
    expect(hold.json().hold).toMatchObject({ reason: "Dispute before the Council for Medical Schemes" });

    // A hold keeps everything; the request stays open.
    const held = await io.browser.request({ method: "POST", url: `${C}/data-requests/${requestId}/erasure` });
    expect(held.statusCode).toBe(200);
    expect(held.json().erasureReport.removed.queries).toBe(0);
    expect(held.json().erasureReport.kept[0].reason).toContain("legal hold");
    expect(await attachmentKeys(testApp, [member.original])).toHaveLength(1);

    // Recorded again after the hold is released: this time it erases.
    expect(
      (await io.browser.request({ method: "DELETE", url: `${C}/members/${member.entityNumber}/legal-hold` }))
        .statusCode,
    ).toBe(204);
    const again = await io.browser.request({
      method: "POST",
      url: `${C}/data-requests`,
      payload: { entityNumber: member.entityNumber, kind: "DELETION", receivedOn: "2026-11-03" },
    });
    const erased = await io.browser.request({
      method: "POST",
      url: `${C}/data-requests/${again.json().requestId}/erasure`,
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      status: "COMPLETED",
      erasureReport: {
        removed: { queries: 2, replies: 1, queryAttachments: 2, documentSubmissions: 1, documentFiles: 1 },
      },
    });
    expect(erased.json().erasureReport.kept.length).toBeGreaterThan(0);
    for (const key of [...keys, member.submission.blobKey]) {
      await expect(testApp.blobStore.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    }
    const rows = await testApp.database.db
      .select()
      .from(queries)
      .where(inArray(queries.referenceNumber, [member.original, member.updateRef]));
    for (const row of rows) expect(row).toMatchObject({ queryText: "", purgeReason: "ERASURE" });
    // A new query shows on the timeline 24 hours after it was logged: the erased one is made a day old.
    await testApp.database.db
      .update(queries)
      .set({ loggedAt: new Date(testApp.clock.now.getTime() - 25 * 60 * 60_000) })
      .where(eq(queries.referenceNumber, member.original));
    const timeline = await member.browser.request({ method: "GET", url: `${SI}/interaction-timeline` });
    const item = timeline
      .json()
      .items.find((entry: { referenceNumber: number }) => entry.referenceNumber === member.original);
    expect(item.removed.reason).toBe("ERASURE");
    // The other member's data is whole.
    expect(await attachmentKeys(testApp, [bystander.original, bystander.updateRef])).toHaveLength(2);
    // An erasure runs once per request.
    expect(
      (
        await io.browser.request({
          method: "POST",
          url: `${C}/data-requests/${again.json().requestId}/erasure`,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("prepares an archive on a member's behalf, which the officer downloads", async () => {
    const io = await officer();
    const member = await memberWithData(testApp, "on behalf");
    const asked = await io.browser.request({
      method: "POST",
      url: `${C}/members/${member.entityNumber}/data-exports`,
      payload: { reason: "Asked for by the member's attorney, letter of 3 November." },
    });
    expect(asked.statusCode).toBe(202);
    await exportWorkerFor(testApp).runOnce();
    const listed = await io.browser.request({
      method: "GET",
      url: `${C}/members/${member.entityNumber}/data-exports`,
    });
    const [ready] = listed.json().exports;
    expect(ready.status).toBe("READY");
    const download = await io.browser.request({
      method: "GET",
      url: `${C}/data-exports/${ready.exportId}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe("PK");
    // Asked for on their behalf, it does not use up the member's own one a day.
    expect(
      (
        await member.browser.request({
          method: "POST",
          url: `${MY_DATA_BASE}/exports`,
          payload: { currentPassword: member.password },
        })
      ).statusCode,
    ).toBe(202);
  });

  it("pulls a member's archive only for an open access request of theirs or a reason, and keeps which", async () => {
    const io = await officer();
    const member = await memberWithData(testApp, "grounds");
    const other = await memberWithData(testApp, "someone else");
    const url = `${C}/members/${member.entityNumber}/data-exports`;
    const ask = (payload?: object) =>
      io.browser.request({ method: "POST", url, ...(payload ? { payload } : {}) });
    const record = async (entityNumber: number, kind: string) =>
      (
        await io.browser.request({
          method: "POST",
          url: `${C}/data-requests`,
          payload: { entityNumber, kind, receivedOn: "2026-11-02" },
        })
      ).json().requestId as number;
    const access = await record(member.entityNumber, "ACCESS");
    const deletion = await record(member.entityNumber, "DELETION");
    const othersAccess = await record(other.entityNumber, "ACCESS");

    for (const [payload, message] of [
      [undefined, EXPORT_GROUNDS_MESSAGES.missing],
      [{}, EXPORT_GROUNDS_MESSAGES.missing],
      [{ reason: "   " }, EXPORT_GROUNDS_MESSAGES.missing],
      [{ reason: "Audit" }, EXPORT_GROUNDS_MESSAGES.reasonTooShort],
      [{ dataRequestId: deletion }, EXPORT_GROUNDS_MESSAGES.notAnOpenAccessRequest],
      [{ dataRequestId: othersAccess }, EXPORT_GROUNDS_MESSAGES.notAnOpenAccessRequest],
      [{ dataRequestId: access, reason: "and also a reason" }, EXPORT_GROUNDS_MESSAGES.both],
    ] as const) {
      const refused = await ask(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ exceptionCode: "EXPORT_GROUNDS_REQUIRED", message });
    }
    expect(
      await testApp.database.db.$count(dataExports, eq(dataExports.memberEntityNumber, member.entityNumber)),
    ).toBe(0);

    // The member's open access requests, for the console to offer.
    const listed = await io.browser.request({
      method: "GET",
      url: `${C}/data-requests?member=${member.entityNumber}`,
    });
    expect(listed.json().requests.map((request: { requestId: number }) => request.requestId)).toEqual([
      deletion,
      access,
    ]);

    const forRequest = await ask({ dataRequestId: access });
    expect(forRequest.statusCode).toBe(202);
    await exportWorkerFor(testApp).runOnce();
    const forReason = await ask({ reason: "  Complaint to the Information Regulator, case 44.  " });
    expect(forReason.statusCode).toBe(202);
    const rows = await testApp.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.memberEntityNumber, member.entityNumber))
      .orderBy(dataExports.exportId);
    expect(rows.map((row) => [row.dataRequestId, row.reason])).toEqual([
      [access, null],
      [null, "Complaint to the Information Regulator, case 44."],
    ]);
    const audit = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectEntityNumber, member.entityNumber),
          eq(auditEvents.resource, "data-export"),
          eq(auditEvents.action, "UPDATE"),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audit.map((row) => [row.actorEntityNumber, row.detail])).toEqual([
      [io.entityNumber, { dataRequestId: access }],
      [io.entityNumber, { reason: "Complaint to the Information Regulator, case 44." }],
    ]);
  });
});

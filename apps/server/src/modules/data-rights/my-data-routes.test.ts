import { CONSOLE_BASE, MY_DATA_BASE } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  addReplyFile,
  askForArchive,
  exportWorkerFor,
  memberWithData,
} from "../../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { unzip } from "../../../test-support/unzip.js";
import { pdfOfSize } from "../../../test-support/upload-fixtures.js";
import { auditEvents, dataExports, outboxMails } from "../../db/schema.js";
import {
  ensurePlan,
  insertDoctorAllocations,
  insertPersonWithoutLogin,
  insertPolicy,
  insertPolicyDependent,
  insertProfile,
  insertWaitingPeriods,
} from "../member-details/index.js";
import { eraseMemberDataIn } from "./erasure.js";
import { deleteRemovedFiles } from "./remove-content.js";

// "My data": the member sees who read their information (by role, never by name) and downloads an
// archive of all of it, made in the background, holding their records and files and nothing of
// anyone else's.

describe.each(TEST_DATABASE_KINDS)("My data, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const worker = () => exportWorkerFor(testApp);

  it("lists an agent's read of a query by role, and the member's own log-in, newest first", async () => {
    const member = await memberWithData(testApp, "history");
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    testApp.clock.advanceMinutes(1);
    const read = await agent.browser.request({
      method: "GET",
      url: `${CONSOLE_BASE}/queries/${member.original}`,
    });
    expect(read.statusCode).toBe(200);

    const history = await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/access-history` });
    expect(history.statusCode).toBe(200);
    const { events } = history.json();
    expect(events[0]).toMatchObject({
      who: "STAFF_AGENT",
      action: "READ",
      what: "QUERY",
      referenceNumber: member.original,
    });
    expect(
      events.some((event: { who: string; what: string }) => event.who === "YOU" && event.what === "LOG_IN"),
    ).toBe(true);
    // The staff member's name is nowhere in the answer.
    expect(history.body).not.toContain(agent.username);
    expect(history.body).not.toContain(String(agent.entityNumber));

    // Another member sees none of it.
    const other = await memberWithData(testApp, "other history");
    const theirs = await other.browser.request({ method: "GET", url: `${MY_DATA_BASE}/access-history` });
    expect(theirs.json().events.every((event: { who: string }) => event.who === "YOU")).toBe(true);
  });

  it("pages the history by key", async () => {
    const member = await memberWithData(testApp, "paging");
    // Reads on 27 different days: 27 rows, each a day's (the same reads on one day are one row).
    await testApp.database.db.execute(sql`
      insert into audit_events (actor_entity_number, subject_entity_number, resource, action, at, request_id)
      select 1, ${member.entityNumber}, 'console-query', 'READ',
        timestamptz '2026-01-01 10:00:00+00' + day * interval '1 day', 'paging'
      from generate_series(1, 27) as day`);
    const first = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/access-history` })
    ).json();
    expect(first.events).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await member.browser.request({
        method: "GET",
        url: `${MY_DATA_BASE}/access-history?after=${first.nextCursor}`,
      })
    ).json();
    const ids = [...first.events, ...second.events].map((event: { id: number }) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.events.length).toBeGreaterThanOrEqual(2);
    const days = [...first.events, ...second.events].filter(
      (event: { what: string }) => event.what === "QUERY",
    );
    expect(days).toHaveLength(27);
  });

  it("pages exactly through rows written by SQL at one and the same microsecond", async () => {
    const member = await memberWithData(testApp, "microseconds");
    // Sixty different queries read at one microsecond: sixty rows, told apart by id alone.
    await testApp.database.db.execute(sql`
      insert into audit_events
        (actor_entity_number, subject_entity_number, resource, action, at, request_id, reference_number)
      select 1, ${member.entityNumber}, 'console-query', 'READ', '2026-01-01 10:00:00.123456+00', 'micro', n
      from generate_series(1, 60) as n`);
    const seen: { id: number; at: string; referenceNumber: number | null }[] = [];
    let after: string | null = null;
    do {
      const url: string = `${MY_DATA_BASE}/access-history${after ? `?after=${after}` : ""}`;
      const page = (await member.browser.request({ method: "GET", url })).json();
      seen.push(...page.events);
      after = page.nextCursor;
    } while (after);
    const total = await testApp.database.db.$count(
      auditEvents,
      eq(auditEvents.subjectEntityNumber, member.entityNumber),
    );
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((event) => event.id)).size).toBe(total);
    const sameMoment = seen.filter((event) => event.at === "2026-01-01T10:00:00.123Z");
    expect(new Set(sameMoment.map((event) => event.referenceNumber)).size).toBe(60);
  });

  it("shows the same reads by the same person on one day as one row with how many times", async () => {
    const member = await memberWithData(testApp, "flood");
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    const other = await loggedInStaff(testApp, "STAFF_AGENT");
    // An agent's queue refreshing every 30 seconds for 45 minutes one morning (08:00-08:45 in
    // Johannesburg), and another agent's twice.
    await testApp.database.db.execute(sql`
      insert into audit_events (actor_entity_number, subject_entity_number, resource, action, at, request_id)
      select ${agent.entityNumber}, ${member.entityNumber}, 'console-queue', 'READ',
        timestamptz '2026-06-01 06:00:00+00' + n * interval '30 seconds', 'refresh'
      from generate_series(1, 90) as n`);
    const lastRefresh = "2026-06-01T06:45:00.000Z";
    await testApp.database.db.execute(sql`
      insert into audit_events (actor_entity_number, subject_entity_number, resource, action, at, request_id)
      select ${other.entityNumber}, ${member.entityNumber}, 'console-queue', 'READ',
        ${lastRefresh}::timestamptz, 'refresh'
      from generate_series(1, 2)`);
    // The read that matters, after the refreshes.
    testApp.clock.advanceMinutes(1);
    const read = await agent.browser.request({
      method: "GET",
      url: `${CONSOLE_BASE}/queries/${member.original}`,
    });
    expect(read.statusCode).toBe(200);

    const { events } = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/access-history` })
    ).json();
    expect(events[0]).toMatchObject({ what: "QUERY", referenceNumber: member.original, times: 1 });
    const lists = events.filter((event: { what: string }) => event.what === "QUERY_LIST");
    expect(
      lists.map((event: { times: number }) => event.times).sort((a: number, b: number) => a - b),
    ).toEqual([2, 90]);
    expect(lists.find((event: { times: number }) => event.times === 90)?.at).toBe(lastRefresh);
  });

  it("prepares the archive in the background, mails without a link, and downloads it with only this member's data", async () => {
    const member = await memberWithData(testApp, "physiotherapy");
    const other = await memberWithData(testApp, "chiropractor");
    const asked = await askForArchive(member);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: "QUEUED" });
    const again = await askForArchive(member);
    expect(again.statusCode).toBe(409);

    expect(await worker().runOnce()).toBe(1);
    const current = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/exports/current` })
    ).json();
    expect(current.export).toMatchObject({ status: "READY", progress: { done: expect.any(Number) } });
    expect(current.export.progress.done).toBe(current.export.progress.total);
    expect(current.nextAllowedAt).not.toBeNull();

    // The mail says where to find it, and holds no link to the archive.
    const [mail] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.memberEntityNumber, member.entityNumber),
          eq(outboxMails.kind, "DATA_EXPORT_READY"),
        ),
      );
    expect(mail?.text).toContain("My data");
    expect(mail?.html).not.toContain("/exports/");

    const url = `${MY_DATA_BASE}/exports/${current.export.exportId}/download`;
    expect((await other.browser.request({ method: "GET", url })).statusCode).toBe(404);
    const download = await member.browser.request({ method: "GET", url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    const files = await unzip(download.rawPayload);
    for (const name of [
      "index.html",
      "member.json",
      "queries.json",
      "documents.json",
      "access-history.json",
    ]) {
      expect(files.has(name)).toBe(true);
    }
    const photo = files.get(`queries/${member.original}/attachments/photo of physiotherapy.png`);
    expect(photo?.equals(member.photo.bytes)).toBe(true);
    const statement = files.get(`queries/${member.updateRef}/attachments/statement physiotherapy.pdf`);
    expect(statement?.equals(member.statement.bytes)).toBe(true);
    const form = files.get(`documents/${member.submission.referenceNumber}/form physiotherapy.pdf`);
    expect(form?.equals(member.submission.file.bytes)).toBe(true);
    expect(files.get(`queries/${member.original}/replies/1.html`)?.toString()).toContain(
      "physiotherapy claim",
    );
    const queriesJson = JSON.parse(files.get("queries.json")?.toString() ?? "[]");
    expect(queriesJson.map((query: { referenceNumber: number }) => query.referenceNumber).sort()).toEqual(
      [member.original, member.updateRef].sort(),
    );
    expect(files.get("index.html")?.toString()).toContain("My claim for physiotherapy was not paid.");
    // Nothing of the other member, in any file.
    for (const [name, bytes] of files) {
      expect(name).not.toContain(String(other.original));
      expect(bytes.toString("latin1")).not.toContain("chiropractor");
    }
    // The download is audited.
    expect(
      await testApp.database.db.$count(
        auditEvents,
        and(
          eq(auditEvents.subjectEntityNumber, member.entityNumber),
          eq(auditEvents.resource, "data-export-download"),
        ),
      ),
    ).toBe(1);

    // One a day.
    const tooSoon = await askForArchive(member);
    expect(tooSoon.statusCode).toBe(429);
    testApp.clock.advanceMinutes(24 * 60 + 1);
    await member.browser.logIn(member.username, member.password);
    expect((await askForArchive(member)).statusCode).toBe(202);
    await worker().runOnce();
  });

  it("holds the reply's files, the mails, the plan and dependants, on a page in the member's words and the scheme's time", async () => {
    const member = await memberWithData(testApp, "readable");
    const { db } = testApp.database;
    // A file the agent sent with the reply.
    const replyFile = pdfOfSize(2100, "benefit statement readable.pdf");
    await addReplyFile(testApp, member.original, replyFile);
    // A mail sent to them at 22:30 UTC on 1 June: 00:30 on 2 June in Johannesburg.
    await db.insert(outboxMails).values({
      kind: "REPLY_SENT",
      messageId: `<archive-${member.entityNumber}@test>`,
      toAddresses: ["readable@example.net"],
      ccAddresses: [],
      subject: `We have answered your query ${member.original}`,
      html: "<p>Answered.</p>",
      text: "Dear member, we have answered your readable query.",
      status: "SENT",
      nextAttemptAt: testApp.clock.now,
      createdAt: new Date("2026-06-01T22:29:00.000Z"),
      sentAt: new Date("2026-06-01T22:30:00.000Z"),
      memberEntityNumber: member.entityNumber,
      referenceNumber: member.original,
    });
    // Their plan, its cover, a dependant, a waiting period and their GP.
    const planId = await ensurePlan(
      db,
      { code: "ARCHIVE_SCHEME", name: "Archive Scheme" },
      { code: "ARCHIVE_PLAN", name: "Essential Archive Saver", benefits: ["HOSPITAL", "DENTISTRY"] },
    );
    const policyId = await insertPolicy(db, {
      policyIdentifier: `ARC-${member.entityNumber}`,
      planId,
      principalEntityNumber: member.entityNumber,
      startDate: "2024-03-01",
    });
    const spouse = await insertPersonWithoutLogin(db, { firstName: "Nomvula", lastName: "Archivist" });
    await insertProfile(db, spouse, { dateOfBirth: "1990-07-14" });
    await insertPolicyDependent(db, {
      policyId,
      dependentEntityNumber: spouse,
      relationship: "SPOUSE",
      dependentCode: "01",
    });
    await insertWaitingPeriods(db, member.entityNumber, [
      { type: "CONDITION_SPECIFIC", condition: "Asthma", startDate: "2024-03-01", endDate: "2025-02-28" },
    ]);
    await insertDoctorAllocations(db, member.entityNumber, [
      {
        allocationType: "GP",
        practiceNumber: "0123456",
        practiceName: "Archive Family Practice",
        doctorName: "Dr P. Naidoo",
        startDate: "2024-03-01",
        endDate: null,
      },
    ]);

    expect((await askForArchive(member)).statusCode).toBe(202);
    expect(await worker().runOnce()).toBe(1);
    const { export: ready } = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/exports/current` })
    ).json();
    expect(ready.status).toBe("READY");
    const files = await unzip(
      (
        await member.browser.request({
          method: "GET",
          url: `${MY_DATA_BASE}/exports/${ready.exportId}/download`,
        })
      ).rawPayload,
    );

    // The reply's file, byte for byte, beside its reply; listed in queries.json.
    const replyPath = `queries/${member.original}/replies/1/benefit statement readable.pdf`;
    expect(files.get(replyPath)?.equals(replyFile.bytes)).toBe(true);
    const queriesJson = JSON.parse(files.get("queries.json")?.toString() ?? "[]");
    const original = queriesJson.find(
      (query: { referenceNumber: number }) => query.referenceNumber === member.original,
    );
    expect(original.replies[0].files).toEqual([
      {
        fileName: replyFile.name,
        contentType: replyFile.type,
        sizeBytes: replyFile.bytes.length,
        path: replyPath,
      },
    ]);
    // JSON keeps ISO times.
    expect(original.loggedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const page = files.get("index.html")?.toString() ?? "";
    expect(page).toContain(`href="${replyPath.split("/").map(encodeURIComponent).join("/")}"`);
    // The mail: its day and time in the scheme's zone, its subject, and its text readable.
    expect(page).toContain(`We have answered your query ${member.original}`);
    expect(page).toContain("Dear member, we have answered your readable query.");
    expect(page).toContain("2026-06-02 00:30");
    // No UTC ISO time anywhere on the page.
    expect(page).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    // The plan, its cover and the dependant, labelled.
    for (const words of [
      "Essential Archive Saver",
      `ARC-${member.entityNumber}`,
      "Hospital",
      "Dentistry",
      "Nomvula Archivist",
      "Spouse",
      "1990-07-14",
      "Asthma",
      "Condition-specific",
      "Archive Family Practice",
      "Dr P. Naidoo",
    ]) {
      expect(page).toContain(words);
    }
    // The member's words, not the codes.
    expect(page).toContain("Medical claims");
    expect(page).toContain("Claim not paid");
    expect(page).not.toContain("MEDICAL_CLAIMS");
    expect(page).not.toContain("CLAIM_NOT_PAID");
    expect(page).not.toContain("SPOUSE");
    expect(page).toMatch(/<td>Open<\/td>/);
    expect(page).not.toContain(">OPEN<");
    expect(page).not.toContain("STAFF_AGENT");
    // Landmarks, a navigation to each section, a phone layout, and still nothing loads or runs.
    for (const landmark of ["<header", "<main", "<footer"]) expect(page).toContain(landmark);
    const nav = page.match(/<nav aria-label="[^"]+">([\s\S]*?)<\/nav>/)?.[1] ?? "";
    for (const section of ["membership", "plan", "queries", "documents", "mails", "history"]) {
      expect(nav).toContain(`href="#${section}"`);
      expect(page).toContain(`id="${section}"`);
    }
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toMatch(/<div class="scroll" role="region" tabindex="0" aria-labelledby="[^"]+">\s*<table/);
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(page).not.toContain("<script");
  });

  it("still prepares the archive of an erased member: the removed queries and documents shown as removed, their files and replies gone", async () => {
    const member = await memberWithData(testApp, "erased words");
    const replyFile = await addReplyFile(testApp, member.original, pdfOfSize(1800, "reply file erased.pdf"));
    const { db } = testApp.database;
    const erasure = await db.transaction((tx) =>
      eraseMemberDataIn(tx, member.entityNumber, {
        now: testApp.clock.now,
        timeZone: "Africa/Johannesburg",
        auditDays: 365,
      }),
    );
    expect(erasure.held).toBe(false);
    expect(erasure.files).toContain(replyFile.blobKey);
    await deleteRemovedFiles(db, testApp.blobStore, erasure.files);

    expect((await askForArchive(member)).statusCode).toBe(202);
    expect(await worker().runOnce()).toBe(1);
    const { export: ready } = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/exports/current` })
    ).json();
    expect(ready.status).toBe("READY");
    const files = await unzip(
      (
        await member.browser.request({
          method: "GET",
          url: `${MY_DATA_BASE}/exports/${ready.exportId}/download`,
        })
      ).rawPayload,
    );
    // Only the records: no attachment, reply page or reply file is left to put in it.
    expect([...files.keys()].filter((name) => name.includes("/"))).toEqual([]);
    const queriesJson = JSON.parse(files.get("queries.json")?.toString() ?? "[]");
    expect(queriesJson).toHaveLength(2);
    for (const query of queriesJson) {
      expect(query).toMatchObject({
        text: "",
        status: "CLOSED",
        removed: { reason: "ERASURE" },
        attachments: [],
        replies: [],
      });
    }
    const documentsJson = JSON.parse(files.get("documents.json")?.toString() ?? "[]");
    expect(documentsJson).toEqual([
      expect.objectContaining({ removed: expect.objectContaining({ reason: "ERASURE" }), files: [] }),
    ]);
    const page = files.get("index.html")?.toString() ?? "";
    const removed = page.match(
      /Removed on \d{4}-\d\d-\d\d \d\d:\d\d because you asked for your data to be deleted/g,
    );
    // Both queries and the document submission.
    expect(removed).toHaveLength(3);
    expect(page).toMatch(/<td>Closed<\/td>/);
    for (const [, bytes] of files) expect(bytes.toString("latin1")).not.toContain("erased words");
  });

  it("asks for the password again before it prepares an archive: missing, wrong, then right", async () => {
    const member = await memberWithData(testApp, "password again");
    const ask = (payload?: object) =>
      member.browser.request({ method: "POST", url: `${MY_DATA_BASE}/exports`, payload });
    const exportsOf = () =>
      testApp.database.db.$count(dataExports, eq(dataExports.memberEntityNumber, member.entityNumber));

    for (const payload of [undefined, {}, { currentPassword: "" }]) {
      const missing = await ask(payload);
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject({
        exceptionCode: "PASSWORD_REQUIRED",
        message: expect.any(String),
      });
    }
    const wrong = await ask({ currentPassword: "Not-The-Password-1" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().exceptionCode).toBe("PASSWORD_INCORRECT");
    expect(await exportsOf()).toBe(0);

    const right = await ask({ currentPassword: member.password });
    expect(right.statusCode).toBe(202);
    expect(right.json()).toMatchObject({ status: "QUEUED" });
    expect(await exportsOf()).toBe(1);
    await worker().runOnce();
  });

  it("stops guessing the password through the archive after five wrong tries", async () => {
    const member = await memberWithData(testApp, "guessing");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await member.browser.request({
        method: "POST",
        url: `${MY_DATA_BASE}/exports`,
        payload: { currentPassword: `Guess-${attempt}` },
      });
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await member.browser.request({
      method: "POST",
      url: `${MY_DATA_BASE}/exports`,
      payload: { currentPassword: member.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(
      await testApp.database.db.$count(dataExports, eq(dataExports.memberEntityNumber, member.entityNumber)),
    ).toBe(0);
  });

  it("marks the archive failed when a file is missing from the store, and the process goes on", async () => {
    const member = await memberWithData(testApp, "missing file");
    await testApp.blobStore.delete(member.submission.blobKey);
    expect((await askForArchive(member)).statusCode).toBe(202);
    expect(await worker().runOnce()).toBe(1);
    const current = (
      await member.browser.request({ method: "GET", url: `${MY_DATA_BASE}/exports/current` })
    ).json();
    expect(current.export.status).toBe("FAILED");
  });

  it("refuses the calls without a session, and a POST without the anti-forgery token", async () => {
    const anonymous = await testApp.app.inject({ method: "GET", url: `${MY_DATA_BASE}/access-history` });
    expect(anonymous.statusCode).toBe(401);
    const member = await memberWithData(testApp, "forgery");
    const forged = await member.browser.request({
      method: "POST",
      url: `${MY_DATA_BASE}/exports`,
      withXsrf: false,
    });
    expect(forged.statusCode).toBe(403);
  });
});

import { CONSOLE_BASE, CONSOLE_LIMITS } from "@portal/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { enrolFamily, type Family, loggedInStaff } from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { auditEvents, documentSubmissions, memberEmails, outboxMails } from "../../db/schema.js";

// The staff console over real routes and a real database: the queue, the thread, notes,
// assignment, replies that reach the member and the outbox, reopening, document intake, and the
// rules that keep members out and agents to their own powers.

const C = CONSOLE_BASE;

describe.each(TEST_DATABASE_KINDS)("the staff console on %s", (kind) => {
  let testApp: TestApp;
  let member: Family;
  let other: Family;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  let supervisor: Awaited<ReturnType<typeof loggedInStaff>>;
  let original: number;
  let update: number;

  const get = (browser: TestBrowser, url: string) => browser.request({ method: "GET", url });
  const post = (browser: TestBrowser, url: string, payload?: unknown) =>
    browser.request({ method: "POST", url, ...(payload === undefined ? {} : { payload }) });

  async function logQuery(family: Family, text: string, files = [pngFile()]) {
    const answer = await family.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      { ...defaultQueryFields, query: text, email: "member@example.com", ccEmail: "partner@example.com" },
      files,
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().referenceNumber as number;
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await enrolFamily(testApp);
    other = await enrolFamily(testApp);
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    supervisor = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    original = await logQuery(member, "My claim for the GP visit has not been paid.");
    const updated = await member.principal.browser.postMultipart(
      `${SI}/member-queries/${original}`,
      { query: "I attach the statement.", origin: "MEMBER_WEB" },
      [pdfOfSize(900)],
    );
    expect(updated.statusCode).toBe(200);
    update = updated.json().referenceNumber;
  });
  afterAll(async () => testApp.close());

  it("keeps members out of every console call with 403, revealing nothing", async () => {
    for (const url of [`${C}/queries`, `${C}/queries/${original}`, `${C}/staff`, `${C}/mails/failed`]) {
      const answer = await get(member.principal.browser, url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 403 });
      expect(answer.body).not.toContain("claim");
    }
    const note = await post(member.principal.browser, `${C}/queries/${original}/notes`, { text: "x" });
    expect(note.statusCode).toBe(403);
  });

  it("lists every member's open conversations in the queue, finds one by reference, membership number or surname", async () => {
    const queue = await get(agent.browser, `${C}/queries`);
    expect(queue.statusCode).toBe(200);
    expect(queue.headers["cache-control"]).toBe("private, no-store");
    const rows: { referenceNumber: number; latestReferenceNumber: number; messageCount: number }[] =
      queue.json().queries;
    // The query and its update are one conversation, listed once.
    expect(rows.filter((row) => row.referenceNumber === original)).toEqual([
      expect.objectContaining({ latestReferenceNumber: update, messageCount: 2 }),
    ]);
    expect(rows.some((row) => row.referenceNumber === update)).toBe(false);
    for (const reference of [original, update]) {
      const found = (await get(agent.browser, `${C}/queries?search=${reference}`)).json();
      expect(found.queries.map((row: { referenceNumber: number }) => row.referenceNumber)).toEqual([
        original,
      ]);
    }
    const membership = `M${member.principal.entityNumber}`;
    const byMembership = (await get(agent.browser, `${C}/queries?search=${membership}`)).json();
    expect(byMembership.queries.length).toBe(1);
    expect(byMembership.queries[0].member.membershipNumber).toBe(membership);
    // Test members are all surnamed "Member n": a surname prefix, any case.
    const bySurname = (await get(agent.browser, `${C}/queries?search=mEMBER`)).json();
    expect(bySurname.queries.map((row: { referenceNumber: number }) => row.referenceNumber)).toContain(
      original,
    );
    expect((await get(agent.browser, `${C}/queries?search=Nobody`)).json().queries).toEqual([]);
  });

  it("audits every member whose queries the queue showed, as read by the member of staff", async () => {
    await get(agent.browser, `${C}/queries?search=${original}`);
    const rows = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorEntityNumber, agent.entityNumber));
    expect(
      rows.some(
        (row) =>
          row.resource === "console-queue" && row.subjectEntityNumber === member.principal.entityNumber,
      ),
    ).toBe(true);
    expect(
      rows.every(
        (row) => row.subjectEntityNumber !== other.principal.entityNumber || row.resource === "console-queue",
      ),
    ).toBe(true);
  });

  it("shows the whole thread, the member summary and the attachments to staff", async () => {
    const page = await get(agent.browser, `${C}/queries/${update}`);
    expect(page.statusCode).toBe(200);
    const { query, member: summary } = page.json();
    expect(query.referenceNumber).toBe(original);
    expect(query.thread.map((message: { referenceNumber: number }) => message.referenceNumber)).toEqual([
      original,
      update,
    ]);
    expect(query.email).toBe("member@example.com");
    expect(query.ccEmail).toBe("partner@example.com");
    expect(summary.entityNumber).toBe(member.principal.entityNumber);
    expect(summary.planName).toBe("Gold Plan");
    expect(summary.dependentCount).toBe(2);
    // None chosen: the member reads, and is mailed in, English.
    expect(summary.language).toBeNull();
    const attachment = query.thread[1].attachments[0];
    const file = await get(agent.browser, `${C}/queries/${original}/attachments/${attachment.attachmentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const otherQuery = await logQuery(other, "Another family's question.");
    const foreign = await get(
      agent.browser,
      `${C}/queries/${original}/attachments/${attachment.attachmentId + 999}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await get(agent.browser, `${C}/queries/${otherQuery}`)).json().member.entityNumber).toBe(
      other.principal.entityNumber,
    );
  });

  it("says whether the reply address is one the register holds for the member, read when the page is opened", async () => {
    // logQuery sends replies to member@example.com, an address no register holds.
    expect((await get(agent.browser, `${C}/queries/${original}`)).json().query.emailInRegister).toBe(false);
    // The member's own address, as the register holds it but in capitals and with spaces.
    const own = `${member.principal.username.replaceAll(".", "-")}@example.com`;
    const answer = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      {
        ...defaultQueryFields,
        email: ` ${own.toUpperCase()} `,
      },
    );
    const ownQuery = answer.json().referenceNumber;
    expect((await get(agent.browser, `${C}/queries/${ownQuery}`)).json().query.emailInRegister).toBe(true);
    // Another member's register does not count for this member.
    const othersAddress = `${other.principal.username.replaceAll(".", "-")}@example.com`;
    const foreign = await member.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      {
        ...defaultQueryFields,
        email: othersAddress,
      },
    );
    const foreignQuery = foreign.json().referenceNumber;
    expect((await get(agent.browser, `${C}/queries/${foreignQuery}`)).json().query.emailInRegister).toBe(
      false,
    );
    // Computed on read: once the register holds the address, the warning goes.
    const db = testApp.database.db;
    await db.insert(memberEmails).values({
      memberEntityNumber: member.principal.entityNumber,
      address: "Member@Example.com",
      position: 9,
    });
    try {
      expect((await get(agent.browser, `${C}/queries/${update}`)).json().query.emailInRegister).toBe(true);
    } finally {
      await db
        .delete(memberEmails)
        .where(
          and(
            eq(memberEmails.memberEntityNumber, member.principal.entityNumber),
            eq(memberEmails.position, 9),
          ),
        );
    }
  });

  it("keeps internal notes away from every member call", async () => {
    const note = "Member called twice; check with claims.";
    expect((await post(agent.browser, `${C}/queries/${original}/notes`, { text: note })).statusCode).toBe(
      204,
    );
    const page = (await get(agent.browser, `${C}/queries/${original}`)).json();
    expect(page.query.notes.map((entry: { text: string }) => entry.text)).toEqual([note]);
    const memberCalls = [
      `${SI}/member-queries/${original}?origin=MEMBER_WEB`,
      `${SI}/member-queries/${original}/agent-response?origin=MEMBER_WEB`,
      `${SI}/member-queries?daysAgo=30&status=OPEN&origin=MEMBER_WEB`,
      `${SI}/interaction-timeline`,
    ];
    for (const url of memberCalls) {
      const answer = await get(member.principal.browser, url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain("check with claims");
    }
    expect((await post(agent.browser, `${C}/queries/${original}/notes`, { text: "   " })).statusCode).toBe(
      400,
    );
  });

  it("lets an agent assign to themselves only; a supervisor assigns to anyone of staff", async () => {
    expect((await post(agent.browser, `${C}/queries/${original}/assign-to-me`)).statusCode).toBe(204);
    const mine = (await get(agent.browser, `${C}/queries?assigned=ME`)).json();
    expect(mine.queries.map((row: { referenceNumber: number }) => row.referenceNumber)).toContain(original);
    expect(mine.counts.mine).toBeGreaterThanOrEqual(1);
    const byAgent = await agent.browser.request({
      method: "PUT",
      url: `${C}/queries/${original}/assignee`,
      payload: { assigneeEntityNumber: supervisor.entityNumber },
    });
    expect(byAgent.statusCode).toBe(403);
    const toMember = await supervisor.browser.request({
      method: "PUT",
      url: `${C}/queries/${original}/assignee`,
      payload: { assigneeEntityNumber: member.principal.entityNumber },
    });
    expect(toMember.statusCode).toBe(400);
    const bySupervisor = await supervisor.browser.request({
      method: "PUT",
      url: `${C}/queries/${original}/assignee`,
      payload: { assigneeEntityNumber: supervisor.entityNumber },
    });
    expect(bySupervisor.statusCode).toBe(204);
    const page = (await get(agent.browser, `${C}/queries/${original}`)).json();
    expect(page.query.assignedTo.entityNumber).toBe(supervisor.entityNumber);
  });

  it("sends a reply: cleaned, shown to the member, queued as a mail to the query's addresses, and closes on request", async () => {
    const html =
      '<p>Dear member, <b>paid</b> on <i>Friday</i>.</p><table><tr><th>Claim</th><th>Amount</th></tr><tr><td>GP</td><td>R 450</td></tr></table><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const sent = await post(agent.browser, `${C}/queries/${update}/replies`, { html, close: true });
    expect(sent.statusCode).toBe(200);
    const encoded = (
      await get(member.principal.browser, `${SI}/member-queries/${original}/agent-response?origin=MEMBER_WEB`)
    ).json().encodedResponse;
    const shown = Buffer.from(encoded, "base64").toString("utf8");
    expect(shown).toContain("<table>");
    expect(shown).toContain("<b>paid</b>");
    expect(shown).not.toMatch(/script|onerror|javascript:|<img/);
    const mails = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, "REPLY_SENT"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddresses).toEqual(["member@example.com"]);
    expect(mails[0]?.ccAddresses).toEqual(["partner@example.com"]);
    expect(mails[0]?.html).toContain("R 450");
    // Closed by the send: the mail says so and what to do instead of an update.
    expect(mails[0]?.text).toContain("This query is now closed.");
    expect(mails[0]?.text).toContain(`/#/update/default?reference=${original}&timeline=true`);
    expect(mails[0]?.text).not.toContain("update it there");
    const open = (
      await get(member.principal.browser, `${SI}/member-queries?daysAgo=30&status=OPEN&origin=MEMBER_WEB`)
    ).json();
    expect(open.queries.map((row: { referenceNumber: number }) => row.referenceNumber)).not.toContain(
      original,
    );
    expect(open.queries.map((row: { referenceNumber: number }) => row.referenceNumber)).not.toContain(update);
    const page = (await get(agent.browser, `${C}/queries/${original}`)).json();
    expect(page.query.status).toBe("CLOSED");
    expect(page.query.replies).toHaveLength(1);
    expect(page.query.replies[0].sentBy.entityNumber).toBe(agent.entityNumber);
    expect(
      (await post(agent.browser, `${C}/queries/${original}/replies`, { html: "<p> </p>" })).statusCode,
    ).toBe(400);
  });

  it("keeps several replies; the member sees the newest", async () => {
    await post(agent.browser, `${C}/queries/${original}/replies`, { html: "<p>A second answer.</p>" });
    const encoded = (
      await get(member.principal.browser, `${SI}/member-queries/${original}/agent-response?origin=MEMBER_WEB`)
    ).json().encodedResponse;
    expect(Buffer.from(encoded, "base64").toString("utf8")).toContain("A second answer.");
    expect((await get(agent.browser, `${C}/queries/${original}`)).json().query.replies).toHaveLength(2);
  });

  it("reopens a closed query once", async () => {
    expect((await post(agent.browser, `${C}/queries/${original}/reopen`)).statusCode).toBe(204);
    expect((await get(agent.browser, `${C}/queries/${original}`)).json().query.status).toBe("OPEN");
    expect((await post(agent.browser, `${C}/queries/${original}/reopen`)).statusCode).toBe(409);
    // Open again: the next reply tells the member to update it in the portal.
    const sent = await post(agent.browser, `${C}/queries/${original}/replies`, { html: "<p>More.</p>" });
    const [mail] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, "REPLY_SENT"))
      .orderBy(desc(outboxMails.id))
      .limit(1);
    expect(sent.statusCode).toBe(200);
    expect(mail?.text).toContain("log in and update it there");
    expect(mail?.text).not.toContain("now closed");
  });

  it("pages the queue by keyset: nothing repeated, nothing skipped", async () => {
    const many = CONSOLE_LIMITS.queuePageSize + 3;
    for (let index = 0; index < many; index += 1) await logQuery(other, `Question ${index}`, []);
    const { counts } = (await get(agent.browser, `${C}/queries`)).json();
    // Every order of the all tab: one walk of conversations_latest, or one per status merged.
    for (const sort of ["-latest", "latest", "due", "-due"]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `${C}/queries?status=ALL&sort=${sort}${cursor ? `&after=${cursor}` : ""}`;
        const page = (await get(agent.browser, url)).json();
        seen.push(...page.queries.map((row: { referenceNumber: number }) => row.referenceNumber));
        cursor = page.nextCursor;
      } while (cursor);
      expect({ sort, repeated: seen.length - new Set(seen).size }).toEqual({ sort, repeated: 0 });
      expect({ sort, seen: seen.length }).toEqual({ sort, seen: counts.open + counts.closed });
    }
  });

  it("records documents received for a member: a submission the member sees, and a mail", async () => {
    const intake = await agent.browser.postMultipart(
      `${C}/members/${member.principal.entityNumber}/document-submissions`,
      { category: "MEDICAL_CLAIMS" },
      [pdfOfSize(1200, "claim-form.pdf")],
    );
    expect(intake.statusCode).toBe(200);
    const reference = intake.json().referenceNumber;
    const seen = await get(member.principal.browser, `${SI}/document-submissions/${reference}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().documentSubmission.attachments[0].fileName).toBe("claim-form.pdf");
    expect((await get(other.principal.browser, `${SI}/document-submissions/${reference}`)).statusCode).toBe(
      404,
    );
    const mails = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, "DOCUMENTS_RECEIVED"));
    expect(mails.map((mail) => mail.referenceNumber)).toContain(reference);
    const mail = mails.find((row) => row.referenceNumber === reference);
    expect(mail?.text).toContain(`/#/document-submission?reference=${reference}`);
    const empty = await agent.browser.postMultipart(
      `${C}/members/${member.principal.entityNumber}/document-submissions`,
      { category: "MEDICAL_CLAIMS" },
      [],
    );
    expect(empty.statusCode).toBe(400);
    expect(intake.json().memberMailed).toBe(true);
  });

  it("refuses documents for a dependent without a membership number, naming the principal member to record them under", async () => {
    const summary = (await get(agent.browser, `${C}/members/${member.spouse}`)).json();
    expect(summary).toMatchObject({
      membershipNumber: null,
      principal: {
        entityNumber: member.principal.entityNumber,
        membershipNumber: `M${member.principal.entityNumber}`,
      },
    });
    expect(
      (await get(agent.browser, `${C}/members/${member.principal.entityNumber}`)).json().principal,
    ).toBeNull();
    const before = await testApp.database.db.select().from(documentSubmissions);
    const refused = await agent.browser.postMultipart(
      `${C}/members/${member.spouse}/document-submissions`,
      { category: "MEDICAL_CLAIMS" },
      [pdfOfSize(1200, "spouse-claim.pdf")],
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Spouse Of Principal has no membership number of their own, so no one would be told of these documents. Record them under the principal member, ${summary.principal.firstName} ${summary.principal.lastName} (membership number M${member.principal.entityNumber}), who is told by e-mail.`,
    );
    expect(await testApp.database.db.select().from(documentSubmissions)).toHaveLength(before.length);
  });
});

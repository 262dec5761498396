import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { memberWithData } from "../../../test-support/modules/data-rights.js";
import { loggedInStaff } from "../../../test-support/modules/member-details.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { dataExports, inboundMails, legalHolds, memberEmails, replyDrafts } from "../../db/schema.js";
import { claimExport, finishExport, requestExport } from "./data-exports.js";
import { eraseMemberDataIn } from "./erasure.js";

// An erasure leaves nothing of the member behind: staff's drafts of replies and notes on their
// conversations go with them, and an archive being prepared when it runs is cancelled and never
// becomes ready, however the worker finishes.

describe.each(TEST_DATABASE_KINDS)("an erasure, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  const erase = (member: number) =>
    testApp.database.db.transaction((tx) =>
      eraseMemberDataIn(tx, member, {
        now: testApp.clock.now,
        timeZone: "Africa/Johannesburg",
        auditDays: 365,
      }),
    );

  it("removes staff's reply and note drafts on the member's conversations", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "drafted");
    const agent = await loggedInStaff(testApp, "STAFF_AGENT");
    await db.insert(replyDrafts).values([
      {
        referenceNumber: member.original,
        authorEntityNumber: agent.entityNumber,
        kind: "REPLY",
        text: "<p>Draft quoting the member: my HIV medication claim</p>",
        updatedAt: testApp.clock.now,
      },
      {
        referenceNumber: member.original,
        authorEntityNumber: agent.entityNumber,
        kind: "NOTE",
        text: "Member mentioned HIV medication",
        updatedAt: testApp.clock.now,
      },
    ]);
    const erasure = await erase(member.entityNumber);
    expect(erasure.held).toBe(false);
    const left = await db.select().from(replyDrafts).where(eq(replyDrafts.referenceNumber, member.original));
    expect(left).toEqual([]);
  });

  it("cancels an archive being prepared, which never becomes ready, whatever the worker then writes", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "archived");
    await db.transaction((tx) =>
      requestExport(tx, {
        member: member.entityNumber,
        requestedBy: member.entityNumber,
        now: testApp.clock.now,
      }),
    );
    // The worker takes it, then the erasure runs while it writes the zip.
    let claimed = await claimExport(db, testApp.clock.now);
    while (claimed && claimed.memberEntityNumber !== member.entityNumber) {
      claimed = await claimExport(db, testApp.clock.now);
    }
    if (!claimed) throw new Error("no archive claimed");
    await erase(member.entityNumber);
    const [cancelled] = await db.select().from(dataExports).where(eq(dataExports.exportId, claimed.exportId));
    expect(cancelled?.status).toBe("EXPIRED");

    await testApp.blobStore.commit(
      await testApp.blobStore.writePending(
        claimed.blobKey,
        Readable.from([Buffer.from("zip with erased text")]),
      ),
    );
    const brand = { name: "Meridian Health", mail: { signature: ["Meridian"] }, contactLines: [] } as never;
    const finished = await finishExport(db, claimed, { sizeBytes: 20, total: 1 }, brand, testApp.clock.now);
    expect(finished).toBe(false);
    const [after] = await db.select().from(dataExports).where(eq(dataExports.exportId, claimed.exportId));
    expect(after?.status).toBe("EXPIRED");
    expect(after?.readyAt).toBeNull();
  });

  it("removes the mails the member sent to the support mailbox, unmatched ones and ones attributed to another", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "mailed");
    const other = await memberWithData(testApp, "other mailer");
    const [email] = await db
      .select({ address: memberEmails.address })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, member.entityNumber));
    if (!email) throw new Error("no address");
    const uid = Math.floor(Math.random() * 1e9);
    const mail = (n: number, fields: Partial<typeof inboundMails.$inferInsert>) => ({
      folder: "INBOX",
      uidValidity: 1,
      uid: uid + n,
      receivedAt: testApp.clock.now,
      outcome: "UNMATCHED",
      reason: "NO_MATCH",
      subject: "My HIV medication",
      ...fields,
    });
    await db.insert(inboundMails).values([
      // Unmatched, from the member's address in another case: nobody attributed it.
      mail(1, { fromAddress: email.address.toUpperCase() }),
      // Unmatched, from the member's address, but staff's guess named another member.
      mail(2, { fromAddress: email.address, memberEntityNumber: other.entityNumber }),
      // Processed into the member's conversation, its sender not recorded.
      mail(3, { outcome: "UPDATE", reason: null, conversationReferenceNumber: member.original }),
    ]);
    await erase(member.entityNumber);
    const left = await db
      .select({ uid: inboundMails.uid })
      .from(inboundMails)
      .where(eq(inboundMails.uidValidity, 1));
    expect(left.map((row) => row.uid).filter((n) => n > uid && n <= uid + 3)).toEqual([]);
  });

  it("reports a held erasure as held: nothing removed, and says why", async () => {
    const { db } = testApp.database;
    const member = await memberWithData(testApp, "held");
    const officer = await loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER");
    await db.insert(legalHolds).values({
      memberEntityNumber: member.entityNumber,
      reason: "Dispute before the Council for Medical Schemes",
      setAt: testApp.clock.now,
      setByEntityNumber: officer.entityNumber,
    });
    const erasure = await erase(member.entityNumber);
    expect(erasure.report.held).toBe(true);
    expect(erasure.report.removed.queries).toBe(0);
    expect(erasure.report.kept[0]?.reason).toContain("legal hold");
    await db.delete(legalHolds).where(eq(legalHolds.memberEntityNumber, member.entityNumber));
    expect((await erase(member.entityNumber)).report.held).toBe(false);
  });
});

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { DAY_MS, replyDueWindow } from "@portal/domain";
import type { Db } from "../db/database.js";
import { attachments, documentSubmissions } from "../db/schema.js";
import {
  closeConversation,
  type NewAttachment,
  recordMemberMessage,
  sendReply,
} from "../modules/conversations/index.js";
import type { BlobStore } from "../modules/storage/index.js";
import { demoPdf, demoPng } from "./demo-files.js";

interface DemoFile {
  fileName: string;
  bytes: Buffer;
}

const pdfFile = (fileName: string, lines: string[]): DemoFile => ({ fileName, bytes: demoPdf(lines) });
const pngFile = (fileName: string): DemoFile => ({
  fileName,
  bytes: demoPng(240, 160, [226, 240, 251], [13, 110, 253]),
});

async function storeFiles(blobStore: BlobStore, files: readonly DemoFile[]): Promise<NewAttachment[]> {
  const stored: NewAttachment[] = [];
  for (const file of files) {
    const pending = await blobStore.writePending(
      `attachments/demo/${randomUUID()}`,
      Readable.from([file.bytes]),
    );
    await blobStore.commit(pending);
    stored.push({
      fileName: file.fileName,
      contentType: file.fileName.endsWith(".pdf") ? "application/pdf" : "image/png",
      sizeBytes: file.bytes.length,
      blobKey: pending.key,
    });
  }
  return stored;
}

/** The agent's e-mailed reply: formatting, a table and an inline image, as real replies have. */
function agentReplyHtml(firstName: string): string {
  const logo = demoPng(96, 32, [13, 110, 253], [32, 201, 151]).toString("base64");
  return `<div style="font-family: Arial, sans-serif; color: #212529">
<p>Dear ${firstName},</p>
<p>Thank you for contacting <strong>Meridian Health Medical Scheme</strong>. We have reviewed your claim and
<em>reprocessed</em> it at the scheme rate. The details are below.</p>
<table style="border-collapse: collapse" border="1" cellpadding="6">
<thead><tr><th>Service date</th><th>Provider</th><th>Claimed</th><th>Paid</th></tr></thead>
<tbody>
<tr><td>2026-11-03</td><td>Dr N. Mahlangu (specialist)</td><td>R 1 850.00</td><td>R 1 480.00</td></tr>
<tr><td>2026-11-03</td><td>Pathology</td><td>R 620.00</td><td>R 620.00</td></tr>
</tbody></table>
<p>The difference of <strong>R 370.00</strong> is above the scheme rate and is payable by you to the provider.</p>
<p>Kind regards,<br>Member Services</p>
<p><img alt="Meridian Health" width="96" height="32" src="data:image/png;base64,${logo}"></p>
</div>`;
}

export interface DemoMemberRef {
  entityNumber: number;
  firstName: string;
  email: string;
}

/** Queries of both origins, replies, a closed, an old and a legacy query, and document submissions. */
export async function seedSmartInquiryDemo(
  db: Db,
  blobStore: BlobStore,
  member: DemoMemberRef,
  now: Date,
  timeZone: string,
) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  /** When a demo query was logged, and the reply promise made then. */
  const logged = (days: number) => {
    const loggedAt = daysAgo(days);
    return { loggedAt, replyDueOn: replyDueWindow(loggedAt, "QUERY", timeZone).latest };
  };
  const base = {
    memberEntityNumber: member.entityNumber,
    email: member.email,
    ccEmail: null,
    product: null,
    parentReferenceNumber: null,
  };

  const shortPaid = await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "MEDICAL_CLAIMS",
      subCategory: "CLAIM_SHORT_PAID",
      queryText:
        "My claim for the specialist visit on 3 November was only paid in part. Please explain why, and whether the rest can be paid from my savings.",
      ...logged(1),
    },
    await storeFiles(blobStore, [
      pdfFile("specialist-invoice.pdf", [
        "Dr N. Mahlangu - Specialist physician",
        "Invoice 2026-1103-77",
        "Consultation: R 1 850.00",
      ]),
      pngFile("claim-statement.png"),
    ]),
  );
  await demoReply(db, shortPaid, agentReplyHtml(member.firstName), daysAgo(0.5));

  await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "BENEFITS_AND_COVER",
      subCategory: "LIMITS",
      queryText: "How much of my optometry benefit is left for this year?",
      ...logged(3),
    },
    [],
  );

  const chronic = await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "CHRONIC_CONDITIONS_AND_CANCER",
      subCategory: "APPLICATION_QUERY",
      queryText:
        "I sent my chronic medication application for hypertension two weeks ago. Has it been approved?",
      ...logged(5),
    },
    await storeFiles(blobStore, [
      pdfFile("chronic-application.pdf", ["Chronic medicine application", "Condition: hypertension"]),
    ]),
  );
  await demoReply(
    db,
    chronic,
    `<p>Dear ${member.firstName},</p><p>Your application was <strong>approved</strong> on 20 November.</p>`,
    daysAgo(4),
  );

  const closed = await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "MANAGE_PLAN",
      subCategory: "UPDATE_BANK_DETAILS",
      queryText: "Please update my bank details for refunds.",
      ...logged(2),
    },
    [],
  );
  await closeConversation(db, closed, daysAgo(1));

  await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "OTHER",
      subCategory: null,
      queryText: "Can I add my newborn son to my plan from his date of birth?",
      ...logged(45),
    },
    [],
  );

  await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MEMBER_WEB",
      category: "MEDICAL_CLAIMS",
      subCategory: "CLAIM_NOT_PAID",
      queryText: "Claim for physiotherapy not paid (logged by phone).",
      legacy: true,
      ...logged(4),
    },
    [],
  );

  const delivery = await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MED_XPRESS",
      category: "MEDXPRESS_DELIVERY_QUERY",
      subCategory: null,
      product: "Health",
      queryText: "My chronic medicine delivery has not arrived yet.",
      ...logged(2),
    },
    await storeFiles(blobStore, [pngFile("delivery-note.png")]),
  );
  await demoReply(
    db,
    delivery,
    "<p>Your parcel was handed to the courier on Friday and will be delivered tomorrow.</p>",
    daysAgo(1),
  );

  await recordMemberMessage(
    db,
    {
      ...base,
      origin: "MED_XPRESS",
      category: "MEDXPRESS_ORDER_QUERY",
      subCategory: null,
      product: "Health",
      queryText: "Please repeat my last order.",
      ...logged(6),
    },
    [],
  );

  for (const [category, files, days] of [
    [
      "MEDICAL_CLAIMS",
      [
        pdfFile("hospital-account.pdf", ["Hospital account", "Admission 2026-10-28"]),
        pngFile("discharge-summary.png"),
      ],
      3,
    ],
    [
      "CHRONIC_CONDITIONS_AND_CANCER",
      [pdfFile("prescription.pdf", ["Prescription", "Amlodipine 5 mg daily"])],
      10,
    ],
  ] as const) {
    const [submission] = await db
      .insert(documentSubmissions)
      .values({ memberEntityNumber: member.entityNumber, category, loggedAt: daysAgo(days) })
      .returning({ referenceNumber: documentSubmissions.referenceNumber });
    if (!submission) throw new Error("insert into document_submissions returned no row");
    const stored = await storeFiles(blobStore, files);
    await db.insert(attachments).values(
      stored.map((file, position) => ({
        ...file,
        documentSubmissionReferenceNumber: submission.referenceNumber,
        position,
      })),
    );
  }
}

/** A reply from the demo's history: recorded as the desk records one, its mail long delivered. */
function demoReply(db: Db, conversation: number, html: string, sentAt: Date) {
  return sendReply(db, conversation, { html, sentByEntityNumber: null, sentAt, close: false, mail: null });
}

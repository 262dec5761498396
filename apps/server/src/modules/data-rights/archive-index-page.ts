import {
  type AccessActor,
  type AccessSubject,
  ADDRESS_TYPE_LABELS,
  type AddressType,
  accessActionText,
  accessActorText,
  accessSubjectText,
  categoryLabel,
  DEPENDENT_RELATIONSHIP_LABELS,
  type DependentRelationship,
  DOCTOR_ALLOCATION_TYPE_LABELS,
  type DoctorAllocationType,
  escapeHtml as e,
  formatDateTimeIn,
  formatFileSize,
  GENDER_LABELS,
  type Gender,
  PHONE_TYPE_LABELS,
  type PhoneType,
  POLICY_BENEFIT_LABELS,
  QUERY_STATUS_LABELS,
  type QueryStatus,
  subCategoryLabel,
  WAITING_PERIOD_TYPE_LABELS,
  type WaitingPeriodType,
} from "@portal/domain";
import type { ArchiveRecords } from "./member-archive.js";

// The archive's index.html: what the zip holds, as a page a person reads in any browser, offline.
// The member's words (the portal's labels, never its codes), times in the scheme's time zone,
// landmarks and a navigation to each section, and a layout that works on a phone (wide tables
// scroll inside a region a keyboard can reach). Under a policy that loads and runs nothing: no
// script, no outside style or image, only the inline style below.

interface FileLink {
  fileName: string;
  sizeBytes: number;
  path: string;
}

export interface QueryOut {
  referenceNumber: number;
  updateOf: number | null;
  category: string;
  subCategory: string | null;
  text: string;
  status: string;
  loggedAt: string | null;
  replyDueOn: string | null;
  removed: { at: string | null; reason: string | null } | null;
  attachments: FileLink[];
  replies: { sentAt: string | null; path: string; files: FileLink[] }[];
}

export interface DocumentOut {
  referenceNumber: number;
  category: string;
  loggedAt: string | null;
  removed: { at: string | null; reason: string | null } | null;
  files: FileLink[];
}

export interface HistoryOut {
  at: string;
  who: string;
  action: string;
  what: string;
  referenceNumber: number | null;
  times: number;
}

export interface PageOptions {
  timeZone: string;
  schemeName: string;
  now: Date;
}

/** The page shows this many of the newest access-history rows; all are in access-history.json. */
const HISTORY_ROWS_SHOWN = 1000;

const REMOVAL_REASONS: Readonly<Record<string, string>> = {
  RETENTION: "its time to be kept had passed",
  ERASURE: "you asked for your data to be deleted",
};

const DATA_REQUEST_KINDS: Readonly<Record<string, string>> = {
  ACCESS: "Access to your data",
  CORRECTION: "Correction of your data",
  DELETION: "Deletion of your data",
};
const DATA_REQUEST_STATUSES: Readonly<Record<string, string>> = { OPEN: "Open", COMPLETED: "Completed" };
const MAIL_STATUSES: Readonly<Record<string, string>> = { SENT: "Sent", FAILED: "Could not be delivered" };
const NOT_RECORDED = "Not recorded";

const label = <K extends string>(labels: Readonly<Record<K, string>>, code: string | null): string =>
  code === null ? NOT_RECORDED : ((labels as Readonly<Record<string, string>>)[code] ?? code);

export function archiveIndexPage(
  records: ArchiveRecords,
  queriesOut: QueryOut[],
  documentsOut: DocumentOut[],
  history: HistoryOut[],
  options: PageOptions,
): string {
  const { timeZone } = options;
  /** An instant as the scheme's day and time ("2026-06-02 00:30"); JSON keeps the ISO form. */
  const when = (value: string | Date | null) => {
    if (value === null) return "";
    return formatDateTimeIn(timeZone, new Date(value));
  };
  const link = (path: string, text: string) =>
    `<a href="${e(path.split("/").map(encodeURIComponent).join("/"))}">${e(text)}</a>`;
  const fileLinks = (list: FileLink[]) =>
    list
      .map((file) => `${link(file.path, file.fileName)} (${e(formatFileSize(file.sizeBytes))})`)
      .join("<br>");
  let tables = 0;
  /** A table in a region of its own that scrolls sideways on a narrow screen and takes focus. */
  const table = (caption: string, head: string[], rows: string[], empty: string) => {
    if (rows.length === 0) return `<p>${e(empty)}</p>`;
    tables += 1;
    const id = `table-${tables}`;
    return `<div class="scroll" role="region" tabindex="0" aria-labelledby="${id}">
<table><caption id="${id}">${e(caption)}</caption><thead><tr>${head.map((cell) => `<th scope="col">${e(cell)}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
  };
  const row = (cells: string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
  const removedText = (removed: { at: string | null; reason: string | null }) =>
    `Removed on ${e(when(removed.at))}${removed.reason && REMOVAL_REASONS[removed.reason] ? ` because ${e(REMOVAL_REASONS[removed.reason] ?? "")}` : ""}. Its text, files and replies are no longer held.`;

  const person = records.person;
  const fullName = person ? `${person.firstName} ${person.lastName}` : "";
  const m = records.membership;
  const profile = m.profile;
  const details: [string, string][] = [
    ["Name", e([profile?.title, fullName].filter(Boolean).join(" "))],
    ["Username", e(person?.username ?? NOT_RECORDED)],
    ["Membership number", e(profile?.membershipNumber ?? NOT_RECORDED)],
    ["Date of birth", e(profile?.dateOfBirth ?? NOT_RECORDED)],
    ["Gender", e(profile?.gender ? label(GENDER_LABELS, profile.gender as Gender) : NOT_RECORDED)],
    [
      profile?.identityType === "PASSPORT" ? "Passport number" : "ID number",
      e(profile?.identityNumber ?? NOT_RECORDED),
    ],
    ["Email addresses", m.emails.map((row) => e(row.address)).join("<br>") || NOT_RECORDED],
    [
      "Phone numbers",
      m.phones
        .map((row) => `${e(label(PHONE_TYPE_LABELS, row.type as PhoneType))}: ${e(row.number)}`)
        .join("<br>") || NOT_RECORDED,
    ],
    [
      "Addresses",
      m.addresses
        .map(
          (row) =>
            `${e(label(ADDRESS_TYPE_LABELS, row.type as AddressType))}: ${e(
              [row.line1, row.line2, row.suburb, row.city, row.province, row.postalCode, row.country]
                .filter((part) => part !== null && part.trim() !== "")
                .join(", "),
            )}`,
        )
        .join("<br>") || NOT_RECORDED,
    ],
    [
      "Emergency contacts",
      m.emergencyContacts
        .map((row) => e([row.name, row.relationship, row.phoneNumber, row.email].filter(Boolean).join(", ")))
        .join("<br>") || NOT_RECORDED,
    ],
    ["Registered in the portal", e(when(person?.createdAt ?? null) || NOT_RECORDED)],
    ["Last logged in", e(when(person?.lastSignInAt ?? null) || NOT_RECORDED)],
    ["Membership cards ordered", m.membershipCardOrders.map((row) => e(row.orderedOn)).join(", ") || "None"],
  ];
  const detailsList = `<dl>${details.map(([term, value]) => `<dt>${e(term)}</dt><dd>${value}</dd>`).join("")}</dl>`;

  const cover = (benefits: string[]) =>
    benefits.map((benefit) => e(label(POLICY_BENEFIT_LABELS, benefit))).join(", ") || NOT_RECORDED;
  const plan = records.plan;
  const policyParts = [
    ...plan.policiesAsPrincipal.map(
      (policy) => `<h3>${e(policy.planName)}: policy ${e(policy.policyIdentifier)}</h3>
<dl><dt>Scheme</dt><dd>${e(policy.schemeName)}</dd><dt>Plan</dt><dd>${e(policy.planName)}</dd><dt>Policy number</dt><dd>${e(policy.policyIdentifier)}</dd><dt>You are</dt><dd>The principal member</dd><dt>Cover start date</dt><dd>${e(policy.startDate)}</dd><dt>What the plan covers</dt><dd>${cover(policy.cover)}</dd></dl>
${table(
  `The dependants on policy ${policy.policyIdentifier}`,
  ["Name", "Relationship", "Dependant code", "Date of birth"],
  policy.dependants.map((dependant) =>
    row([
      e([dependant.title, dependant.firstName, dependant.lastName].filter(Boolean).join(" ")),
      e(label(DEPENDENT_RELATIONSHIP_LABELS, dependant.relationship)),
      e(dependant.dependentCode),
      e(dependant.dateOfBirth ?? NOT_RECORDED),
    ]),
  ),
  "There are no dependants on this policy.",
)}`,
    ),
    ...plan.policiesAsDependant.map(
      (policy) => `<h3>${e(policy.planName)}: policy ${e(policy.policyIdentifier)}</h3>
<dl><dt>Scheme</dt><dd>${e(policy.schemeName)}</dd><dt>Plan</dt><dd>${e(policy.planName)}</dd><dt>Policy number</dt><dd>${e(policy.policyIdentifier)}</dd><dt>You are</dt><dd>A dependant (${e(label(DEPENDENT_RELATIONSHIP_LABELS, policy.relationship as DependentRelationship))}, dependant code ${e(policy.dependentCode)})</dd><dt>Cover start date</dt><dd>${e(policy.startDate)}</dd><dt>What the plan covers</dt><dd>${cover(policy.cover)}</dd></dl>`,
    ),
  ];
  const waiting = table(
    "Your waiting periods",
    ["Type", "Condition", "From", "To"],
    m.waitingPeriods.map((period) =>
      row([
        e(label(WAITING_PERIOD_TYPE_LABELS, period.type as WaitingPeriodType)),
        e(period.condition ?? "All conditions"),
        e(period.startDate),
        e(period.endDate),
      ]),
    ),
    "You have no waiting periods.",
  );
  const doctors = table(
    "Your doctors and practices",
    ["Type", "Doctor", "Practice", "Practice number", "From", "To"],
    m.doctorAllocations.map((allocation) =>
      row([
        e(label(DOCTOR_ALLOCATION_TYPE_LABELS, allocation.allocationType as DoctorAllocationType)),
        e(allocation.doctorName),
        e(allocation.practiceName),
        e(allocation.practiceNumber),
        e(allocation.startDate),
        e(allocation.endDate ?? "Until further notice"),
      ]),
    ),
    "You have no doctors or practices allocated.",
  );

  const queryRows = queriesOut.map((query) =>
    row([
      `${query.referenceNumber}${query.updateOf ? ` (update of ${query.updateOf})` : ""}`,
      `${e(categoryLabel(query.category))}${query.subCategory ? `<br>${e(subCategoryLabel(query.category, query.subCategory))}` : ""}`,
      e(when(query.loggedAt)),
      e(label(QUERY_STATUS_LABELS, query.status as QueryStatus)),
      query.removed ? removedText(query.removed) : `<span class="text">${e(query.text)}</span>`,
      fileLinks(query.attachments),
      query.replies
        .map(
          (reply) =>
            `${link(reply.path, `Reply of ${when(reply.sentAt)}`)}${reply.files.length ? `<br>Sent with it: ${fileLinks(reply.files)}` : ""}`,
        )
        .join("<br><br>"),
    ]),
  );
  const documentRows = documentsOut.map((submission) =>
    row([
      String(submission.referenceNumber),
      e(categoryLabel(submission.category)),
      e(when(submission.loggedAt)),
      submission.removed ? removedText(submission.removed) : fileLinks(submission.files),
    ]),
  );
  const mails = records.mails.length
    ? `<ol class="mails">${records.mails
        .map(
          (
            mail,
          ) => `<li><details><summary>${e(when(mail.sentAt ?? mail.createdAt))}: ${e(mail.subject)}</summary>
<dl><dt>Status</dt><dd>${e(label(MAIL_STATUSES, mail.status))}</dd><dt>To</dt><dd>${e(mail.to.join(", "))}</dd>${mail.cc.length ? `<dt>Copy to</dt><dd>${e(mail.cc.join(", "))}</dd>` : ""}${mail.referenceNumber ? `<dt>About query</dt><dd>${mail.referenceNumber}</dd>` : ""}</dl>
<pre>${e(mail.text)}</pre></details></li>`,
        )
        .join("\n")}</ol>`
    : "<p>The portal holds no mails sent to you.</p>";
  const requestRows = records.requests.map((request) =>
    row([
      e(label(DATA_REQUEST_KINDS, request.kind)),
      e(request.receivedOn),
      e(request.dueOn),
      e(label(DATA_REQUEST_STATUSES, request.status)),
      e(when(request.completedAt)),
      e(request.outcome ?? ""),
    ]),
  );
  const shownHistory = history.slice(0, HISTORY_ROWS_SHOWN);
  const historyRows = shownHistory.map((event) =>
    row([
      e(when(event.at)),
      e(accessActorText(event.who as AccessActor)),
      e(accessActionText({ action: event.action as "READ" | "UPDATE", times: event.times })),
      e(accessSubjectText({ what: event.what as AccessSubject, referenceNumber: event.referenceNumber })),
    ]),
  );

  const sections: [string, string, string][] = [
    ["membership", "Your membership details", detailsList],
    [
      "plan",
      "Your plan and dependants",
      `${policyParts.join("\n") || "<p>The portal holds no policy for you.</p>"}
<h3>Waiting periods</h3>
${waiting}
<h3>Doctors and practices</h3>
${doctors}`,
    ],
    [
      "queries",
      "Your queries and updates",
      table(
        "Your queries and updates, oldest first",
        ["Reference", "Category", "Logged", "Status", "Text", "Your attachments", "Replies"],
        queryRows,
        "You have logged no queries.",
      ),
    ],
    [
      "documents",
      "Your documents",
      table(
        "Your document submissions, oldest first",
        ["Reference", "Category", "Received", "Files"],
        documentRows,
        "You have submitted no documents.",
      ),
    ],
    ["mails", "Mails sent to you", `<p>Newest first. Open a mail to read it.</p>\n${mails}`],
    [
      "requests",
      "Your requests about your data",
      table(
        "Your requests to the scheme's information officer",
        ["Request", "Received", "Due", "Status", "Completed", "Outcome"],
        requestRows,
        "You have made no requests about your data.",
      ),
    ],
    [
      "history",
      "Who has seen your information",
      `${history.length > shownHistory.length ? `<p>The newest ${shownHistory.length} of ${history.length} are shown; all are in access-history.json.</p>` : ""}
${table("Reads and changes of your information, newest first", ["When", "Who", "Action", "What"], historyRows, "No one has seen or changed your information yet.")}`,
    ],
    [
      "not-included",
      "What is not in this download",
      `<ul><li>Staff's internal notes on your queries. Ask the scheme's information officer if you want to know what they hold.</li>
<li>Your profile picture, and email addresses you had before changing them (kept for a day).</li>
<li>Passwords and log-in sessions: the portal keeps no password, only a scrambled form of it.</li></ul>`,
    ],
  ];

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Your data held by ${e(options.schemeName)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}
a{color:#0645ad}a:focus-visible,.scroll:focus-visible,summary:focus-visible{outline:3px solid #0645ad;outline-offset:2px}
.skip{position:absolute;left:-999rem}.skip:focus{position:static}
header{border-bottom:1px solid #999;padding:1rem 0}nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
footer{border-top:1px solid #999;margin-top:2rem;padding:1rem 0;font-size:.9rem}
dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}
.scroll{overflow-x:auto;margin-bottom:2rem}table{border-collapse:collapse;width:100%;min-width:36rem}
th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
caption{text-align:left;font-weight:bold;padding:.5rem 0}.text{white-space:pre-wrap}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;background:#f4f4f4;padding:.5rem}
.mails{padding-left:1.5rem}summary{cursor:pointer}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}
</style>
</head><body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<h1>Your data held by ${e(options.schemeName)}</h1>
<p>Prepared on ${e(when(options.now))} for ${e(fullName)}. Times are in the scheme's time zone (${e(timeZone)}).</p>
</header>
<nav aria-label="Sections of this page"><ul>${sections.map(([id, title]) => `<li><a href="#${id}">${e(title)}</a></li>`).join("")}</ul></nav>
<main id="main">
<p>This page shows, in a form you can read, the information the member portal held about you when
this download was prepared: your membership details and plan, your queries and the replies to them,
your documents, the mails sent to you, your requests about your data and who has seen your
information. The same records, in full, are in the JSON files beside this page, for use in other
programs: member.json, queries.json, documents.json, mails.json, data-requests.json and
access-history.json. The files you sent and the files sent with replies are in the folders queries/
and documents/. What the portal holds but does not give out is listed at the end.</p>
${sections.map(([id, title, content]) => `<section id="${id}" aria-labelledby="${id}-heading">\n<h2 id="${id}-heading">${e(title)}</h2>\n${content}\n</section>`).join("\n")}
</main>
<footer><p>Prepared by the member portal of ${e(options.schemeName)} on ${e(when(options.now))}. If something here is wrong, or you want to know more about how your information is used, contact the scheme's information officer.</p></footer>
</body></html>
`;
}

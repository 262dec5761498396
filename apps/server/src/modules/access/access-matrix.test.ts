import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  auditRowsOf,
  enrolFamily,
  type Family,
  loggedInStaff,
} from "../../../test-support/modules/member-details.js";
import { defaultQueryFields, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { insertReply, insertReplyFile, insertSubmissionFile } from "../../../test-support/thread-rows.js";
import { pngFile } from "../../../test-support/upload-fixtures.js";
import { documentSubmissions } from "../../db/schema.js";
import { normaliseProfilePicture } from "../member-details/profile-picture-image.js";
import { saveProfilePicture } from "../member-details/profile-picture-repository.js";
import type { RegisteredRoute } from "./access-plugin.js";
import type { TargetRule } from "./targets.js";

// The access matrix, built from the routes the app registers (never a hand-kept list): every route
// whose path names a person, a policy, a query or a document submission is tried by its owner, a
// dependent who logs in, another member, staff and anonymous. What the rules refuse must be the very
// same answer as for something that does not exist, so no one learns that it exists.

/** Path parameters that name someone's data. A route with one must declare access with a target. */
const NAMING_PARAMS = new Set([
  "entityNumber",
  "memberEntityNumber",
  "dependentEntityNumber",
  "patientEntityNumber",
  "referenceNumber",
  "attachmentId",
  "policyId",
]);
/** Valid values for the other parameters, so a request fails only on access. */
const OTHER_PARAMS: Record<string, string> = {
  roles: "MEMBER",
  policyBenefit: "DENTISTRY",
  allocationType: "GP",
};
/** Query fields some routes require; routes that do not take them ignore them. */
const COMMON_QUERY = "origin=MEMBER_WEB&permissions=VIEW_CLAIMS";
const MISSING = 2_000_000_000;
/** Bodies of the routes that take JSON, by the end of their path. */
const SAMPLE_BODIES: Record<string, object> = {
  "/notes": { text: "A note." },
  "/replies": { html: "<p>An answer.</p>" },
  "/drafts": { kind: "REPLY", text: "<p>An answer in the making.</p>" },
  "/assignee": { assigneeEntityNumber: null },
  "/role": { role: "STAFF_AGENT" },
  "/legal-hold": { reason: "A dispute." },
  "/data-requests": { entityNumber: 70000001, kind: "ACCESS", receivedOn: "2026-11-02" },
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");

type Owner = "principal" | "spouse" | "child";
type Who = "owner" | "child" | "other member" | "staff" | "agent" | "officer" | "anonymous";

interface Owned {
  entity: number;
  queryRef: number;
  queryAttachment: number;
  replyAttachment: number;
  documentRef: number;
  documentAttachment: number;
  policyId: number;
  policyIdentifier: string;
  /** A staff log-in of its own for the staff-account routes, which a supervisor may disable. */
  staffAccount: number;
}

/** Whether the member logged in as `who` reaches what `owner` of family A holds, by target kind. */
function reaches(who: Who, owner: Owner, rule: TargetRule): boolean {
  if (who === "owner") {
    // The owner is A's principal member: themselves and their dependents, own records only.
    if (rule.memberReach === "own") return owner === "principal";
    if (rule.memberReach === "dependents-only") return owner !== "principal";
    return true;
  }
  if (who === "child") return rule.memberReach === "family" && owner === "child";
  return false;
}

describe.each(TEST_DATABASE_KINDS)("the access matrix over every registered route on %s", (kind) => {
  let testApp: TestApp;
  let a: Family;
  let b: Family;
  /** A supervisor; `agent` holds only the agent's role. */
  let staff: Awaited<ReturnType<typeof loggedInStaff>>;
  let agent: Awaited<ReturnType<typeof loggedInStaff>>;
  /** The information officer: their own desk, none of the agents'. */
  let officer: Awaited<ReturnType<typeof loggedInStaff>>;
  let owned: Owned;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    a = await enrolFamily(testApp);
    b = await enrolFamily(testApp);
    staff = await loggedInStaff(testApp, "STAFF_SUPERVISOR");
    agent = await loggedInStaff(testApp, "STAFF_AGENT");
    officer = await loggedInStaff(testApp, "STAFF_INFORMATION_OFFICER");
    const db = testApp.database.db;
    // Everyone has a picture, so a refused picture cannot be told from a missing one.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const picture = await normaliseProfilePicture(png);
    for (const entity of [
      a.principal.entityNumber,
      a.spouse,
      a.child.entityNumber,
      b.principal.entityNumber,
    ]) {
      await saveProfilePicture(db, entity, picture, new Date());
    }
    const created = await a.principal.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    const queryRef: number = created.json().referenceNumber;
    const view = await a.principal.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${queryRef}?origin=MEMBER_WEB`,
    });
    // A reply sent, so the reply's own document (404 while there is none) is there to reach, with
    // a file sent with it.
    const [reply] = await insertReply(db, {
      referenceNumber: queryRef,
      html: "<p>Reply</p>",
      sentAt: new Date(),
    });
    const replyBlob = await testApp.blobStore.writePending(
      "attachments/test/matrix-reply",
      Readable.from([png]),
    );
    await testApp.blobStore.commit(replyBlob);
    const [replyFile] = await insertReplyFile(db, {
      replyId: reply?.id ?? 0,
      fileName: "statement.png",
      contentType: "image/png",
      sizeBytes: png.length,
      blobKey: "attachments/test/matrix-reply",
      position: 0,
    });
    const [submission] = await db
      .insert(documentSubmissions)
      .values({
        memberEntityNumber: a.principal.entityNumber,
        category: "MEDICAL_CLAIMS",
        loggedAt: new Date(),
      })
      .returning();
    const blob = await testApp.blobStore.writePending("attachments/test/matrix", Readable.from([png]));
    await testApp.blobStore.commit(blob);
    const [document] = await insertSubmissionFile(db, {
      referenceNumber: submission?.referenceNumber ?? 0,
      fileName: "scan.png",
      contentType: "image/png",
      sizeBytes: png.length,
      blobKey: "attachments/test/matrix",
      position: 0,
    });
    owned = {
      entity: a.principal.entityNumber,
      queryRef,
      queryAttachment: view.json().query.attachments[0].attachmentId,
      replyAttachment: replyFile?.attachmentId ?? 0,
      documentRef: submission?.referenceNumber ?? 0,
      documentAttachment: document?.attachmentId ?? 0,
      policyId: a.policyId,
      policyIdentifier: a.policyIdentifier,
      staffAccount: (await loggedInStaff(testApp, "STAFF_AGENT")).entityNumber,
    };
    routes = testApp.app.accessTable.filter((route) => route.method !== "HEAD");
  });
  afterAll(async () => testApp.close());

  /** The path of a route aimed at what `owner` holds (or at nothing, when `missing`). */
  function urlFor(route: RegisteredRoute, rule: TargetRule, owner: Owner, missing = false): string {
    const entityOf = { principal: owned.entity, spouse: a.spouse, child: a.child.entityNumber };
    const isDocument = rule.kind === "document-submission";
    const values: Record<string, number | string> = {
      ...OTHER_PARAMS,
      referenceNumber: isDocument ? owned.documentRef : owned.queryRef,
      attachmentId: isDocument
        ? owned.documentAttachment
        : route.url.includes("/reply-attachments/")
          ? owned.replyAttachment
          : owned.queryAttachment,
      policyId: owned.policyId,
    };
    for (const param of [
      "entityNumber",
      "memberEntityNumber",
      "dependentEntityNumber",
      "patientEntityNumber",
    ]) {
      // A staff-account route names staff only: a member's entity number is not found there.
      values[param] = rule.kind === "staff-account" ? owned.staffAccount : entityOf[owner];
    }
    if (missing && rule.param) values[rule.param] = MISSING;
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
    return `${path}?${COMMON_QUERY}&policyIdentifier=${encodeURIComponent(owned.policyIdentifier)}`;
  }

  const browserOf = (who: Who): TestBrowser =>
    ({
      owner: a.principal.browser,
      child: a.child.browser,
      "other member": b.principal.browser,
      staff: staff.browser,
      agent: agent.browser,
      officer: officer.browser,
      anonymous: new TestBrowser(testApp.app),
    })[who];

  async function send(who: Who, method: string, url: string) {
    const browser = browserOf(who);
    if (who === "anonymous") await browser.visit();
    // A valid body where the route takes JSON, so a request fails only on access.
    const payload = Object.entries(SAMPLE_BODIES).find(([suffix]) =>
      url.split("?")[0]?.endsWith(suffix),
    )?.[1];
    const answer = await browser.request({ method: method as "GET", url, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.body, cacheControl: answer.headers["cache-control"] };
  }

  it("finds the routes that name someone's data, and every one of them declares access with a target", () => {
    const naming = routes.filter((route) => paramsOf(route.url).some((param) => NAMING_PARAMS.has(param)));
    // The services' paths that name people, queries, policies and documents: far more than a handful.
    expect(naming.length).toBeGreaterThanOrEqual(25);
    // The files sent with a reply are reached by the member (urlFor names the reply's file for any
    // /reply-attachments/ path) as well as by the desk.
    expect(naming.map((route) => `${route.method} ${route.url}`)).toContain(
      "GET /api/smart-inquiry/member-queries/:referenceNumber/reply-attachments/:attachmentId",
    );
    for (const route of naming) {
      const target = route.access?.target;
      expect({ route: `${route.method} ${route.url}`, declared: Boolean(target?.param) }).toEqual({
        route: `${route.method} ${route.url}`,
        declared: true,
      });
      expect(NAMING_PARAMS.has(target?.param ?? "")).toBe(true);
    }
  });

  it("tells every cache not to keep any answer of a declared route (own data included)", async () => {
    let answered = 0;
    for (const route of routes.filter((candidate) => candidate.access?.audience.name === "member")) {
      if (route.method !== "GET") continue;
      const rule = route.access?.target;
      const url = rule?.param ? urlFor(route, rule, "principal") : `${route.url}?${COMMON_QUERY}`;
      const answer = await send("owner", route.method, url);
      if (answer.status >= 400) continue;
      answered += 1;
      expect({ url, cacheControl: answer.cacheControl }).toEqual({ url, cacheControl: "private, no-store" });
    }
    expect(answered).toBeGreaterThan(20);
  });

  it("answers anonymous callers of every declared route with 401, before anything else", async () => {
    for (const route of routes.filter((candidate) => candidate.access)) {
      const rule = route.access?.target;
      const url = rule ? urlFor(route, rule, "principal") : route.url;
      const answer = await send("anonymous", route.method, url);
      expect({ route: url, status: answer.status }).toEqual({ route: url, status: 401 });
    }
  });

  it.each<Who>(["owner", "child", "other member", "staff"])(
    "%s: reaches exactly what the rules allow; every refusal is the answer for something missing",
    async (who) => {
      const auditBefore = who === "other member" ? await auditRowsOf(testApp, b.principal.entityNumber) : [];
      let refused = 0;
      let reached = 0;
      for (const route of routes) {
        const rule = route.access?.target;
        if (!rule?.param || route.access?.audience.name !== "member") continue;
        const owners: Owner[] =
          rule.kind === "entity" || rule.kind === "dependent"
            ? ["principal", "spouse", "child"]
            : ["principal"];
        for (const owner of owners) {
          const url = urlFor(route, rule, owner);
          const answer = await send(who, route.method, url);
          const missing = await send(who, route.method, urlFor(route, rule, owner, true));
          expect(missing.status, `${route.method} ${url} for nothing`).toBe(404);
          if (reaches(who, owner, rule)) {
            reached += 1;
            expect({ url, status: answer.status }).not.toEqual({ url, status: 404 });
          } else {
            refused += 1;
            expect({ route: `${route.method} ${url}`, ...answer }).toEqual({
              route: `${route.method} ${url}`,
              ...missing,
            });
          }
        }
      }
      expect(refused + reached).toBeGreaterThan(30);
      if (who === "other member" || who === "staff") expect(reached).toBe(0);
      if (who === "other member") {
        expect(await auditRowsOf(testApp, b.principal.entityNumber)).toEqual(auditBefore);
      }
    },
  );

  it("declares an audit on every staff route sent with an unsafe method (a change, or a search's read)", () => {
    const changing = routes.filter(
      (route) => route.access && route.access.audience.name !== "member" && !SAFE_METHODS.has(route.method),
    );
    expect(changing.length).toBeGreaterThan(5);
    for (const route of changing) {
      const name = `${route.method} ${route.url}`;
      // A search sent by POST (the desk's member-search, the officer's member-lookup: the term is a
      // member's number, kept out of URLs) reads: audited as a read; a draft (the staff member's
      // own unsent text, saved as they type, read back only by them) is no member's data and not
      // audited; everything else changes.
      const expected = /\/member-(search|lookup)$/.test(route.url)
        ? "read"
        : route.url.endsWith("/drafts")
          ? undefined
          : "change";
      expect({ route: name, audit: route.access?.audit?.action }).toEqual({ route: name, audit: expected });
    }
  });

  it("keeps members out of every staff route with 403; agents out of the supervisors' ones; the information officer and the desk out of each other's", async () => {
    const staffRoutes = routes.filter((route) => route.access && route.access.audience.name !== "member");
    expect(staffRoutes.some((route) => route.access?.audience.name === "supervisor")).toBe(true);
    expect(staffRoutes.some((route) => route.access?.audience.name === "informationOfficer")).toBe(true);
    for (const route of staffRoutes) {
      const rule = route.access?.target;
      const url = rule?.param ? urlFor(route, rule, "principal") : route.url;
      const audience = route.access?.audience.name;
      const asMember = await send("owner", route.method, url);
      expect({ url, who: "member", status: asMember.status }).toEqual({ url, who: "member", status: 403 });
      const refusedBy: Record<"agent" | "staff" | "officer", boolean> = {
        agent: audience === "supervisor" || audience === "informationOfficer",
        staff: audience === "informationOfficer",
        officer: audience !== "informationOfficer" && audience !== "anyStaff",
      };
      for (const who of ["agent", "staff", "officer"] as const) {
        const answer = await send(who, route.method, url);
        expect({ url, who, refused: answer.status === 403 }).toEqual({ url, who, refused: refusedBy[who] });
      }
    }
  });

  it("lets staff reach every member's data that exists on the staff routes, and nothing that does not", async () => {
    let checked = 0;
    for (const route of routes) {
      const rule = route.access?.target;
      if (!rule?.param || route.access?.audience.name === "member") continue;
      const audience = route.access?.audience.name;
      const admitted =
        audience === "informationOfficer"
          ? (["officer"] as const)
          : audience === "supervisor"
            ? (["staff"] as const)
            : (["agent", "staff"] as const);
      for (const who of admitted) {
        const url = urlFor(route, rule, "principal");
        const answer = await send(who, route.method, url);
        const missing = await send(who, route.method, urlFor(route, rule, "principal", true));
        expect({ url, who, status: missing.status }).toEqual({ url, who, status: 404 });
        expect({ url, who, status: answer.status }).not.toEqual({ url, who, status: 404 });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

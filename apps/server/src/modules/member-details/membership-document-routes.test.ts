import { calendarDateIn, DAY_MS } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { nextLateEveningUtc } from "../../../test-support/late-evening.js";
import {
  auditRowsOf,
  enrolFamily,
  type Family,
  loggedInMember,
  MD,
  TEST_PLAN,
  TEST_SCHEME,
} from "../../../test-support/modules/member-details.js";
import { loadPdf, pdfShownText } from "../../../test-support/pdf-text.js";
import { createTestApp, type TestApp, type TestBrowser } from "../../../test-support/test-app.js";

// GET /v2/member-details/membership-card and /membership-certificate (base64 of a PDF) and
// POST /v2/member-details/order-membership-card (a sentence with the order number).

describe.each(TEST_DATABASE_KINDS)("membership documents on %s", (kind) => {
  let testApp: TestApp;
  let family: Family;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    // Near midnight, where the UTC day and the scheme's day differ: documents carry the scheme's.
    testApp.clock.now = nextLateEveningUtc(testApp.clock.now);
    family = await enrolFamily(testApp);
  });
  afterAll(async () => testApp.close());

  async function pdfOf(browser: TestBrowser, document: "membership-card" | "membership-certificate") {
    const answer = await browser.request({ method: "GET", url: `${MD}/${document}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const bytes = Buffer.from(answer.body, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    return { bytes, pdf: await loadPdf(bytes), text: pdfShownText(bytes).join("\n") };
  }

  it("makes a two-sided card the size of a bank card with the scheme, plan, member and everyone covered", async () => {
    const { pdf, text } = await pdfOf(family.principal.browser, "membership-card");
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([243, 153]);
    expect(text).toContain(TEST_SCHEME.name);
    expect(text).toContain(`${TEST_PLAN.name} plan`);
    expect(text).toContain(`Membership number: M${family.principal.entityNumber}`);
    expect(text).toContain(`Policy: ${family.policyIdentifier}`);
    expect(text).toContain("Spouse Of Principal (Spouse)");
    expect(text).toMatch(/\(Child\)/);
    expect(text).toMatch(/\(Principal member\)/);
    // Never identity numbers or contact details.
    expect(text).not.toContain("80022901");
    expect(text).not.toContain("+27");
  });

  it("makes an A4 certificate listing everyone with their codes and dates of birth", async () => {
    const { pdf, text } = await pdfOf(family.principal.browser, "membership-certificate");
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(text).toContain("Certificate of membership");
    expect(text).toContain(`policy ${family.policyIdentifier}, since 2024-01-01.`);
    const schemeDay = calendarDateIn("UTC", new Date(testApp.clock.now.getTime() + DAY_MS));
    expect(text).toContain(`Issued on ${schemeDay}.`);
    for (const line of ["00", "01", "02", "1979-06-15", "2005-09-01", "Spouse Of Principal"]) {
      expect(text).toContain(line);
    }
  });

  it("audits the dependents whose data a principal's card holds, not the principal", async () => {
    const before = (await auditRowsOf(testApp, family.principal.entityNumber)).length;
    await pdfOf(family.principal.browser, "membership-card");
    const rows = (await auditRowsOf(testApp, family.principal.entityNumber)).slice(before);
    expect(rows.map((row) => [row.subjectEntityNumber, row.resource, row.action]).sort()).toEqual(
      [
        [family.spouse, "membership-card", "READ"],
        [family.child.entityNumber, "membership-card", "READ"],
      ].sort(),
    );
  });

  it("gives a dependent with a log-in a card that shows only themselves", async () => {
    const { text } = await pdfOf(family.child.browser, "membership-card");
    expect(text).toMatch(/\(Child\)/);
    expect(text).not.toContain("Spouse Of Principal");
    expect(text).not.toContain("(Principal member)");
  });

  it("answers 404 to a member on no policy and 401 without a session", async () => {
    const loner = await loggedInMember(testApp);
    for (const document of ["membership-card", "membership-certificate"]) {
      const answer = await loner.browser.request({ method: "GET", url: `${MD}/${document}` });
      expect(answer.statusCode).toBe(404);
      const anonymous = await testApp.app.inject({ method: "GET", url: `${MD}/${document}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  describe("order-membership-card", () => {
    const order = (browser: TestBrowser, withXsrf = true) =>
      browser.request({ method: "POST", url: `${MD}/order-membership-card`, withXsrf });

    it("records an order, answers its number, and answers the same number for a second order that day", async () => {
      const other = await enrolFamily(testApp);
      const first = await order(other.principal.browser);
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toMatch(/^text\/plain/);
      expect(first.body).toMatch(
        /^Your new membership card has been ordered\. Your order number is MC-\d{6}\.$/,
      );
      const second = await order(other.principal.browser);
      expect(second.body).toBe(first.body);
      // Someone else's order is a new one.
      const third = await order(family.principal.browser);
      expect(third.body).not.toBe(first.body);
      const orders = (await auditRowsOf(testApp, other.principal.entityNumber)).filter(
        (row) => row.resource === "membership-card-order",
      );
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        subjectEntityNumber: other.principal.entityNumber,
        action: "UPDATE",
      });
    });

    it("gives two orders at once one number", async () => {
      const other = await enrolFamily(testApp);
      const answers = await Promise.all([order(other.principal.browser), order(other.principal.browser)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.body).toBe(answers[1]?.body);
    });

    it("refuses a dependent, a member on no policy, and a request without the anti-forgery token", async () => {
      expect((await order(family.child.browser)).statusCode).toBe(403);
      const loner = await loggedInMember(testApp);
      expect((await order(loner.browser)).statusCode).toBe(403);
      const forged = await order(family.principal.browser, false);
      expect(forged.statusCode).toBe(403);
      expect(forged.json().exceptionCode).toBe("XSRF_REJECTED");
    });
  });
});

import { ACCOUNT_PATHS, webBrandSchema } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { BASE, loggedInMember } from "../../../test-support/modules/member-details.js";
import { SECOND_BRAND_FILE } from "../../../test-support/second-brand.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { outboxMails } from "../../db/schema.js";

// The portal run under another scheme's brand (BRAND_FILE): the SPA is given it, and the mails,
// the "Page not found" page and the API's title carry it. Nothing says Meridian.

describe.each(TEST_DATABASE_KINDS)("the portal under a second brand, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      BRAND_FILE: SECOND_BRAND_FILE,
      SCHEME_SITE_URL: "https://www.kestrel.example",
    });
  });
  afterAll(async () => testApp.close());

  it("gives the SPA the brand in /app-config.json, its footer links resolved, its mail settings not", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/app-config.json" });
    expect(response.statusCode).toBe(200);
    const { brand } = response.json();
    expect(webBrandSchema.parse(brand)).toStrictEqual(brand);
    expect(brand).toMatchObject({
      name: "Kestrel Care Medical Fund",
      shortName: "Kestrel Care",
      colours: { primary: "#7a1f5c", ink: "#3b1f4a", inkText: "#ece4f2", accent: "#ffc857" },
      closedDays: "Member care is closed on weekends and public holidays.",
      footerLinks: [
        { label: "Privacy policy", href: "https://www.kestrel.example/privacy" },
        { label: "Access to information manual", href: "https://www.kestrel.example/legal/paia" },
      ],
    });
    expect(brand.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(brand.contactLines.map((line: { number: string }) => line.number)).toEqual([
      "0861 535 378",
      "0861 535 379",
    ]);
    expect(brand).not.toHaveProperty("mail");
    expect(response.body).not.toMatch(/Meridian/i);
  });

  it("signs the mails with the brand and gives its first line's number", async () => {
    const owner = await loggedInMember(testApp, ["owner@example.com"]);
    const changed = await owner.browser.request({
      method: "POST",
      url: `${BASE}/member-details/`,
      payload: {
        emails: ["new@example.net"],
        phoneNumbers: [{ type: "MOBILE", number: "+27 82 555 0101" }],
        addresses: [],
        currentPassword: owner.password,
      },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await owner.browser.request({
      method: "POST",
      url: ACCOUNT_PATHS.passwordReset,
      payload: { login: "new@example.net" },
    });
    expect(reset.statusCode).toBe(202);
    const mails = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.memberEntityNumber, owner.entityNumber))
      .orderBy(asc(outboxMails.id));
    expect(mails.map((mail) => mail.kind)).toEqual([
      "CONTACT_DETAILS_CHANGED",
      "PASSWORD_RESET",
      "PASSWORD_RESET_TO_NEW_ADDRESS",
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain("With best wishes,\nThe Kestrel Care team");
      expect(mail.text).toContain("This is an automatic message from Kestrel Care Medical Fund.");
      expect(mail.html).toContain("With best wishes,<br>The Kestrel Care team");
      expect(`${mail.text}${mail.html}`).not.toMatch(/Meridian|0860 100 247/);
    }
    for (const mail of [mails[0], mails[2]]) {
      expect(mail?.text).toContain("call Member care on 0861 535 378 (Weekdays 07:30–17:00) at once");
    }
  });

  it("names the brand on the page a browser gets for an unknown address, and in the API's title", async () => {
    const page = await testApp.app.inject({
      method: "GET",
      url: "/no/such/page",
      headers: { accept: "text/html" },
    });
    const { document } = new JSDOM(page.body).window;
    expect(document.title).toBe("Page not found · Kestrel Care");
    expect(document.querySelector("header")?.textContent?.trim()).toBe("Kestrel Care Medical Fund");
    const api = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(api.json().info.title).toBe("Kestrel Care Medical Fund: member portal API");
  });
});

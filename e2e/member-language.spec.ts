import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { REPLY_PROMISES } from "@portal/domain";
import { demoMember } from "./support";

// A member reads the login page, the header, the open queries and the
// success message in isiZulu, keeps the choice, and goes back to the specification's English.

const FORM_LABELS = {
  en: {
    category: "What do you want to log a query about:",
    subCategory: "Query category",
    email: "Email",
    details: "Query details",
    send: "Send Query",
  },
  zu: {
    category: "Ufuna ukufaka umbuzo mayelana nani:",
    subCategory: "Isigaba sombuzo",
    email: "I-imeyili",
    details: "Imininingwane yombuzo",
    send: "Thumela umbuzo",
  },
};

async function logQuery(page: Page, labels: (typeof FORM_LABELS)["en"]) {
  await page.getByLabel(labels.category).selectOption("MEDICAL_CLAIMS");
  await page.getByLabel(labels.subCategory).selectOption("CLAIM_NOT_PAID");
  await page.getByLabel(labels.email, { exact: true }).fill(demoMember.emails[0]);
  await page.getByLabel(labels.details).fill("E2E: logged while reading the portal in isiZulu.");
  await page.getByRole("button", { name: labels.send }).click();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}: isiZulu chosen on the login page, kept, and English again`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Member login" })).toBeVisible();
    await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "isiZulu" });
    await expect(page.getByRole("heading", { name: "Ukungena kwelungu" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zu");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByLabel("Igama lomsebenzisi").fill(demoMember.username);
    await page.getByLabel("Iphasiwedi").fill(demoMember.password);
    await page.getByRole("button", { name: "Ngena" }).click();
    await expect(page).toHaveURL(/#\/contact-us\/default$/);
    await expect(page.getByRole("heading", { name: "Imibuzo yakho evulekile" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Imenyu yelungu" })).toBeVisible();

    await logQuery(page, FORM_LABELS.zu);
    await expect(page.getByTestId("query-success")).toContainText(
      "Siyabonga ngombuzo wakho. Sizophendula phakathi kwezinsuku zomsebenzi ezimbili.",
    );

    // Kept in this browser: a reload shows isiZulu again.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Imibuzo yakho evulekile" })).toBeVisible();

    // Back to English, without a reload: the specification's texts verbatim.
    await page.getByRole("combobox", { name: "Ulimi" }).selectOption({ label: "English" });
    await expect(page.getByRole("heading", { name: "Your open queries" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await logQuery(page, FORM_LABELS.en);
    await expect(page.getByText(REPLY_PROMISES.newQuery)).toBeVisible();
  });
}

test.describe("a browser that prefers isiZulu", () => {
  test.use({ locale: "zu-ZA" });

  test("opens the login page in isiZulu", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Ukungena kwelungu" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Ulimi" })).toHaveValue("zu");
  });
});

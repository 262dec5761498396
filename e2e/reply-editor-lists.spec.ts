import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { logInAs, seeded } from "./support";

// The reply editor's lists in a real browser (the caret and the DOM selection are Chromium's, not
// jsdom's): after a line and Enter, "Numbered list" or "Bulleted list" makes the new line the
// list's first item, and the line above stays a paragraph of its own.

const [agent] = DEMO_STAFF;

async function openComposer(page: Page) {
  await page.goto("/");
  await logInAs(page, agent);
  await expect(page).toHaveURL(/#\/console$/);
  await page.goto(`/#/console/queries/${seeded.shortPaidWithReply}`);
  const editor = page.getByRole("textbox", { name: "Reply" });
  await expect(editor).toBeVisible();
  return editor;
}

for (const [name, list] of [
  ["Numbered list", "ol"],
  ["Bulleted list", "ul"],
] as const) {
  test(`"${name}" after a line and Enter starts the list on the new line`, async ({ page }) => {
    const editor = await openComposer(page);
    await editor.click();
    await page.keyboard.type("Please send us:");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name }).click();
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("a copy of your ID");
    await page.keyboard.press("Enter");
    await page.keyboard.type("the claim form");
    await expect(editor.locator(`${list} > li`)).toHaveText(["a copy of your ID", "the claim form"]);
    await expect(editor.locator("p").first()).toHaveText("Please send us:");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("p", { hasText: "Please send us:" })).toHaveText("Please send us:");
    await expect(preview.locator(`${list} > li`)).toHaveText(["a copy of your ID", "the claim form"]);
  });
}

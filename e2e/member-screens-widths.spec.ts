import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInToContactUs, seeded } from "./support";

// The member's reply and "My membership" on a phone and a desktop: what the agent previews is what
// the member reads (one stylesheet: a table's grid, no word broken, a wide table scrolling inside
// the reply), the reply's frame is as tall as the reply, and on a phone the membership tables are
// lists with every value whole. Screenshots of each go to test-results for a look.

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

async function openReply(page: Page) {
  await logInToContactUs(page);
  await page.goto(`/#/update/default?reference=${seeded.shortPaidWithReply}&timeline=true`);
  await page.getByRole("button", { name: "View response sent to you via email" }).click();
  await expect(page.getByRole("heading", { name: "Response sent via email" })).toBeVisible();
  const frame = page.frameLocator("iframe.agent-reply-frame");
  await expect(frame.getByRole("cell", { name: "Dr N. Mahlangu (specialist)" })).toBeVisible();
  return frame;
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the reply reads as the agent previewed it: a grid, whole words, its language, no blank below", async ({
      page,
    }, testInfo) => {
      const frame = await openReply(page);
      await expect(frame.locator("html")).toHaveAttribute("lang", "en");
      const cells = frame.locator("td, th");
      const count = await cells.count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index += 1) {
        const look = await cells.nth(index).evaluate((cell) => {
          const style = getComputedStyle(cell);
          // A word broken across lines makes the cell's text taller than one line per word-run;
          // what is checked is the rule that allows it, and that no cell is cut off.
          return {
            border: style.borderTopWidth,
            wrap: style.overflowWrap,
            wordBreak: style.wordBreak,
            cut: cell.scrollWidth > cell.clientWidth + 1,
          };
        });
        expect(look).toEqual({ border: "1px", wrap: "normal", wordBreak: "normal", cut: false });
      }
      // The frame is as tall as the reply: no blank below it.
      const heights = await page.locator("iframe.agent-reply-frame").evaluate((element) => {
        const body = (element as HTMLIFrameElement).contentDocument?.body;
        return { frame: element.clientHeight, reply: body?.scrollHeight ?? 0 };
      });
      expect(Math.abs(heights.frame - heights.reply)).toBeLessThanOrEqual(4);
      await page.screenshot({ path: testInfo.outputPath(`reply-${size.name}.png`), fullPage: true });
      // axe cannot run inside the sandboxed frame (no scripts there, by design): the page around it.
      expect(
        (await new AxeBuilder({ page }).exclude("iframe.agent-reply-frame").analyze()).violations,
      ).toEqual([]);
    });

    test("My membership shows every value whole, as lists on a phone and tables on a desktop", async ({
      page,
    }, testInfo) => {
      await logInToContactUs(page);
      await page.getByRole("link", { name: "My membership" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My membership" })).toBeVisible();
      const contacts = page.getByRole("region", { name: "Emergency contacts" });
      await expect(contacts.getByText("Nomvula Dlamini")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      if (size.width < 768) {
        await expect(page.getByRole("table")).toHaveCount(0);
        await expect(contacts.getByRole("list")).toBeVisible();
      } else {
        await expect(contacts.getByRole("table")).toBeVisible();
      }
      // Nothing is wider than the page: no value cut at the right edge.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`my-membership-${size.name}.png`), fullPage: true });
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    });
  });
}

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { demoMember, logInAs } from "./support";

// The look under another scheme's brand: the built portal started with BRAND_FILE pointing at
// e2e/fixtures/second-brand.json (Kestrel Care) shows its name, logo, colours and footer numbers,
// on a phone and a desktop, with nothing of the example brand (Meridian) left, and axe finds
// nothing. A brand file with a bad field stops the start, naming it.

const BRAND_FILE = path.resolve("e2e/fixtures/second-brand.json");
const brand = JSON.parse(fs.readFileSync(BRAND_FILE, "utf8")) as {
  name: string;
  shortName: string;
  logo: string;
  colours: { primary: string; ink: string; inkText: string; accent: string };
  contactLines: { label: string; number: string; dial: string; hours: string }[];
  closedDays: string;
};
const SCHEME_SITE_URL = "https://www.kestrel.example";

/** rgb(r, g, b), as getComputedStyle writes a #rrggbb colour. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 0xff}, ${(value >> 8) & 0xff}, ${value & 0xff})`;
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      HOST: "127.0.0.1",
      PORT: "0",
      NODE_ENV: "test",
      // The start banner, which says the address, is an info line.
      LOG_LEVEL: "info",
      // The main test server holds the default metrics port.
      METRICS_PORT: "0",
      ...env,
    },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

test.describe("the look under a second brand", () => {
  test.describe.configure({ timeout: 90_000 });
  let server: ReturnType<typeof startServer>;
  let dataDir: string;
  let base: string;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-brand-"));
    server = startServer({ BRAND_FILE, SCHEME_SITE_URL, DATA_DIR: dataDir });
    await expect
      .poll(() => /Member portal: (http:\/\/localhost:\d+)\//.exec(server.output())?.[1], { timeout: 60_000 })
      .toBeTruthy();
    base = /Member portal: (http:\/\/localhost:\d+)\//.exec(server.output())?.[1] ?? "";
  });

  test.afterAll(async () => {
    const exited = exitOf(server.child);
    server.child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function expectTheBrand(page: Page, title: string) {
    await expect(page).toHaveTitle(`${title} · ${brand.shortName}`);
    const banner = page.getByRole("banner");
    await expect(banner).toContainText(brand.name);
    await expect(banner.getByTestId("scheme-mark")).toHaveAttribute("src", brand.logo);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: `Contact ${brand.name}` })).toBeVisible();
    for (const line of brand.contactLines) {
      await expect(footer.getByRole("link", { name: line.number })).toHaveAttribute(
        "href",
        `tel:${line.dial}`,
      );
      await expect(footer).toContainText(line.hours);
    }
    await expect(footer).toContainText(brand.closedDays);
    await expect(footer.getByRole("link", { name: /^Access to information manual/ })).toHaveAttribute(
      "href",
      `${SCHEME_SITE_URL}/legal/paia`,
    );
    await expect(page.locator("body")).not.toContainText(/Meridian|0860 100 247/);
    // The brand's colours, set at start from /app-config.json: header and footer, rules, links.
    const header = page.locator("header.app-header");
    await expect(header).toHaveCSS("background-color", rgb(brand.colours.ink));
    await expect(header).toHaveCSS("border-bottom-color", rgb(brand.colours.accent));
    await expect(page.locator("footer.app-footer")).toHaveCSS("color", rgb(brand.colours.inkText));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  }

  for (const size of [
    { name: "phone", viewport: { width: 390, height: 844 } },
    { name: "desktop", viewport: { width: 1280, height: 800 } },
  ] as const) {
    test(`log-in and contact-us screens on a ${size.name}`, async ({ page }) => {
      await page.setViewportSize(size.viewport);
      await page.goto(`${base}/#/login`);
      await expectTheBrand(page, "Member login");
      // Buttons and links in the brand's primary colour.
      await expect(page.getByRole("button", { name: "Log in" })).toHaveCSS(
        "background-color",
        rgb(brand.colours.primary),
      );
      await expect(page.getByRole("main").getByRole("link").first()).toHaveCSS(
        "color",
        rgb(brand.colours.primary),
      );

      await logInAs(page, demoMember);
      await expect(page).toHaveURL(/#\/contact-us\/default$/);
      await expectTheBrand(page, "Contact us");
    });
  }
});

test("a brand file with a bad field stops start-up, naming the file and the field", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-brand-"));
  const bad = path.join(dir, "brand.json");
  fs.writeFileSync(bad, JSON.stringify({ ...brand, colours: { ...brand.colours, primary: "plum" } }));
  const server = startServer({ BRAND_FILE: bad, DATA_DIR: path.join(dir, "data") });
  expect(await exitOf(server.child)).toBe(1);
  expect(server.output()).toContain(
    `BRAND_FILE: ${bad}: colours.primary: must be a colour written #rrggbb, such as #0e5e6f`,
  );
  expect(server.output()).not.toMatch(/^\s+at /m);
  fs.rmSync(dir, { recursive: true, force: true });
});

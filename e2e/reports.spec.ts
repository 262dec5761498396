import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { logInAs } from "./support";

// A supervisor opens Reports: last month's promise kept per category and per agent (the demo holds
// a conversation for each business day of last month, answered by the demo agent and supervisor),
// each chart with its table, and the CSV of a view downloaded. Checked with axe.

const [agent, supervisor] = DEMO_STAFF;

function lastMonth(today: Date) {
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  return {
    from: iso(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
    to: iso(new Date(today.getFullYear(), today.getMonth(), 0)),
  };
}

test("a supervisor sees last month's promise kept per category and per agent, and downloads the CSV", async ({
  page,
}) => {
  await page.goto("/#/login");
  await logInAs(page, supervisor);
  await expect(page).toHaveURL(/#\/console$/);
  await page.getByRole("navigation", { name: "Console menu" }).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/#\/console\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const { from, to } = lastMonth(new Date());
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(to);

  const byCategory = page.getByRole("region", { name: "Answered on time, by category" });
  const claims = byCategory.getByRole("row", { name: /Medical claims/ });
  await expect(claims.getByRole("cell").last()).toHaveText(/^\d{1,3}%$/);
  const byAgent = page.getByRole("region", { name: "Answered on time, by agent" });
  for (const person of [agent, supervisor]) {
    const row = byAgent.getByRole("row", { name: new RegExp(`${person?.firstName} ${person?.lastName}`) });
    await expect(row.getByRole("cell").last()).toHaveText(/^\d{1,3}%$/);
  }
  // The charts are drawn (Chart.js, its own chunk) and hidden from assistive technology.
  await expect(byCategory.locator(".report-chart canvas")).toBeVisible();
  await expect(byCategory.locator(".report-chart")).toHaveAttribute("aria-hidden", "true");

  const downloading = page.waitForEvent("download");
  await byAgent.getByRole("link", { name: "Download CSV of answered on time, by agent" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-promise-by-agent-${from}-${to}.csv`);
  const csv = fs.readFileSync((await download.path()) ?? "", "utf8");
  // A byte-order mark first, so Excel reads the file as UTF-8 (names with accents, en dashes).
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv.slice(1).split("\n")[0]).toBe("agent_entity_number,label,on_time,broken,pending,on_time_share");
  expect(csv).toContain(`${agent?.firstName} ${agent?.lastName}`);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

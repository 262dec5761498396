import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { CONSOLE_BASE } from "@portal/domain";
import { fromBufferPromise } from "yauzl";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { PortalClient } from "./portal-client";
import { logInToContactUs, pdfFile, secondMember } from "./support";

// A member's rights over their data, end to end: an agent's read of the member's query shows on
// the member's "My data" page by role, and the download of all their data holds the very file the
// member sent. The second demo member, so that no other spec's archive counts against the one a day.

const [agent] = DEMO_STAFF;
const HISTORY_CAPTION = "Who has read or changed your information, newest first";

/** Every file of a zip by its path in the zip (folders left out). */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}

test("a member sees an agent's read of their query by role, and downloads all their data with their file in it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The member logs a query with a file, through the page.
  const invoice = pdfFile("my-data-invoice.pdf", 4096);
  await logInToContactUs(page, secondMember);
  await page.getByLabel("What do you want to log a query about:").selectOption({ label: "Medical claims" });
  await page.getByLabel("Query category").selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Query details").fill("E2E my data: my optometrist claim of 2 November is unpaid.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles([invoice]);
  await page.getByRole("button", { name: "Send Query" }).click();
  const referenceText = await page.getByText(/Your reference number is 3\d{5}\./).textContent();
  const reference = Number(referenceText?.match(/3\d{5}/)?.[0]);
  expect(reference).toBeGreaterThan(300000);

  // An agent opens the query in the console: the console's GET of it is what the trail records.
  const agentClient = new PortalClient(baseURL ?? "");
  await agentClient.logIn(agent.username, agent.password);
  const opened = await agentClient.fetch(`${CONSOLE_BASE}/queries/${reference}`);
  expect(opened.status).toBe(200);
  // …and answers it with a file: the archive holds what staff sent, not only what the member did.
  const letter = pdfFile("my-data-claim-letter.pdf", 3072);
  const replied = await agentClient.postForm(
    `${CONSOLE_BASE}/queries/${reference}/replies`,
    { html: "<p>Your optometrist claim is being paid; the letter is attached.</p>", close: "false" },
    [{ name: letter.name, type: letter.mimeType, bytes: new Uint8Array(letter.buffer) }],
  );
  expect(replied.status).toBe(200);

  // The member finds it on "My data", from the header, the agent named by role only.
  await page.getByRole("navigation", { name: "Member menu" }).getByRole("link", { name: "My data" }).click();
  await expect(page).toHaveURL(/#\/my-data$/);
  await expect(page.getByRole("heading", { level: 1, name: "My data" })).toBeVisible();
  const history = page.getByRole("table", { name: HISTORY_CAPTION });
  const agentRead = history
    .getByRole("row")
    .filter({ hasText: "An agent of the scheme" })
    .filter({ has: page.getByRole("cell", { name: `Query ${reference}`, exact: true }) })
    // The agent's reply is a change of the same query, in a row of its own.
    .filter({ has: page.getByRole("cell", { name: "Read", exact: true }) });
  await expect(agentRead.first()).toBeVisible();
  await expect(agentRead.first().getByRole("cell", { name: "Read", exact: true })).toBeVisible();
  await expect(agentRead.first().getByRole("rowheader")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(history).not.toContainText(agent.firstName);
  await expect(history).not.toContainText(agent.lastName);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  // The download of all their data: prepared in the background, then offered as a link.
  const prepare = page.getByRole("button", { name: "Prepare my download" });
  await expect(prepare).toHaveAttribute("aria-disabled", "false");
  // The password again first: the archive is all of the member's data (decision 0017).
  await page.getByLabel("Your password").fill(secondMember.password);
  await prepare.click();
  // Unavailable as soon as it is asked for (while it is prepared, then for the rest of the day).
  await expect(prepare).toHaveAttribute("aria-disabled", "true");
  const downloadLink = page.getByRole("link", { name: /^Download my data \(zip, \d+(\.\d)? [KMG]?B\)$/ });
  await expect(downloadLink).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText(/^Available until \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(prepare).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText(/You can ask for one data download a day: the next from /)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const files = await unzip(await readFile(await download.path()));
  for (const path of ["index.html", "member.json", "queries.json", "documents.json", "access-history.json"]) {
    expect(files.has(path), `${path} is in the archive`).toBe(true);
  }
  const attachment = files.get(`queries/${reference}/attachments/${invoice.name}`);
  expect(attachment, "the query's attachment is in the archive").toBeDefined();
  expect(attachment?.equals(invoice.buffer)).toBe(true);
  // The file the agent sent, byte for byte, beside its reply.
  const sent = [...files].find(
    ([path]) => path.startsWith(`queries/${reference}/replies/`) && path.endsWith(letter.name),
  );
  expect(sent, "the file the agent sent is in the archive").toBeDefined();
  expect(sent?.[1].equals(letter.buffer)).toBe(true);
  // The mails sent to the member: the acknowledgement of this very query, on the page and in mails.json.
  const acknowledgement = `We have received your query (reference ${reference})`;
  expect(files.get("index.html")?.toString()).toContain(acknowledgement);
  expect(files.get("mails.json")?.toString()).toContain(acknowledgement);
});

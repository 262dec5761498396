import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { gmailReply } from "../apps/server/src/modules/inbound-mail/test-mails";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { E2E_IMAP_PASSWORD, E2E_IMAP_USER } from "./imap-peer";
import { receivedMails } from "./smtp-peer";
import { logInAs, logInToContactUs } from "./support";

// A member answers the acknowledgement mail in their mail program: the reply goes to the support
// mailbox (dovecot here) through the mail's Reply-To, the portal reads it over IMAP, and the agent
// sees the member's words (without the quoted mail) in the conversation's thread.

const [agent] = DEMO_STAFF;
const mailDir = process.env.E2E_MAIL_DIR ?? "";
const imapPort = Number(process.env.E2E_IMAP_PORT ?? 18143);

async function appendToSupportMailbox(raw: string): Promise<void> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: imapPort,
    secure: false,
    auth: { user: E2E_IMAP_USER, pass: E2E_IMAP_PASSWORD },
    logger: false,
  });
  await client.connect();
  try {
    await client.append("INBOX", raw);
  } finally {
    await client.logout();
  }
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test("a member's e-mailed reply lands in the agent's thread", async ({ page }) => {
  test.setTimeout(90_000);
  await logInToContactUs(page);
  await page.getByLabel("What do you want to log a query about:").selectOption({ label: "Medical claims" });
  await page.getByLabel("Query category").selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Query details").fill("E2E by e-mail: my dentist's claim of 12 November is unpaid.");
  await page.getByRole("button", { name: "Send Query" }).click();
  const said = await page.getByText(/Your reference number is 3\d{5}\./).textContent();
  const reference = Number(said?.match(/3\d{5}/)?.[0]);
  await logOut(page);

  // The acknowledgement as the member's mail program receives it: Reply-To and Message-ID.
  let acknowledgement = "";
  await expect
    .poll(
      () => {
        acknowledgement =
          receivedMails(mailDir).find((mail) => mail.includes(`reference ${reference}`)) ?? "";
        return acknowledgement !== "";
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const parsed = await simpleParser(acknowledgement.replace(/^X-Envelope-To: .*\r\n/, ""));
  const replyTo = parsed.replyTo?.value[0]?.address ?? "";
  expect(replyTo).toMatch(new RegExp(`^support\\+c${reference}-[0-9a-f]{20}@meridian\\.example$`));
  const memberAddress = parsed.to && !Array.isArray(parsed.to) ? (parsed.to.value[0]?.address ?? "") : "";
  expect(memberAddress).not.toBe("");

  // The member answers from their mail program, which quotes our mail under the reply.
  await appendToSupportMailbox(
    gmailReply(
      {
        to: replyTo,
        from: memberAddress,
        messageId: `<e2e-${reference}-${Date.now()}@mail.gmail.com>`,
        inReplyTo: parsed.messageId ?? "",
        references: [parsed.messageId ?? ""],
        subject: `Re: ${parsed.subject ?? ""}`,
      },
      "E2E by e-mail: the dentist is Dr Pillay, practice number 0123456.",
    ),
  );

  // The agent sees it in the conversation once the portal has read the mailbox (every 5 s here).
  await logInAs(page, agent);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await page.goto(`/#/console/queries/${reference}`);
  await expect(page.getByText("E2E by e-mail: my dentist's claim of 12 November is unpaid.")).toBeVisible();
  const emailed = page.getByText("E2E by e-mail: the dentist is Dr Pillay, practice number 0123456.");
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(
          page.getByText("E2E by e-mail: my dentist's claim of 12 November is unpaid."),
        ).toBeVisible();
        return emailed.isVisible();
      },
      { timeout: 40_000, intervals: [3_000] },
    )
    .toBe(true);
  // Only the member's words: the quoted acknowledgement stayed out.
  await expect(page.getByText(/wrote:/)).toHaveCount(0);

  // The Unmatched mail page answers agents too (empty or not), and is accessible.
  await page.getByRole("link", { name: "Unmatched mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Unmatched mail" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

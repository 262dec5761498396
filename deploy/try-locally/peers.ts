// Trying staff sign-in and the support mailbox on one machine, with the peers the tests use
// (docs/operations.md, "Trying the identity provider and the mailbox"): a real OpenID provider
// (oidc-provider, its own development login page) and a real IMAP server (Debian's dovecot-imapd),
// both on loopback only, with throwaway accounts and a published password. Never for production.
//
//   npx tsx deploy/try-locally/peers.ts                 starts both, prints the settings, runs until Ctrl+C
//   npx tsx deploy/try-locally/peers.ts reply FILE.eml  puts a member's answer to that mail in the inbox
//
// Run from a checkout after npm ci (the provider is one of the server's dev dependencies).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { spawnDovecot, writeDovecotSetup } from "../../apps/server/test-support/dovecot.js";
import { startTestOidcProvider } from "../../apps/server/test-support/oidc-provider.js";

const PUBLIC_URL = process.env.PUBLIC_URL ?? "http://localhost:8080";
const OIDC_PORT = Number(process.env.TRY_OIDC_PORT ?? 8090);
const IMAP_PORT = Number(process.env.TRY_IMAP_PORT ?? 8143);
const IMAP_USER = "support";
// Published on purpose: the server listens on 127.0.0.1 only and holds nothing but trial mail.
const IMAP_PASSWORD = "try-only-mailbox";
const SUPPORT_MAILBOX = "support@scheme.example";

async function startPeers(): Promise<void> {
  const provider = await startTestOidcProvider({
    redirectUri: `${PUBLIC_URL}/auth/staff/callback`,
    postLogoutRedirectUri: `${PUBLIC_URL}/`,
    port: OIDC_PORT,
  });
  // The provider's login page takes any password for these; each one's roles claim gives its role.
  provider.accounts.set("agent", { givenName: "Thandi", familyName: "Agent", roles: ["portal-agent"] });
  provider.accounts.set("supervisor", {
    givenName: "Sipho",
    familyName: "Supervisor",
    roles: ["portal-supervisor"],
  });
  provider.accounts.set("officer", {
    givenName: "Olivia",
    familyName: "Officer",
    roles: ["portal-information-officer"],
  });
  provider.accounts.set("nobody", { givenName: "No", familyName: "Role", roles: [] });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-try-dovecot-"));
  const dovecot = spawnDovecot(writeDovecotSetup(dir, IMAP_PORT, IMAP_USER, IMAP_PASSWORD));
  dovecot.stderr?.pipe(process.stderr);

  const stop = async () => {
    dovecot.kill("SIGTERM");
    await provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  dovecot.once("exit", (code) => {
    process.stderr.write(`dovecot stopped (exit code ${code}); see ${dir}/dovecot.log\n`);
  });

  process.stdout.write(`OpenID provider: ${provider.issuer} (accounts agent, supervisor, officer, nobody; any password)
IMAP server: 127.0.0.1:${IMAP_PORT}, user ${IMAP_USER}

Start the portal in another shell with:

export STAFF_OIDC_ISSUER=${provider.issuer} STAFF_OIDC_CLIENT_ID=${provider.client.clientId} \\
       STAFF_OIDC_CLIENT_SECRET=${provider.client.clientSecret} STAFF_LOCAL_LOGIN=true \\
       SUPPORT_MAILBOX=${SUPPORT_MAILBOX} INBOUND_IMAP_URL=imap://${IMAP_USER}:${IMAP_PASSWORD}@127.0.0.1:${IMAP_PORT} \\
       INBOUND_IMAP_POLL_SECONDS=5
npm start

Ctrl+C stops both peers.
`);
}

/** A member's answer to a mail the portal wrote (an .eml in DATA_DIR/outbox), put in the inbox. */
async function reply(file: string): Promise<void> {
  const sent = await simpleParser(fs.readFileSync(file));
  const replyTo = sent.replyTo?.value[0]?.address;
  const member = (Array.isArray(sent.to) ? sent.to[0] : sent.to)?.value[0]?.address;
  if (!replyTo || !member) {
    throw new Error(
      `${file} has no Reply-To or no To: was it written while SUPPORT_MAILBOX was set? Only those mails can be answered.`,
    );
  }
  const messageId = `<try-${Date.now()}@member.example>`;
  const raw = [
    `From: ${member}`,
    `To: ${replyTo}`,
    `Subject: Re: ${sent.subject ?? ""}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${messageId}`,
    ...(sent.messageId ? [`In-Reply-To: ${sent.messageId}`, `References: ${sent.messageId}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Thank you. This is my answer, sent by e-mail.",
    "",
  ].join("\r\n");
  const imap = new ImapFlow({
    host: "127.0.0.1",
    port: IMAP_PORT,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  await imap.connect();
  try {
    await imap.append("INBOX", raw);
  } finally {
    await imap.logout();
  }
  process.stdout.write(
    `Put in the inbox: ${member} answering ${sent.messageId ?? "(no Message-ID)"} to ${replyTo}\n`,
  );
}

const [command, file] = process.argv.slice(2);
if (command === undefined) {
  await startPeers();
} else if (command === "reply" && file) {
  await reply(file);
} else {
  process.stderr.write("Usage: npx tsx deploy/try-locally/peers.ts [reply FILE.eml]\n");
  process.exit(1);
}

import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for the end-to-end run: the portal's mail worker delivers to it
// over SMTP, and it keeps each message as a file the tests read. It runs in Playwright's main
// process (playwright.config.ts), started once before the portal.

export function startE2eSmtpPeer(port: number, mailDir: string): void {
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address).join(",");
        const file = path.join(mailDir, `${String(count).padStart(4, "0")}.eml`);
        fs.writeFileSync(file, `X-Envelope-To: ${recipients}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  // The run ends when Playwright's main process does; the peer must not keep it alive.
  server.server.unref();
}

/** The messages the peer received so far, each as its raw text with the envelope's recipients first. */
export function receivedMails(mailDir: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .sort()
    .map((name) => fs.readFileSync(path.join(mailDir, name), "utf8"));
}

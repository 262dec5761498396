import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { spawnDovecot, writeDovecotSetup } from "../apps/server/test-support/dovecot";

// The support mailbox of the end-to-end run: a dovecot of its own on loopback (Debian's
// dovecot-imapd), which the portal reads (INBOUND_IMAP_URL) and a spec appends members' replies
// to. Started in Playwright's main process before the portal, which checks the mailbox at start:
// so this waits until dovecot answers, and ends it when the run ends.

export const E2E_IMAP_USER = "support";
export const E2E_IMAP_PASSWORD = "e2e-support-mailbox";

/** Waits in a child process (a configuration file cannot await) until the port is `open` or `free`. */
function waitForPort(port: number, until: "open" | "free"): boolean {
  const wait = `
    const net = require("node:net");
    const deadline = Date.now() + 15000;
    const done = (open) => (open === ${until === "open"} ? process.exit(0) : Date.now() > deadline ? process.exit(1) : setTimeout(attempt, 100));
    function attempt() {
      const socket = net.connect(${port}, "127.0.0.1");
      socket.once("connect", () => { socket.destroy(); done(true); });
      socket.once("error", () => done(false));
    }
    attempt();`;
  try {
    execFileSync(process.execPath, ["-e", wait], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function startE2eImapPeer(port: number, dir: string): void {
  // The previous run's dovecot may still be shutting down on the port.
  if (!waitForPort(port, "free"))
    throw new Error(`127.0.0.1:${port} is taken: the e2e IMAP server cannot start`);
  fs.mkdirSync(dir, { recursive: true });
  const setup = writeDovecotSetup(dir, port, E2E_IMAP_USER, E2E_IMAP_PASSWORD);
  const child = spawnDovecot(setup);
  child.unref();
  process.on("exit", () => child.kill("SIGTERM"));
  const said = () => (fs.existsSync(setup.log) ? fs.readFileSync(setup.log, "utf8") : "");
  if (!waitForPort(port, "open") || /Fatal:/.test(said())) {
    throw new Error(`dovecot did not start on 127.0.0.1:${port}:\n${said()}`);
  }
}

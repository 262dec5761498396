import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./throwaway-postgres.js";

// A dovecot IMAP server of a test's own (Debian's dovecot-imapd, installed by
// scripts/test-services.sh): its own configuration, mail directory and passwd-file user in a temp
// directory, listening on a free loopback port, without TLS. As root, dovecot drops privileges:
// its internal processes run as the package's `dovecot` and `dovenull` accounts and the mail
// belongs to `nobody`; as another user, everything runs as that user.
//
// With `oauth2`, the user may also log in by XOAUTH2 with an access token, which dovecot's oauth2
// passdb checks at an OAuth 2.0 introspection endpoint (RFC 7662): the token must be active and
// its `username` must be the user's. The password log-in stays for the test's own client.

const DOVECOT = "/usr/sbin/dovecot";

export interface TestImapServer {
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** imap://user:password@127.0.0.1:port, as INBOUND_IMAP_URL takes it. */
  readonly url: string;
  /** imap://user@127.0.0.1:port, without a password: the URL of an XOAUTH2 log-in. */
  readonly urlWithoutPassword: string;
  /** A client logged in as the mailbox's user (append, list); closed by the caller. */
  client(): Promise<ImapFlow>;
  /** The UIDs of the mails in a folder. */
  uids(folder: string): Promise<number[]>;
  stop(): Promise<void>;
}

function accountIds(name: string): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync("id", ["-u", name]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", name]).toString().trim()),
  };
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const said = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
  child.kill("SIGKILL");
  throw new Error(`dovecot did not start on 127.0.0.1:${port}:\n${said}`);
}

/** Where a dovecot of its own is set up: its configuration file and its log. */
export interface DovecotSetup {
  dir: string;
  configFile: string;
  log: string;
}

/**
 * Writes a dovecot's configuration, its passwd-file user and its mail directory under `dir`, for
 * a server on 127.0.0.1:`port` without TLS. Synchronous: Playwright's configuration uses it too.
 */
export interface DovecotOAuth2 {
  /** The introspection endpoint, its client's id and secret in the URL (sent as HTTP Basic). */
  introspectionUrl: string;
}

export function writeDovecotSetup(
  dir: string,
  port: number,
  user: string,
  password: string,
  oauth2?: DovecotOAuth2,
): DovecotSetup {
  if (!fs.existsSync(DOVECOT)) {
    throw new Error(`dovecot is needed for this test (${DOVECOT}; apt-get install dovecot-imapd)`);
  }
  const asRoot = process.getuid?.() === 0;
  const me = os.userInfo().username;
  const internal = asRoot ? "dovecot" : me;
  const login = asRoot ? "dovenull" : me;
  const owner = asRoot
    ? accountIds("nobody")
    : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  // The mail processes, running as the mail's owner, walk into it.
  fs.chmodSync(dir, 0o755);
  const mail = path.join(dir, "mail");
  fs.mkdirSync(mail, { mode: 0o700 });
  if (asRoot) fs.chownSync(mail, owner.uid, owner.gid);
  fs.writeFileSync(path.join(dir, "users"), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const log = path.join(dir, "dovecot.log");
  let oauth2Passdb = "";
  if (oauth2) {
    // POST token=… to the endpoint; active must be true and username the IMAP user.
    const settings = [
      "introspection_mode = post",
      `introspection_url = ${oauth2.introspectionUrl}`,
      "username_attribute = username",
      "active_attribute = active",
      "active_value = true",
      "timeout_msecs = 5000",
    ].join("\n");
    fs.writeFileSync(path.join(dir, "oauth2.conf"), `${settings}\n`, { mode: 0o644 });
    oauth2Passdb = `
passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf
}`;
  }
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
protocols = imap
# A refused log-in answers at once (dovecot's penalty for the address still delays the next one).
auth_failure_delay = 0
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? " xoauth2" : ""}
default_internal_user = ${internal}
default_internal_group = ${internal}
default_login_user = ${login}
first_valid_uid = 1
last_valid_uid = 0
first_valid_gid = 1
mail_location = maildir:${mail}/%u${oauth2Passdb}
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  const configFile = path.join(dir, "dovecot.conf");
  fs.writeFileSync(configFile, config, { mode: 0o644 });
  return { dir, configFile, log };
}

/** Starts dovecot in the foreground on a setup: its process, ended by the caller. */
export function spawnDovecot(setup: DovecotSetup): ChildProcess {
  return spawn(DOVECOT, ["-F", "-c", setup.configFile], { stdio: ["ignore", "pipe", "pipe"] });
}

export async function startTestImapServer(options: { oauth2?: DovecotOAuth2 } = {}): Promise<TestImapServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dovecot-"));
  const port = await freePort();
  const user = "support";
  const password = `imap-${Math.random().toString(36).slice(2)}`;
  const setup = writeDovecotSetup(dir, port, user, password, options.oauth2);
  const log = setup.log;
  const child = spawnDovecot(setup);
  let said = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    said += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    said += chunk.toString();
  });
  try {
    await waitForPort(port, child, log);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${said}`);
  }
  const url = `imap://${user}:${password}@127.0.0.1:${port}`;
  const client = async () => {
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await imap.connect();
    return imap;
  };
  return {
    port,
    user,
    password,
    url,
    urlWithoutPassword: `imap://${user}@127.0.0.1:${port}`,
    client,
    async uids(folder) {
      const imap = await client();
      try {
        const lock = await imap.getMailboxLock(folder);
        try {
          const found = await imap.search({ all: true }, { uid: true });
          return found || [];
        } finally {
          lock.release();
        }
      } finally {
        await imap.logout();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startTestOidcProvider, type TestOidcProvider } from "../apps/server/test-support/oidc-provider";

// A member of staff signs in through the scheme's OpenID provider: a real one (oidc-provider, on
// loopback, started here) with its own login page, and a portal process of its own configured with
// STAFF_OIDC_*. From the portal's login screen ("Staff sign-in") through the provider's page to the
// console, then "Log out" through the provider's sign-out back to the portal.

test.describe.configure({ mode: "serial" });

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let provider: TestOidcProvider;
let portal: ChildProcess;
let portalUrl: string;
let output = "";

test.beforeAll(async () => {
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  provider = await startTestOidcProvider({
    redirectUri: `${portalUrl}/auth/staff/callback`,
    postLogoutRedirectUri: `${portalUrl}/`,
  });
  provider.accounts.set("lindiwe.agent", {
    givenName: "Lindiwe",
    familyName: "Dlamini",
    roles: ["portal-agent"],
  });
  portal = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: portalUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-oidc-")),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      METRICS_PORT: "0",
      STAFF_OIDC_ISSUER: provider.issuer,
      STAFF_OIDC_CLIENT_ID: provider.client.clientId,
      STAFF_OIDC_CLIENT_SECRET: provider.client.clientSecret,
    },
  });
  portal.stdout?.on("data", (chunk) => (output += chunk));
  portal.stderr?.on("data", (chunk) => (output += chunk));
  await expect
    .poll(
      async () => {
        if (portal.exitCode !== null) throw new Error(`the portal exited: ${output}`);
        return fetch(`${portalUrl}/portal/wlxapp/Ping.srv`)
          .then((response) => response.status)
          .catch(() => 0);
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  portal?.kill("SIGTERM");
  await provider?.close();
});

test("a member of staff signs in through the scheme's provider and lands on the console", async ({
  page,
}) => {
  await page.goto(`${portalUrl}/`);
  await page.getByRole("link", { name: "Staff sign-in" }).click();

  // The provider's own login page.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill("lindiwe.agent");
  await page.locator('input[name="password"]').fill("any password at all");
  await page.getByRole("button", { name: "Sign-in" }).click();

  await expect(page).toHaveURL(`${portalUrl}/#/console`);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await expect(page.getByText("Lindiwe")).toBeVisible();

  // Log out: the portal's session ends, and the browser goes through the provider's sign-out.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  const session = await page.request.get(`${portalUrl}/wsg/session`);
  expect(await session.json()).toMatchObject({ authenticated: false });
});

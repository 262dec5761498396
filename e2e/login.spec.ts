import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demoMember, logInAs } from "./support";

test("an unauthenticated visit goes to the login screen", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("the login screen has no accessibility violations", async ({ page }) => {
  await page.goto("/#/login");
  await expect(page.getByLabel("Username")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("empty fields show both messages and send nothing", async ({ page }) => {
  await page.goto("/#/login");
  let gatewayCalls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/wsg/rest")) gatewayCalls += 1;
  });
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Please enter your username")).toBeVisible();
  await expect(page.getByText("Please enter your password")).toBeVisible();
  expect(gatewayCalls).toBe(0);
});

test("a wrong password shows the server's message in a red alert", async ({ page }) => {
  await page.goto("/");
  await logInAs(page, { username: demoMember.username, password: "Not-The-Password-1" });
  const alert = page.getByRole("alert").filter({ hasText: "Your username or password is incorrect." });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/alert-danger/);
  await expect(page).toHaveURL(/#\/login/);
});

test("the right password lands on contact-us and log out returns to login", async ({ page }) => {
  await page.goto("/");
  await logInAs(page);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await expect(page.getByRole("heading", { name: "How can we help?" })).toBeVisible();
  // The PORTALID cookie is only there during the login sequence.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "PORTALID")).toBeUndefined();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
  // The session is over on the server too: going back to a page asks for a log-in again.
  await page.goto("/#/contact-us/default");
  await expect(page).toHaveURL(/#\/login/);
});

test("after log-in the member returns to the page they were going to", async ({ page }) => {
  await page.goto("/#/document-submission?reference=42");
  await expect(page).toHaveURL(/#\/login/);
  await logInAs(page);
  await expect(page).toHaveURL(/#\/document-submission\?reference=42$/);
});

test("the login sequence sends the full message, then pings with PORTALID", async ({ page }) => {
  await page.goto("/#/login");
  const gatewayRequest = page.waitForRequest((request) => request.url().endsWith("/wsg/rest"));
  const pingRequest = page.waitForRequest((request) => request.url().endsWith("/portal/wlxapp/Ping.srv"));
  await logInAs(page);
  const message = (await gatewayRequest).postDataJSON();
  expect(message).toEqual({
    schemaVersion: 1,
    Login: demoMember.username,
    Password: demoMember.password,
    ddid: {
      authorizationCode: "",
      domain: "memberportal",
      clientId: "member-portal-web",
      redirectUri: `${new URL(page.url()).origin}/`,
    },
  });
  expect((await gatewayRequest).headers()["x-xsrf-token"]).toBeTruthy();
  expect(await (await pingRequest).headerValue("cookie")).toContain("PORTALID=WSGPORTAL");
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
});

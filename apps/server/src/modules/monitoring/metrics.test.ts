import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { SI } from "../../../test-support/modules/smart-inquiry.js";
import { addMember, createTestApp, type TestApp, TestBrowser } from "../../../test-support/test-app.js";
import { inboundMails, outboxMails } from "../../db/schema.js";
import { type MetricsListener, serveMetrics, startMetricsListener } from "./metrics-listener.js";

// Prometheus scrapes /metrics on a listener of its own: request durations by route pattern and
// status, the outbox by state (read from the database at the scrape), the database pool, uploads in
// flight, failed log-ins, and Node's event-loop lag. No label holds a URL or anything personal.

/** The value of one sample of the exposition text, or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(TEST_DATABASE_KINDS)("metrics on %s", (kind) => {
  let testApp: TestApp;
  let listener: MetricsListener;
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${listener.address.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    listener = await serveMetrics(testApp.app.metrics.registry, "127.0.0.1", 0);
  });
  afterAll(async () => {
    await listener.close();
    await testApp.close();
  });

  it("times requests by route pattern and status, never by the URL asked", async () => {
    const { app } = testApp;
    for (let i = 0; i < 3; i += 1) await app.inject({ method: "GET", url: "/healthz" });
    await app.inject({ method: "GET", url: "/healthz?from=probe-42" });
    for (const reference of [700123, 700456]) {
      expect((await app.inject({ method: "GET", url: `${SI}/member-queries/${reference}` })).statusCode).toBe(
        401,
      );
    }
    await app.inject({ method: "GET", url: "/no/such/page/member-777" });
    await app.inject({ method: "GET", url: "/another/unknown-888" });

    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}'),
    ).toBe(4);
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${SI}/member-queries/:referenceNumber",status_code="401"}`,
      ),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(2);
    // A bucket series per route and status; the sum is in seconds.
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"');
    for (const asked of ["700123", "700456", "member-777", "unknown-888", "probe-42"]) {
      expect(text).not.toContain(asked);
    }
  });

  it("gives the outbox by state from the database at each scrape, and how long a due mail has waited", async () => {
    const now = new Date();
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const mail = (index: number, fields: Partial<typeof outboxMails.$inferInsert>) => ({
      kind: "QUERY_LOGGED",
      messageId: `metrics-test-${kind}-${index}@portal.test`,
      toAddresses: ["someone@example.com"],
      ccAddresses: [],
      subject: "Your query",
      html: "<p>Hello</p>",
      text: "Hello",
      createdAt: minutesAgo(30),
      nextAttemptAt: now,
      ...fields,
    });
    await testApp.database.db
      .insert(outboxMails)
      .values([
        mail(1, { status: "PENDING", attempts: 0, nextAttemptAt: minutesAgo(10) }),
        mail(2, { status: "PENDING", attempts: 0, nextAttemptAt: minutesAgo(1) }),
        mail(3, { status: "PENDING", attempts: 2, nextAttemptAt: new Date(now.getTime() + 60_000) }),
        mail(4, { status: "FAILED", attempts: 8 }),
        mail(5, { status: "SENT", attempts: 1, sentAt: minutesAgo(20) }),
      ]);
    const text = await scrape();
    expect(sample(text, 'portal_outbox_mails{state="pending"}')).toBe(2);
    expect(sample(text, 'portal_outbox_mails{state="retrying"}')).toBe(1);
    expect(sample(text, 'portal_outbox_mails{state="failed"}')).toBe(1);
    const overdue = sample(text, "portal_outbox_overdue_seconds") ?? 0;
    expect(overdue).toBeGreaterThanOrEqual(599);
    expect(overdue).toBeLessThan(700);
    expect(text).not.toContain("someone@example.com");

    // Read again at the next scrape.
    await testApp.database.db.delete(outboxMails);
    const later = await scrape();
    expect(sample(later, 'portal_outbox_mails{state="pending"}')).toBe(0);
    expect(sample(later, "portal_outbox_overdue_seconds")).toBe(0);
  });

  it("gives the unmatched mails waiting for staff, read at each scrape", async () => {
    const row = (uid: number, outcome: string) => ({
      folder: "INBOX",
      uidValidity: 1,
      uid,
      messageId: `metrics-${kind}-${uid}@mail.example`,
      receivedAt: new Date(),
      outcome,
      fromAddress: "someone@example.com",
    });
    await testApp.database.db
      .insert(inboundMails)
      .values([row(1, "UNMATCHED"), row(2, "UNMATCHED"), row(3, "UPDATE"), row(4, "DISCARDED")]);
    const text = await scrape();
    expect(sample(text, "portal_unmatched_mails")).toBe(2);
    expect(text).not.toContain("someone@example.com");
    await testApp.database.db.delete(inboundMails);
    expect(sample(await scrape(), "portal_unmatched_mails")).toBe(0);
  });

  it("counts failed log-ins by reason alone", async () => {
    const member = await addMember(testApp.database);
    const browser = new TestBrowser(testApp.app);
    expect((await browser.logIn(member.username, "not-the-password")).statusCode).toBe(401);
    expect((await browser.logIn("nobody.at.all", "not-the-password")).statusCode).toBe(401);
    expect((await browser.logIn(member.username, member.password)).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'portal_login_failures_total{reason="wrong_credentials"}')).toBe(2);
    expect(text).not.toContain(member.username);
    expect(text).not.toContain("nobody.at.all");
  });

  it("counts the support mailbox's polls by outcome, and when the last one succeeded", async () => {
    const before = Date.now() / 1000;
    testApp.app.metrics.inboundMailPolled("ok");
    testApp.app.metrics.inboundMailPolled("failed");
    testApp.app.metrics.inboundMailPolled("failed");
    const text = await scrape();
    expect(sample(text, 'portal_inbound_mail_polls_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'portal_inbound_mail_polls_total{outcome="failed"}')).toBe(2);
    expect(sample(text, "portal_inbound_mail_last_success_seconds")).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
  });

  it("says no support mailbox is read when INBOUND_IMAP_URL is not set", async () => {
    // The last success then stays 0: the alert on its age asks this gauge first.
    expect(sample(await scrape(), "portal_inbound_mail_configured")).toBe(0);
  });

  it("says how many uploads are in flight, and the database pool's connections on a server database", async () => {
    const text = await scrape();
    expect(sample(text, "portal_uploads_in_flight")).toBe(0);
    if (kind === "postgres") {
      expect(sample(text, "portal_db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "portal_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "portal_db_pool_waiting_requests")).toBe(0);
    } else {
      // The embedded database has no pool.
      expect(text).not.toContain("portal_db_pool_connections");
    }
  });

  it("answers nothing but /metrics, and is not served on the members' port", async () => {
    const other = await fetch(`http://127.0.0.1:${listener.address.port}/`);
    expect(other.status).toBe(404);
    const onMembersPort = await testApp.app.inject({ method: "GET", url: "/metrics" });
    expect(onMembersPort.statusCode).toBe(404);
    expect(onMembersPort.body).not.toContain("http_request_duration_seconds");
  });
});

describe("the support mailbox's metrics with INBOUND_IMAP_URL set", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // buildApp reads no mail (server.ts starts the poller): the setting alone is enough here.
    testApp = await createTestApp("pglite", {
      INBOUND_IMAP_URL: "imap://support:secret@127.0.0.1:1",
      SUPPORT_MAILBOX: "support@scheme.example",
    });
  });
  afterAll(async () => testApp.close());

  it("say the mailbox is read, before any poll has succeeded", async () => {
    const text = await testApp.app.metrics.registry.metrics();
    expect(sample(text, "portal_inbound_mail_configured")).toBe(1);
    expect(sample(text, "portal_inbound_mail_last_success_seconds")).toBe(0);
  });
});

describe("the metrics listener the configuration asks for", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp("pglite");
  });
  afterAll(async () => testApp.close());

  it("is off with METRICS_PORT=0", async () => {
    expect(
      await startMetricsListener(testApp.app, { METRICS_HOST: "127.0.0.1", METRICS_PORT: 0 }),
    ).toBeUndefined();
  });

  it("serves Node's event-loop lag, and is closed with the app", async () => {
    // A free port, found by asking for one.
    const probe = await serveMetrics(testApp.app.metrics.registry, "127.0.0.1", 0);
    const port = probe.address.port;
    await probe.close();
    const started = await startMetricsListener(testApp.app, {
      METRICS_HOST: "127.0.0.1",
      METRICS_PORT: port,
    });
    expect(started?.address.port).toBe(port);
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    await testApp.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

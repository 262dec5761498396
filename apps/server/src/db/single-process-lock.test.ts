import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  countQueries,
  defaultQueryFields,
  loggedInMember,
  SI,
} from "../../test-support/modules/smart-inquiry.js";
import { createTestApp } from "../../test-support/test-app.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test-support/throwaway-postgres.js";
import { pdfOfSize } from "../../test-support/upload-fixtures.js";
import { blobStoreWhile } from "../modules/storage/blob-store-guard.js";
import {
  holdSingleProcessLock,
  type SingleProcessLockEvents,
  SingleProcessLockedError,
} from "./single-process-lock.js";

// The lock against a real PostgreSQL that is restarted with pg_ctl. A small TCP proxy stands
// between the lock and the server where the test must choose when the lock may reconnect (so that
// another process can take the lock first), or must cut the client's side of a connection alone.

interface Recorded extends SingleProcessLockEvents {
  lost: number;
  regained: number;
  takenByAnother: number;
}

function recorder(): Recorded {
  const recorded: Recorded = {
    lost: 0,
    regained: 0,
    takenByAnother: 0,
    onLost: () => {
      recorded.lost += 1;
    },
    onRegained: () => {
      recorded.regained += 1;
    },
    onTakenByAnother: () => {
      recorded.takenByAnother += 1;
    },
  };
  return recorded;
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Proxy {
  url: string;
  /** New connections are closed at once (the database "is not back yet" for whoever uses the proxy). */
  refuse(): void;
  accept(): void;
  /** Ends the client's side of every connection and leaves the server's side open. */
  dropClientsOnly(): void;
  close(): Promise<void>;
}

async function tcpProxy(targetPort: number): Promise<Proxy> {
  let refusing = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; keepUpstream: boolean }>();
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, "127.0.0.1");
    const pair = { client, upstream, keepUpstream: false };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      if (!pair.keepUpstream) upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", close);
      socket.on("close", close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    refuse: () => {
      refusing = true;
    },
    accept: () => {
      refusing = false;
    },
    dropClientsOnly: () => {
      for (const pair of pairs) {
        pair.keepUpstream = true;
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.destroy();
      }
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("single-process lock across a PostgreSQL restart", () => {
  let cluster: ThrowawayPostgres;
  const cleanups: (() => Promise<unknown>)[] = [];
  const later = <T>(value: T, cleanup: (value: T) => Promise<unknown>): T => {
    cleanups.push(() => cleanup(value));
    return value;
  };
  const hold = async (url: string, events: SingleProcessLockEvents, retryMs = 100) =>
    later(await holdSingleProcessLock(url, events, { retryMs }), (lock) => lock.release());

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => cluster?.stop());

  it("is taken again after pg_ctl restart, and a second process is refused again", async () => {
    const events = recorder();
    const lock = await hold(cluster.url, events);
    expect(lock.held).toBe(true);
    await expect(holdSingleProcessLock(cluster.url, recorder())).rejects.toThrow(SingleProcessLockedError);

    cluster.restart();
    await until(() => events.lost === 1, "the lock's connection is lost");
    await until(() => lock.held, "the lock is held again");
    expect(events).toMatchObject({ lost: 1, regained: 1, takenByAnother: 0 });
    // Held for real: a second process is refused as it was before the restart.
    await expect(holdSingleProcessLock(cluster.url, recorder())).rejects.toThrow(SingleProcessLockedError);
  });

  it("answers uploads and downloads with 503 and Retry-After while the lock is not held", async () => {
    const proxy = later(await tcpProxy(cluster.port), (value) => value.close());
    const events = recorder();
    const lock = await hold(proxy.url, events);
    const testApp = later(
      await createTestApp("pglite", {}, { wrapBlobStore: (store) => blobStoreWhile(store, () => lock.held) }),
      (value) => value.close(),
    );
    const member = await loggedInMember(testApp);
    const upload = () =>
      member.browser.postMultipart(`${SI}/member-queries/query-additional-info`, defaultQueryFields, [
        pdfOfSize(2048, "invoice.pdf"),
      ]);
    const stored = await upload();
    expect(stored.statusCode).toBe(200);
    const { referenceNumber } = stored.json();
    const view = await member.browser.request({
      method: "GET",
      url: `${SI}/member-queries/${referenceNumber}?origin=MEMBER_WEB`,
    });
    const [attachment] = view.json().query.attachments;
    const download = () =>
      member.browser.request({
        method: "GET",
        url: `${SI}/member-queries/${referenceNumber}/attachments/${attachment.attachmentId}?origin=MEMBER_WEB`,
      });
    expect((await download()).statusCode).toBe(200);

    proxy.refuse();
    cluster.restart();
    await until(() => events.lost === 1, "the lock's connection is lost");
    expect(lock.held).toBe(false);
    const queriesBefore = await countQueries(testApp.database);
    for (const answer of [await upload(), await download()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        status: 503,
        exceptionCode: "SERVICE_UNAVAILABLE",
        message: expect.any(String),
      });
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await countQueries(testApp.database)).toBe(queriesBefore);

    proxy.accept();
    await until(() => lock.held, "the lock is held again");
    expect((await upload()).statusCode).toBe(200);
    const again = await download();
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.length).toBe(2048);
  });

  it("stops (its callback called, no more tries) when another process took the lock while it was away", async () => {
    const proxy = later(await tcpProxy(cluster.port), (value) => value.close());
    const events = recorder();
    const lock = await hold(proxy.url, events);
    proxy.refuse();
    cluster.restart();
    await until(() => events.lost === 1, "the lock's connection is lost");
    // Another process starts while this one cannot reach the database.
    const other = await hold(cluster.url, recorder());
    expect(other.held).toBe(true);

    proxy.accept();
    await until(() => events.takenByAnother === 1, "this process learns the lock is another's");
    expect(lock.held).toBe(false);
    await sleep(500); // five retry periods: it has stopped trying
    expect(events).toMatchObject({ lost: 1, regained: 0, takenByAnother: 1 });
    expect(other.held).toBe(true);
  });

  it("takes the lock back from its own connection's backend when only the client side was cut", async () => {
    const proxy = later(await tcpProxy(cluster.port), (value) => value.close());
    const events = recorder();
    const lock = await hold(proxy.url, events);
    // The server still holds the lock for a backend whose client is gone (a dropped network).
    proxy.dropClientsOnly();
    await until(() => events.lost === 1, "the lock's connection is lost");
    await until(() => lock.held, "the lock is held again");
    expect(events).toMatchObject({ lost: 1, regained: 1, takenByAnother: 0 });
    await expect(holdSingleProcessLock(cluster.url, recorder())).rejects.toThrow(SingleProcessLockedError);
  });
});

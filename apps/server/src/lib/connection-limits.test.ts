import http from "node:http";
import net from "node:net";
import { PassThrough } from "node:stream";
import { XSRF_COOKIE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultQueryFields, loggedInMember, SI } from "../../test-support/modules/smart-inquiry.js";
import { createTestApp, loginMessage, type TestApp } from "../../test-support/test-app.js";
import { multipartBody, pngFile } from "../../test-support/upload-fixtures.js";

// Slow and greedy clients, against a listening server (inject has no sockets).

describe("connection limits", () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await createTestApp("pglite", {
      REQUEST_TIMEOUT_SECONDS: "2",
      HEADERS_TIMEOUT_SECONDS: "1",
      IDLE_SOCKET_TIMEOUT_SECONDS: "5",
      MAX_CONNECTIONS_PER_ADDRESS: "4",
      MAX_UPLOADS_IN_FLIGHT_PER_MEMBER: "1",
    });
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => testApp.close());

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
      socket.once("error", reject);
    });
  /** Resolves with what the server sent once it closes the connection. */
  const closed = (socket: net.Socket) =>
    new Promise<string>((resolve) => {
      let received = "";
      socket.on("data", (chunk) => (received += chunk));
      socket.on("error", () => undefined);
      socket.once("close", () => resolve(received));
    });

  /** The pre-session cookies and anti-forgery token a browser gets on its first visit. */
  async function preSession() {
    // No keep-alive agent: the connection closes, and counts against no limit afterwards.
    const setCookies = await new Promise<string[]>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/wsg/session", agent: false }, (response) => {
          response.resume();
          response.once("end", () => resolve(response.headers["set-cookie"] ?? []));
        })
        .once("error", reject);
    });
    const cookies = setCookies.map((cookie) => cookie.split(";")[0] ?? "");
    const token = cookies.find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))?.split("=")[1] ?? "";
    return { cookie: cookies.join("; "), token };
  }

  const trickle = (socket: net.Socket) => setInterval(() => socket.writable && socket.write(" "), 300);

  it("cuts off a body trickled in a byte at a time with 408", async () => {
    const { cookie, token } = await preSession();
    const socket = await connect();
    const done = closed(socket);
    socket.write(
      `POST /wsg/rest HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const dripping = trickle(socket);
    const answer = await done;
    clearInterval(dripping);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes the connection when it refuses a request before reading its body", async () => {
    const socket = await connect();
    const done = closed(socket);
    socket.write(
      "POST /wsg/rest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    const dripping = trickle(socket);
    const answer = await done;
    clearInterval(dripping);
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("cuts off headers that never end", async () => {
    const socket = await connect();
    const done = closed(socket);
    socket.write("GET /wsg/session HTTP/1.1\r\nHost: localhost\r\n");
    const dripping = setInterval(() => socket.writable && socket.write("X-Slow: y\r\n"), 200);
    expect(await done).toMatch(/^HTTP\/1\.1 408/);
    clearInterval(dripping);
  });

  it("holds at most the allowed connections from one address", async () => {
    const sockets = await Promise.all(Array.from({ length: 4 }, connect));
    const extra = await connect();
    await closed(extra); // closed by the server at once
    expect(sockets.every((socket) => !socket.destroyed)).toBe(true);
    for (const socket of sockets) socket.destroy();
    // Room again once they are gone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect();
    expect(again.destroyed).toBe(false);
    again.destroy();
  });

  it("lets a member send one upload at a time, the next refused until it finishes", async () => {
    const member = await loggedInMember(testApp);
    const body = await multipartBody(defaultQueryFields, [pngFile()]);
    const slow = new PassThrough();
    const first = member.browser.request({
      method: "POST",
      url: `${SI}/member-queries/query-additional-info`,
      payload: slow,
      headers: { "content-type": body.contentType },
    });
    slow.write(body.payload.subarray(0, 100));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(
      "Your earlier submission is still being sent. Please wait until it has finished, then try again.",
    );
    slow.end(body.payload.subarray(100));
    expect((await first).statusCode).toBe(200);
    const third = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
      [pngFile()],
    );
    expect(third.statusCode).toBe(200);
  });
});

// The idle-socket timeout is for sockets with nothing to do. A request being worked on (here a
// log-in held back by its throttle, elsewhere a write waiting for a row) sends nothing while it
// waits; it had its socket cut at the idle timeout while its transaction could still commit.
describe("a request worked on for longer than the idle-socket timeout", () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await createTestApp("pglite", { IDLE_SOCKET_TIMEOUT_SECONDS: "1", LOGIN_SLOWDOWN_MS: "2500" });
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => testApp.close());

  /** A raw request on a connection of its own; resolves with its status, or the socket's error. */
  function send(path: string, headers: http.OutgoingHttpHeaders, body?: string) {
    return new Promise<{ status?: number; error?: string; headers: http.IncomingHttpHeaders }>((resolve) => {
      const request = http.request(
        { host: "127.0.0.1", port, path, method: body === undefined ? "GET" : "POST", headers, agent: false },
        (response) => {
          response.resume();
          response.once("end", () => resolve({ status: response.statusCode, headers: response.headers }));
        },
      );
      request.once("error", (error) => resolve({ error: error.message, headers: {} }));
      request.end(body);
    });
  }

  it("answers it however long it works, and still closes idle sockets", async () => {
    const first = await send("/wsg/session", {});
    const cookies = (first.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0] ?? "");
    const token = cookies.find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))?.split("=")[1] ?? "";
    const wrongPassword = () =>
      send(
        "/wsg/rest",
        { "content-type": "application/json", cookie: cookies.join("; "), "x-xsrf-token": token },
        JSON.stringify(loginMessage("nobody.here", "Not-The-Password-1!", `http://127.0.0.1:${port}/`)),
      );
    // The third wrong password in a row is held back 2.5 s before its answer.
    expect((await wrongPassword()).status).toBe(401);
    expect((await wrongPassword()).status).toBe(401);
    const started = Date.now();
    expect(await wrongPassword()).toMatchObject({ status: 401 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    const idle = await new Promise<number>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const opened = Date.now();
      socket.on("error", () => undefined);
      socket.once("close", () => resolve(Date.now() - opened));
    });
    expect(idle).toBeLessThan(10_000);
  }, 30_000);
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeCookie, setCookie } from "./cookies";
import { apiFetch, getJson, getText, HttpError, postJson, postText, setUnauthorizedHandler } from "./http";

function stubFetch(response: () => Response = () => new Response(null, { status: 204 })) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The HttpError a call rejects with; fails the test when it resolves or rejects with something else. */
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe("apiFetch anti-forgery header", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "token-123"));
  afterEach(() => removeCookie("XSRF-TOKEN"));

  const host = window.location.host;
  it.each([
    ["POST", "/wsg/rest"],
    ["PUT", "api/x"],
    ["DELETE", `//${host}/api/profile-picture`],
    ["patch", `${window.location.origin}/api/x`],
  ])("is added to %s %s (same origin)", async (method, url) => {
    const fetchMock = stubFetch();
    await apiFetch(url, { method });
    expect(sentHeaders(fetchMock).get("X-XSRF-TOKEN")).toBe("token-123");
  });

  it.each([["GET"], ["HEAD"], ["get"]])("is not added to %s", async (method) => {
    const fetchMock = stubFetch(() => new Response(null, { status: 200 }));
    await apiFetch("/api/x", { method });
    expect(sentHeaders(fetchMock).has("X-XSRF-TOKEN")).toBe(false);
  });

  it.each([
    ["//other.example/api/x"],
    ["https://other.example/api/x"],
    [`${window.location.protocol}//${window.location.hostname}:1/api/x`],
  ])("is not added for another origin: %s", async (url) => {
    const fetchMock = stubFetch();
    await apiFetch(url, { method: "POST" });
    expect(sentHeaders(fetchMock).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("sends credentials for the same origin only", async () => {
    const fetchMock = stubFetch();
    await apiFetch("/api/x", { method: "POST" });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("same-origin");
  });
});

describe("HttpError", () => {
  it("reads 'Http failure response for {url}: {status} {statusText}' and keeps the body", async () => {
    const body = { status: 404, exceptionCode: "NOT_FOUND", message: "Not here" };
    stubFetch(() => Response.json(body, { status: 404, statusText: "Not Found" }));
    const error = await rejection(getJson("/api/smart-inquiry/member-queries/7?origin=MEMBER_WEB"));
    expect(error.message).toBe(
      "Http failure response for /api/smart-inquiry/member-queries/7?origin=MEMBER_WEB: 404 Not Found",
    );
    expect(error).toMatchObject({ status: 404, statusText: "Not Found", body });
  });

  it("fills in the reason phrase when the response has none (HTTP/2)", async () => {
    stubFetch(() => new Response("oops", { status: 500 }));
    const error = await rejection(apiFetch("/x"));
    expect(error.message).toBe("Http failure response for /x: 500 Internal Server Error");
    expect(error.body).toBeUndefined();
  });

  it("turns a network failure into status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await rejection(apiFetch("/x"));
    expect(error.message).toBe("Http failure response for /x: 0 Unknown Error");
  });
});

describe("401 handling", () => {
  it("calls the registered handler on a 401", async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    stubFetch(() => new Response(null, { status: 401, statusText: "Unauthorized" }));
    await expect(getJson("/api/x")).rejects.toBeInstanceOf(HttpError);
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it("does not call it when the caller opts out, nor for other statuses", async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    stubFetch(() => new Response(null, { status: 401 }));
    await expect(postJson("/wsg/rest", {}, { redirectOnUnauthorized: false })).rejects.toThrow();
    stubFetch(() => new Response(null, { status: 403 }));
    await expect(postJson("/api/x", {})).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });
});

describe("apiFetch without an anti-forgery cookie", () => {
  afterEach(() => removeCookie("XSRF-TOKEN"));

  it("asks the session first (where the server gives one), then sends the token it got", async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === "/wsg/session") setCookie("XSRF-TOKEN", "fresh-token");
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("/wsg/rest", { method: "POST" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/wsg/session", "/wsg/rest"]);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get("X-XSRF-TOKEN")).toBe("fresh-token");
  });

  it("asks nothing first for a safe request, or for another origin", async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 200 }));
    await apiFetch("/api/x");
    await apiFetch("https://other.example/api/x", { method: "POST" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      "/api/x",
      "https://other.example/api/x",
    ]);
  });
});

describe("postJson", () => {
  beforeEach(() => setCookie("XSRF-TOKEN", "token-123"));
  afterEach(() => removeCookie("XSRF-TOKEN"));

  it("sends JSON and resolves undefined for an empty answer", async () => {
    const fetchMock = stubFetch();
    await expect(postJson("/wsg/logout", { a: 1 })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"a":1}');
    expect(sentHeaders(fetchMock).get("Content-Type")).toBe("application/json");
  });
});

describe("getText and postText", () => {
  afterEach(() => removeCookie("XSRF-TOKEN"));

  it("getText resolves the text and asks for text, unless the caller names another type", async () => {
    const fetchMock = stubFetch(() => new Response("data:image/jpeg;base64,AAAA"));
    await expect(getText("/api/member-details/profile-picture/")).resolves.toBe(
      "data:image/jpeg;base64,AAAA",
    );
    expect(sentHeaders(fetchMock).get("Accept")).toBe("text/plain, application/json");

    const htmlFetch = stubFetch(() => new Response("<p>Help</p>"));
    await getText("/site/help.html", { headers: { Accept: "text/html" } });
    expect(sentHeaders(htmlFetch).get("Accept")).toBe("text/html");
  });

  it("postText sends no body but the anti-forgery header, and resolves the text", async () => {
    setCookie("XSRF-TOKEN", "token-9");
    const fetchMock = stubFetch(() => new Response("Your order number is MC-000001."));
    await expect(postText("/api/member-details/v2/member-details/order-membership-card")).resolves.toBe(
      "Your order number is MC-000001.",
    );
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
    expect(sentHeaders(fetchMock).get("X-XSRF-TOKEN")).toBe("token-9");
  });

  it("both fail with an HttpError carrying the JSON error body, and a 401 ends the session", async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    const body = {
      status: 404,
      exceptionCode: "NOT_FOUND",
      message: "No profile picture has been uploaded.",
    };
    stubFetch(() => Response.json(body, { status: 404 }));
    const error = await rejection(getText("/api/member-details/profile-picture/"));
    expect(error).toMatchObject({ status: 404, statusText: "Not Found", body });

    stubFetch(() => new Response(null, { status: 401 }));
    await expect(postText("/api/x")).rejects.toBeInstanceOf(HttpError);
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });
});

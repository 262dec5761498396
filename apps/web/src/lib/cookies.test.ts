import { afterEach, describe, expect, it, vi } from "vitest";
import { getCookie, removeCookie, setCookie } from "./cookies";

describe("cookies", () => {
  afterEach(() => removeCookie("a"));

  it("sets, reads and removes a cookie", () => {
    setCookie("PORTALID", "WSGPORTAL", { path: "/" });
    expect(getCookie("PORTALID")).toBe("WSGPORTAL");
    expect(document.cookie).toContain("PORTALID=WSGPORTAL");
    removeCookie("PORTALID", { path: "/" });
    expect(getCookie("PORTALID")).toBeUndefined();
  });

  it("round-trips values that need encoding", () => {
    setCookie("a", "x; y=z");
    expect(getCookie("a")).toBe("x; y=z");
  });

  it("returns undefined for a missing cookie and does not match name prefixes", () => {
    setCookie("XSRF-TOKEN-OLD", "1");
    expect(getCookie("XSRF-TOKEN")).toBeUndefined();
    removeCookie("XSRF-TOKEN-OLD");
  });

  it("does not warn for a name=value of exactly 4096 bytes", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setCookie("a", "v".repeat(4096 - "a=".length));
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns for a name=value above 4096 bytes", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setCookie("a", "v".repeat(4097 - "a=".length));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("4097 bytes");
  });
});

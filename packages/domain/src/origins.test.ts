import { describe, expect, it } from "vitest";
import {
  isDefaultRouteOrigin,
  ROUTE_ORIGINS,
  SERVER_ORIGINS,
  toRouteOrigin,
  toServerOrigin,
} from "./origins.js";

describe("origins", () => {
  it("lists the route and server origins of the spec", () => {
    expect(ROUTE_ORIGINS).toEqual(["default", "medxpress"]);
    expect(SERVER_ORIGINS).toEqual(["MEMBER_WEB", "MED_XPRESS"]);
  });

  it.each([
    ["default", "MEMBER_WEB"],
    ["medxpress", "MED_XPRESS"],
    // Any origin other than the default counts as the medxpress channel.
    ["anything-else", "MED_XPRESS"],
    ["", "MED_XPRESS"],
    ["DEFAULT", "MED_XPRESS"],
  ])("maps route origin %j to %s", (routeOrigin, serverOrigin) => {
    expect(toServerOrigin(routeOrigin)).toBe(serverOrigin);
  });

  it("recognises only the exact default route origin", () => {
    expect(isDefaultRouteOrigin("default")).toBe(true);
    expect(isDefaultRouteOrigin("medxpress")).toBe(false);
    expect(isDefaultRouteOrigin("Default")).toBe(false);
  });

  it.each([
    ["MEMBER_WEB", "default"],
    ["MED_XPRESS", "medxpress"],
  ] as const)("maps server origin %s to route origin %s, and back", (serverOrigin, routeOrigin) => {
    expect(toRouteOrigin(serverOrigin)).toBe(routeOrigin);
    expect(toServerOrigin(toRouteOrigin(serverOrigin))).toBe(serverOrigin);
  });
});

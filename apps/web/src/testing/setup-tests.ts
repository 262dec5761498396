import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { removeCookie } from "../lib/cookies";
import { takeContractViolations } from "./contract-json";
import { server } from "./msw-server";

// jsdom lays nothing out. ProseMirror (the console's reply editor) measures the caret to scroll it
// into view and asks which element is under a point: both answer "nowhere" here.
if (!Range.prototype.getClientRects) {
  const noRects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const noRect = { x: 0, y: 0, top: 0, right: 0, bottom: 0, left: 0, width: 0, height: 0 };
  Range.prototype.getClientRects = () => noRects;
  Range.prototype.getBoundingClientRect = () => ({ ...noRect, toJSON: () => noRect });
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;

// findBy… and waitFor give up after 1 s by default; a lazily loaded screen (and its messages) on a
// CI machine's two busy cores, with the server's tests beside it, can take longer than that to
// appear. A test that passes waits no longer for this; only a failing one does.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen());
afterAll(() => server.close());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Cookies and the hash live on the shared jsdom document: reset them so tests stay independent.
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]?.trim();
    if (name) removeCookie(decodeURIComponent(name));
  }
  window.location.hash = "";
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(violations.join("\n\n"));
});

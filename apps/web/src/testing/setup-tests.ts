import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { removeCookie } from "../lib/cookies";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Cookies and the hash live on the shared jsdom document: reset them so tests stay independent.
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]?.trim();
    if (name) removeCookie(decodeURIComponent(name));
  }
  window.location.hash = "";
});

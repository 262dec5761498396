import { allFragmentPaths } from "@portal/domain";
import { HttpResponse, http } from "msw";

// Content fragments are HTML from the content tree (requirements §7 "Content fragments"): no JSON
// contract, so each answers a line naming its own path, which lets a test tell which one is shown.

/** What a fragment answers in tests. */
export function fragmentText(path: string): string {
  return `Fragment ${path}`;
}

/** An answer for every content fragment (jsdom runs on localhost: the preview tree). */
export function contentFragmentHandlers() {
  return allFragmentPaths().map((path) =>
    http.get(`/site/preview${path}`, () => HttpResponse.html(`<p>${fragmentText(path)}</p>`)),
  );
}

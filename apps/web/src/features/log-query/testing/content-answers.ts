import { allFragmentPaths } from "@portal/domain";

/** What a fragment answers in tests: its path, so a test can tell which one is shown. */
export function fragmentText(path: string): string {
  return `Fragment ${path}`;
}

/** fetch answers for every content fragment (jsdom runs on localhost: the preview tree). */
export function contentRoutes(): Record<string, () => Response> {
  return Object.fromEntries(
    allFragmentPaths().map((path) => [
      `GET /site/preview${path}`,
      () => new Response(`<p>${fragmentText(path)}</p>`),
    ]),
  );
}

export const MEMBER_DETAILS_ROUTE = "GET /api/member-details/v2/member-details";

export function memberDetailsAnswer(...addresses: string[]) {
  return () =>
    Response.json({
      entityNumber: 7,
      firstName: "Ada",
      lastName: "M",
      emails: addresses.map((address) => ({ address })),
    });
}

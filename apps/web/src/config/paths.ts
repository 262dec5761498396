import type { RouteOrigin } from "@portal/domain";

// Every route of requirements §2. `path` is the router pattern; `getHref` builds a router location
// (without the leading "#": the hash router adds it).

/** Any origin other than "default" counts as medxpress (requirements §1), so free text is accepted too. */
type OriginParam = RouteOrigin | (string & {});

export interface ViewQueryParams {
  reference: number | string;
  timeline: boolean | string;
}

function withQuery(pathname: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text === "" ? pathname : `${pathname}?${text}`;
}

export const paths = {
  login: {
    path: "/login",
    /**
     * redirectTo: the router location to return to after logging in. reason "expired": the
     * session ended while the member was away, and the screen says so.
     */
    getHref: (redirectTo?: string, reason?: "expired") => withQuery("/login", { redirectTo, reason }),
  },
  root: {
    path: "/",
    getHref: () => "/",
  },
  contactUs: {
    path: "/contact-us/:origin",
    getHref: (origin: OriginParam = "default") => `/contact-us/${encodeURIComponent(origin)}`,
  },
  /** Bare "update" redirects to update/default, keeping the query string. */
  updateDefault: {
    path: "/update",
  },
  update: {
    path: "/update/:origin",
    getHref: (origin: OriginParam, params: ViewQueryParams) =>
      withQuery(`/update/${encodeURIComponent(origin)}`, {
        reference: String(params.reference),
        timeline: String(params.timeline),
      }),
  },
  documentSubmission: {
    path: "/document-submission",
    getHref: (reference?: number | string) =>
      withQuery("/document-submission", {
        reference: reference === undefined ? undefined : String(reference),
      }),
  },
  /** The member's own details, cover, documents and profile picture. */
  myMembership: {
    path: "/my-membership",
    getHref: () => "/my-membership",
  },
  /** Who has seen the member's information, and a download of all of it (POPIA sections 23 and 24). */
  myData: {
    path: "/my-data",
    getHref: () => "/my-data",
  },
  /** The member's queries, their updates and replies, and their document submissions. */
  interactionTimeline: {
    path: "/interaction-timeline",
    getHref: () => "/interaction-timeline",
  },
  /** First-time registration, for people who are not logged in: prove who you are, get a mailed link. */
  register: {
    path: "/register",
    getHref: () => "/register",
  },
  /**
   * The page the mailed registration link opens: the server builds the link from the contract's
   * ACCOUNT_LINK_ROUTES (paths.test.ts holds the two together). Written out here, as importing the
   * contract would bring its schemas into the login screen's bundle.
   */
  activateAccount: {
    path: "/register/activate/:token",
    getHref: (token: string) => `/register/activate/${encodeURIComponent(token)}`,
  },
  /** A forgotten password, for people who are not logged in: ask for a mailed link. */
  forgotPassword: {
    path: "/forgot-password",
    getHref: () => "/forgot-password",
  },
  /** The page the mailed password-reset link opens (ACCOUNT_LINK_ROUTES, as above). */
  resetPassword: {
    path: "/forgot-password/reset/:token",
    getHref: (token: string) => `/forgot-password/reset/${encodeURIComponent(token)}`,
  },
  /** The staff console, for staff sessions only; its own screens live below it. */
  console: {
    path: "/console/*",
    getHref: () => "/console",
  },
} as const;

/** The page the member lands on: the root redirects to the default contact-us screen (requirements §2). */
export const HOME_HREF = paths.contactUs.getHref("default");

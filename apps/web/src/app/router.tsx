import {
  ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
  type AppConfig,
  isDefaultRouteOrigin,
  type SessionInfo,
} from "@portal/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { HashRouter, matchRoutes, type Params, type RouteObject, useLocation, useRoutes } from "react-router";
import { memberDetailsQueryOptions, memberDetailsUrl } from "../api/get-member-details";
import { contentFragmentQueryOptions } from "../components/content-fragment/get-content-fragment";
import { LoadingStatus } from "../components/spinner/spinner";
import { useAppConfig } from "../config/app-config";
import { paths } from "../config/paths";
import { sessionQueryKey } from "../features/auth/api/get-session";
import { useSessionWorkspace } from "../features/auth/hooks/use-session-workspace";
import { openQueriesQueryOptions, openQueriesUrl } from "../features/open-queries/api/get-open-queries";
import { contentUrl } from "../lib/content-url";
import { setUnauthorizedHandler } from "../lib/http";
import { AnonymousOnlyLayout } from "./routes/anonymous-only";
import { LoginRoute } from "./routes/login";
import { ProtectedLayout } from "./routes/protected";
import { RootRedirect, UpdateDefaultRedirect } from "./routes/redirects";
import { RouteErrorBoundary } from "./routes/route-error";

/** A route module loaded when first needed: each exports its screen as `Component`. */
type RouteModule = { Component: ComponentType };

/** What a member page's prefetch gets: the cache to fill, the config, and the address's parameters. */
interface PrefetchContext {
  queryClient: QueryClient;
  config: AppConfig;
  params: Params;
}

/** What a lazily loaded route keeps in its `handle`. */
interface LazyHandle {
  /** Starts the download of the route's chunk. */
  preload: () => Promise<RouteModule>;
  /**
   * Starts the calls whose answers the screen shows first, while its chunk downloads, instead of
   * once it has rendered. Only ever called for a member's session.
   */
  prefetch?: (context: PrefetchContext) => Promise<void>;
}

/**
 * The element of a route whose module loads on first use, in its own chunk. AppRoutes calls the
 * handle's preload() for every route the address matches (main.tsx already for the first
 * address), so a guarded page downloads while its guard still asks for the session, and its
 * prefetch() once the session is a member's. A screen whose chunk is already there renders at
 * once; otherwise it suspends until it is (React.lazy alone would suspend even then, and a
 * fallback shown even briefly holds the page back by React's 300 ms fallback throttle).
 */
function lazyRoute(
  load: () => Promise<RouteModule>,
  prefetch?: LazyHandle["prefetch"],
): Pick<RouteObject, "element" | "handle"> {
  let loading: Promise<RouteModule> | undefined;
  let Loaded: ComponentType | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      Loaded = module.Component;
      return module;
    });
    return loading;
  };
  // Suspends until the chunk is there; a failed download throws to RouteErrorBoundary.
  const Pending = lazy(async () => ({ default: (await preload()).Component }));
  function LazyScreen() {
    return Loaded ? <Loaded /> : <Pending />;
  }
  const handle: LazyHandle = { preload, ...(prefetch ? { prefetch } : {}) };
  return { element: <LazyScreen />, handle };
}

function lazyHandleOf(route: RouteObject): LazyHandle | undefined {
  const handle: unknown = route.handle;
  if (typeof handle !== "object" || handle === null || !("preload" in handle)) return undefined;
  return typeof handle.preload === "function" ? (handle as LazyHandle) : undefined;
}

/**
 * Contact-us shows the open queries first and the form below, whose e-mail address comes from the
 * member's details (both origins) and whose additional address has a tooltip fragment (the default
 * origin's form): none of these calls need wait for the page.
 */
async function prefetchContactUs({ queryClient, config, params }: PrefetchContext): Promise<void> {
  const origin = params.origin ?? "default";
  const defaultOrigin = isDefaultRouteOrigin(origin);
  const tooltipUrl = contentUrl(
    ADDITIONAL_EMAIL_TOOLTIP_FRAGMENT,
    window.location.hostname,
    config.contentPreviewMarker,
  );
  await Promise.all([
    defaultOrigin
      ? queryClient.prefetchQuery(openQueriesQueryOptions(openQueriesUrl(config.smartInquiryBase, origin)))
      : undefined,
    queryClient.prefetchQuery(memberDetailsQueryOptions(memberDetailsUrl(config.memberDetailsBase))),
    defaultOrigin ? queryClient.prefetchQuery(contentFragmentQueryOptions(tooltipUrl)) : undefined,
  ]);
}

/**
 * Requirements §2 routes. The login screen is in the first download, with the routing, the
 * session, the page frame and the guards; every other screen (the member pages, the account pages,
 * the staff console) comes in a chunk of its own when first needed.
 */
export const appRoutes: RouteObject[] = [
  { path: paths.login.path, element: <LoginRoute /> },
  // Getting a log-in: for people who are not logged in, outside the member pages' guard.
  {
    element: <AnonymousOnlyLayout />,
    children: [
      { path: paths.register.path, ...lazyRoute(() => import("./routes/register")) },
      { path: paths.activateAccount.path, ...lazyRoute(() => import("./routes/activate-account")) },
      { path: paths.forgotPassword.path, ...lazyRoute(() => import("./routes/forgot-password")) },
      { path: paths.resetPassword.path, ...lazyRoute(() => import("./routes/reset-password")) },
    ],
  },
  // The staff console: one lazy route tree with its own guard and chunk, outside the member pages.
  { path: paths.console.path, ...lazyRoute(() => import("./routes/console")) },
  {
    // The member pages' guard, in the first download: the page frame shows at once, and the
    // session is asked while the page's chunk downloads.
    element: <ProtectedLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: paths.contactUs.path, ...lazyRoute(() => import("./routes/contact-us"), prefetchContactUs) },
      { path: paths.updateDefault.path, element: <UpdateDefaultRedirect /> },
      { path: paths.update.path, ...lazyRoute(() => import("./routes/view-query")) },
      { path: paths.documentSubmission.path, ...lazyRoute(() => import("./routes/document-submission")) },
      { path: paths.myMembership.path, ...lazyRoute(() => import("./routes/my-membership")) },
      { path: paths.myData.path, ...lazyRoute(() => import("./routes/my-data")) },
      { path: paths.interactionTimeline.path, ...lazyRoute(() => import("./routes/interaction-timeline")) },
      // Unknown addresses (old bookmarks, typos) land on the home page.
      { path: "*", element: <RootRedirect /> },
    ],
  },
];

/**
 * Downloads the chunks of the screens an address shows (a router location: path and query, as
 * after the hash); settles once they are there, or failed (the screen then shows the failure).
 */
export async function preloadScreens(location: string): Promise<void> {
  const matches = matchRoutes(appRoutes, location) ?? [];
  await Promise.all(
    matches.map((match) =>
      lazyHandleOf(match.route)
        ?.preload()
        .catch(() => undefined),
    ),
  );
}

/** Whether a member page the address shows has calls to start before it renders (prefetchScreens). */
export function screensPrefetch(location: string): boolean {
  return (matchRoutes(appRoutes, location) ?? []).some((match) => lazyHandleOf(match.route)?.prefetch);
}

/**
 * Starts the calls whose answers the member pages an address shows need first; settles once
 * they are answered (prefetchQuery never fails: a failure stays in the cache for the page to show).
 * For a member's session only: the caller knows it is one.
 */
export async function prefetchScreens(
  location: string,
  context: Omit<PrefetchContext, "params">,
): Promise<void> {
  const matches = matchRoutes(appRoutes, location) ?? [];
  await Promise.all(
    matches.map((match) => lazyHandleOf(match.route)?.prefetch?.({ ...context, params: match.params })),
  );
}

/**
 * A 401 from any call (the session ran out) marks the session as gone; the guard then sends the
 * member to #/login?redirectTo=<the page they were on>. Every other cached answer is forgotten
 * too: whoever logs in next at this computer must never see the last member's data, not even for
 * the moment their own loads. Returns the unregister function.
 */
export function registerSessionExpiry(queryClient: QueryClient): () => void {
  return setUnauthorizedHandler(() => {
    queryClient.setQueryData<SessionInfo>(sessionQueryKey, { authenticated: false });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  });
}

/**
 * The routes below whichever router holds the location (the app's hash router; a memory router in
 * tests, which may put stand-ins before the app's own routes). A screen that fails to render or
 * to download shows RouteError until the address changes; while a screen's chunk downloads, the
 * page shown before stays (navigations are transitions), or on a first visit a spinner.
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const workspace = useSessionWorkspace();
  const location = useLocation();
  const element = useRoutes(routes, location);
  useEffect(() => registerSessionExpiry(queryClient), [queryClient]);
  useEffect(() => {
    for (const match of matchRoutes(routes, location) ?? []) {
      const handle = lazyHandleOf(match.route);
      // A failed download shows when the screen renders; here it would only be unhandled.
      handle?.preload().catch(() => {});
      if (workspace === "member") void handle?.prefetch?.({ queryClient, config, params: match.params });
    }
  }, [routes, location, workspace, queryClient, config]);
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<LoadingStatus />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The app's router: hash routing (requirements §2). */
export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}

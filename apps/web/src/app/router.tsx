import type { SessionInfo } from "@portal/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createHashRouter, type RouteObject, RouterProvider } from "react-router";
import { LoadingStatus } from "../components/spinner/spinner";
import { paths } from "../config/paths";
import { sessionQueryKey } from "../features/auth/api/get-session";
import { setUnauthorizedHandler } from "../lib/http";
import { AnonymousOnlyLayout } from "./routes/anonymous-only";
import { LoginRoute } from "./routes/login";
import { ProtectedLayout } from "./routes/protected";
import { RootRedirect, UpdateDefaultRedirect } from "./routes/redirects";
import { RouteError } from "./routes/route-error";

/** Requirements §2 routes. Member pages load lazily; login is in the first bundle. */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingStatus />,
    children: [
      { path: paths.login.path, element: <LoginRoute /> },
      // Getting a log-in: for people who are not logged in, outside the member pages' guard.
      {
        element: <AnonymousOnlyLayout />,
        children: [
          { path: paths.register.path, lazy: () => import("./routes/register") },
          { path: paths.activateAccount.path, lazy: () => import("./routes/activate-account") },
          { path: paths.forgotPassword.path, lazy: () => import("./routes/forgot-password") },
          { path: paths.resetPassword.path, lazy: () => import("./routes/reset-password") },
        ],
      },
      // The staff console: one lazy route tree with its own guard and chunk, outside the member pages.
      { path: paths.console.path, lazy: () => import("./routes/console") },
      {
        element: <ProtectedLayout />,
        children: [
          { index: true, element: <RootRedirect /> },
          { path: paths.contactUs.path, lazy: () => import("./routes/contact-us") },
          { path: paths.updateDefault.path, element: <UpdateDefaultRedirect /> },
          { path: paths.update.path, lazy: () => import("./routes/view-query") },
          { path: paths.documentSubmission.path, lazy: () => import("./routes/document-submission") },
          { path: paths.myMembership.path, lazy: () => import("./routes/my-membership") },
          { path: paths.interactionTimeline.path, lazy: () => import("./routes/interaction-timeline") },
          // Unknown addresses (old bookmarks, typos) land on the home page.
          { path: "*", element: <RootRedirect /> },
        ],
      },
    ],
  },
];

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

type AppDataRouter = ReturnType<typeof createHashRouter>;

/** `router` lets tests use a memory router; the app uses hash routing (requirements §2). */
export function AppRouter({ router: givenRouter }: { router?: AppDataRouter }) {
  const queryClient = useQueryClient();
  const [router] = useState(() => givenRouter ?? createHashRouter(appRoutes));
  useEffect(() => registerSessionExpiry(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}

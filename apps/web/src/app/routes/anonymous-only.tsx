import { Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { AppLayout } from "../../components/layouts/app-layout";
import { LoadingStatus } from "../../components/spinner/spinner";
import { useAppConfig } from "../../config/app-config";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/api/get-session";
import { useSessionWorkspace } from "../../features/auth/hooks/use-session-workspace";

/**
 * Guard for the pages of people who are not logged in (registration, a forgotten password): they
 * need no session, and someone logged in has no business there, so a member or staff session goes
 * to the root, which takes each to their own home. When the session cannot be checked the page
 * still shows: it needs none.
 */
export function AnonymousOnlyLayout() {
  const schemeName = useAppConfig().brand.name;
  const session = useSession();
  const workspace = useSessionWorkspace();
  if (workspace === "member" || workspace === "console")
    return <Navigate to={paths.root.getHref()} replace />;
  return (
    <AppLayout schemeName={schemeName}>
      {session.isPending ? (
        <LoadingStatus page />
      ) : (
        // The page's chunk downloading: the frame stays, the spinner shows in its place.
        <Suspense fallback={<LoadingStatus page />}>
          <Outlet />
        </Suspense>
      )}
    </AppLayout>
  );
}

import { Navigate, useLocation } from "react-router";
import { ErrorAlert } from "../../components/alert/alert";
import { ConsoleFrame } from "../../components/console/console-frame";
import { AppLayout } from "../../components/layouts/app-layout";
import { LoadingStatus } from "../../components/spinner/spinner";
import { useAppConfig } from "../../config/app-config";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/api/get-session";
import { LogoutButton } from "../../features/auth/components/logout-button";
import { consolePages } from "./console-pages";

/**
 * The staff console's guard, loaded lazily with the console (its own chunk, never in a member's
 * first load). Without a session: the login page, which brings staff back here. A member's
 * session: the login page too, without a way back, so no console screen or call is ever made
 * for a member. The app's own "Log out" clears every cached answer (requirements §10, staff desk).
 */
export function ConsoleRoute() {
  const schemeName = useAppConfig().brand.name;
  const location = useLocation();
  const session = useSession();

  if (session.isSuccess) {
    const current = session.data;
    if (!current.authenticated) {
      return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
    }
    if (current.workspace !== "console") return <Navigate to={paths.login.getHref()} replace />;
    return (
      <ConsoleFrame
        person={current.member}
        schemeName={schemeName}
        logoutButton={<LogoutButton />}
        pages={consolePages}
      />
    );
  }
  return (
    <AppLayout schemeName={schemeName}>
      {session.isPending ? <LoadingStatus page /> : null}
      {session.isError ? (
        <>
          <ErrorAlert>We are unable to check your login at this time. Please try again later.</ErrorAlert>
          <button type="button" className="btn btn-outline-primary" onClick={() => session.refetch()}>
            Try again
          </button>
        </>
      ) : null}
    </AppLayout>
  );
}

export { ConsoleRoute as Component };

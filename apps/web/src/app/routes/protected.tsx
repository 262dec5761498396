import { Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorAlert } from "../../components/alert/alert";
import { AppLayout } from "../../components/layouts/app-layout";
import { HeaderNavLink } from "../../components/layouts/header-nav-link";
import { layoutMessages } from "../../components/layouts/layout.messages";
import { LoadingStatus } from "../../components/spinner/spinner";
import { useAppConfig } from "../../config/app-config";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/api/get-session";
import { useKeepLanguage } from "../../features/auth/api/keep-language";
import { LogoutButton } from "../../features/auth/components/logout-button";
import { SessionKeeper } from "../../features/auth/components/session-keeper";
import { useSessionWorkspace } from "../../features/auth/hooks/use-session-workspace";
import { reconcileAccountLanguage } from "../../i18n/account-language";
import { LanguageControl } from "../../i18n/language-control";
import { useTranslate } from "../../i18n/translate";

/**
 * Guard for the member screens: asks GET /wsg/session, and sends a member without a session to
 * #/login?redirectTo=<where they were going>, so they come back here after logging in. A staff
 * session has no member screens: it goes to the console, which therefore must not sit below this.
 */
export function ProtectedLayout() {
  const schemeName = useAppConfig().brand.name;
  const location = useLocation();
  const session = useSession();
  const workspace = useSessionWorkspace();
  const { t } = useTranslate();
  const keepLanguage = useKeepLanguage();
  const member = session.data?.authenticated ? session.data.member : undefined;
  const keptLanguage = member?.language;
  const memberNumber = member?.entityNumber;
  useEffect(() => {
    if (memberNumber === undefined || workspace !== "member") return;
    // Not worth an error on the page: the language shown stays, and the next page load tries again.
    reconcileAccountLanguage(keptLanguage, keepLanguage).catch((error: unknown) =>
      console.error("Could not keep the language on the account", error),
    );
  }, [memberNumber, keptLanguage, workspace, keepLanguage]);

  if (workspace === "anonymous") {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.getHref(here === paths.root.getHref() ? undefined : here)} replace />;
  }
  if (workspace === "console") return <Navigate to={paths.console.getHref()} replace />;
  const authenticated = workspace === "member";
  return (
    <AppLayout schemeName={schemeName} headerActions={authenticated ? <MemberMenu /> : null}>
      {authenticated ? (
        // The page's chunk is normally there by now (it downloads while the session is asked);
        // if not, the frame stays and the spinner shows in its place.
        <Suspense fallback={<LoadingStatus page />}>
          <Outlet />
        </Suspense>
      ) : null}
      {session.data?.authenticated ? <SessionKeeper entityNumber={session.data.member.entityNumber} /> : null}
      {session.isPending ? <LoadingStatus page /> : null}
      {session.isError ? (
        <>
          <ErrorAlert>{t(layoutMessages.sessionCheckFailed)}</ErrorAlert>
          <button type="button" className="btn btn-outline-primary" onClick={() => session.refetch()}>
            {t(layoutMessages.tryAgain)}
          </button>
        </>
      ) : null}
    </AppLayout>
  );
}

/** The header's links and buttons for a logged-in member, in keyboard order. */
function MemberMenu() {
  const { t } = useTranslate();
  const keepLanguage = useKeepLanguage();
  return (
    <nav className="d-flex flex-wrap gap-2" aria-label={t(layoutMessages.memberMenu)}>
      <HeaderNavLink to={paths.contactUs.getHref("default")}>{t(layoutMessages.contactUs)}</HeaderNavLink>
      <HeaderNavLink to={paths.myMembership.getHref()}>{t(layoutMessages.myMembership)}</HeaderNavLink>
      <HeaderNavLink to={paths.interactionTimeline.getHref()}>
        {t(layoutMessages.interactionTimeline)}
      </HeaderNavLink>
      <HeaderNavLink to={paths.myData.getHref()}>{t(layoutMessages.myData)}</HeaderNavLink>
      <LogoutButton />
      <LanguageControl
        onChosen={(language) =>
          keepLanguage(language).catch((error: unknown) =>
            console.error("Could not keep the language", error),
          )
        }
      />
    </nav>
  );
}

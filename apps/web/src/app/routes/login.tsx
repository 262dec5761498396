import { STAFF_SIGN_IN_PATHS } from "@portal/domain";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { AppLayout } from "../../components/layouts/app-layout";
import { PageTitle } from "../../components/page-title/page-title";
import { useAppConfig } from "../../config/app-config";
import { AccountHelpLinks } from "../../features/account-access/components/account-help-links";
import { useSession } from "../../features/auth/api/get-session";
import { LoginForm, type SecondFactorStep } from "../../features/auth/components/login-form";
import { loginMessages } from "../../features/auth/login.messages";
import { landingAfterLogin, safeRedirectTo } from "../../features/auth/utils/redirect-to";
import { LanguageControl } from "../../i18n/language-control";
import { useTranslate } from "../../i18n/translate";

/** The heading of a staff log-in's second-factor step. */
export const STAFF_SIGN_IN_TITLE = "Staff sign-in";

/**
 * Login screen: on success back to the page the member wanted (?redirectTo=), else the root
 * (requirements §2). Staff log in here too and land on the console. Under the form, the ways to
 * a first log-in and to a new password.
 *
 * Someone already logged in (a bookmark, the back button) goes where a log-in would take them,
 * not to a second log-in. The form shows while the session is being checked, or when the check
 * fails: logging in needs no session, and the screen should not wait for one.
 */
export function LoginRoute() {
  const appConfig = useAppConfig();
  const schemeName = appConfig.brand.name;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const { t } = useTranslate();
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo"));
  // After a staff log-in's right password the screen is a staff one (not the member's "Member
  // login" with Register and Forgot password): a staff heading and
  // title, in English as the console is, and none of the members' links.
  const [staffStep, setStaffStep] = useState<SecondFactorStep | null>(null);
  const title = staffStep ? STAFF_SIGN_IN_TITLE : t(loginMessages.title);
  if (session.data?.authenticated) {
    return <Navigate to={landingAfterLogin(session.data, redirectTo)} replace />;
  }
  return (
    <AppLayout schemeName={schemeName} headerActions={<LanguageControl />}>
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5">
          <PageTitle>{title}</PageTitle>
          <h1 className="h3 mb-4">{title}</h1>
          {!staffStep && searchParams.get("reason") === "expired" ? (
            <div className="alert alert-info" role="status">
              {t(loginMessages.expired)}
            </div>
          ) : null}
          <LoginForm
            onSuccess={(session) => navigate(landingAfterLogin(session, redirectTo), { replace: true })}
            onSecondFactorStep={setStaffStep}
          />
          {staffStep ? null : <AccountHelpLinks />}
          {!staffStep && appConfig.staffSignIn ? (
            // A full page load: the server sends the browser on to the scheme's OpenID provider.
            <p className="mt-3">
              <a href={STAFF_SIGN_IN_PATHS.login}>{t(loginMessages.staffSignIn)}</a>
            </p>
          ) : null}
        </div>
      </div>
    </AppLayout>
  );
}

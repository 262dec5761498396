import {
  buildAuthenticationRequestMessage,
  GATEWAY_PATH,
  isSecondFactorRequired,
  type LoginAnswer,
  type LoginForm,
  PORTAL_ID_COOKIE,
  PORTAL_ID_COOKIE_VALUE,
  PORTAL_PING_PATH,
  type SecondFactorRequired,
  type SessionInfo,
  XSRF_COOKIE,
} from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getCookie, removeCookie, setCookie } from "../../../lib/cookies";
import { apiFetch } from "../../../lib/http";
import { getSession, sessionQueryKey } from "./get-session";

export interface LoginSettings {
  authDomain: string;
  authClientId: string;
}

/**
 * The login sequence of requirements §4: the gateway call, then the portal ping with PORTALID=WSGPORTAL set
 * (its result and errors ignored), then the cookie removed. Resolves with the gateway's answer, the
 * new session (whose workspace says where the person belongs). Rejects with an HttpError when the
 * gateway refuses (401 wrong credentials, 429 locked, 400 malformed). A local staff log-in may
 * answer instead that a second factor is owed (`secondFactor`): no session yet.
 */
export async function login(credentials: LoginForm, settings: LoginSettings): Promise<LoginAnswer> {
  // The gateway checks the anti-forgery token on the login POST too; any server answer sets the
  // cookie, so ask for the session first when a fresh browser has none yet.
  if (getCookie(XSRF_COOKIE) === undefined) await getSession();

  const message = buildAuthenticationRequestMessage({
    username: credentials.username,
    password: credentials.password,
    domain: settings.authDomain,
    clientId: settings.authClientId,
    redirectUri: window.location.origin + window.location.pathname,
  });
  const response = await apiFetch(GATEWAY_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(message),
    redirectOnUnauthorized: false,
  });
  const session = (await response.json()) as LoginAnswer;

  setCookie(PORTAL_ID_COOKIE, PORTAL_ID_COOKIE_VALUE, { path: "/" });
  try {
    await apiFetch(PORTAL_PING_PATH, { headers: { Accept: "text/plain" }, redirectOnUnauthorized: false });
  } catch {
    // Requirements §4: the ping's result is ignored, so a failed ping does not fail the login.
  } finally {
    removeCookie(PORTAL_ID_COOKIE, { path: "/" });
  }
  return session;
}

export function useLogin({
  onSuccess,
  onSecondFactor,
}: {
  onSuccess?: (session: SessionInfo) => void;
  /** A staff log-in's password was right, and its second factor is owed (enrolment or a code). */
  onSecondFactor?: (step: SecondFactorRequired["secondFactor"]) => void;
} = {}) {
  const config = useAppConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginForm) => login(credentials, config),
    onSuccess: (session) => {
      if (isSecondFactorRequired(session)) {
        onSecondFactor?.(session.secondFactor);
        return;
      }
      // A new member starts from nothing: no answer cached for someone else, and no cached "not
      // logged in". The gateway's answer is the new session, so the guard need not ask for it.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
      onSuccess?.(session);
    },
  });
}

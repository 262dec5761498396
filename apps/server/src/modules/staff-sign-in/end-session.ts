import * as oidc from "openid-client";
import type { AppContext } from "../../app-context.js";
import { sessionSignInMethod } from "./staff-identities.js";
import { staffSignInOf } from "./staff-sign-in.js";

/**
 * For POST /wsg/logout, before the session is deleted: where the browser goes to be signed out of
 * the scheme's provider too, for a session signed in through it when the provider publishes an
 * end_session_endpoint; else undefined (a password session, no such endpoint, the provider down).
 * After signing out there, the provider sends the browser back to PUBLIC_URL/ (register it with
 * the provider as a post-logout redirect URI).
 */
export async function staffEndSessionUrl(
  context: AppContext,
  tokenHash: string,
): Promise<string | undefined> {
  const staffSignIn = staffSignInOf(context.config);
  if (!staffSignIn) return undefined;
  if ((await sessionSignInMethod(context.db, tokenHash)) !== "oidc") return undefined;
  const { provider, settings } = staffSignIn;
  const configuration = provider.discovered() ?? (await provider.configuration().catch(() => undefined));
  if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
  return oidc.buildEndSessionUrl(configuration, {
    client_id: settings.clientId,
    post_logout_redirect_uri: `${context.config.publicUrl}/`,
  }).href;
}

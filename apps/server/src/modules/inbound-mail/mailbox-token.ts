import * as oidc from "openid-client";

// The support mailbox's access token, for a log-in by XOAUTH2 where the mail server takes no
// password (Exchange Online): obtained from the token endpoint by the client-credentials grant
// (INBOUND_IMAP_OAUTH_*; docs/decisions/0026), kept until shortly before it expires, and dropped
// when the mail server refuses it. Neither the client's secret nor a token is ever logged or put in
// an error: an error carries a code only (OAUTH_INVALID_CLIENT, OAUTH_UNREACHABLE, …).

export interface MailboxOAuthSettings {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export interface MailboxToken {
  readonly value: string;
  /** True when just obtained for this log-in, false when taken from the cache. */
  readonly fresh: boolean;
}

export interface MailboxTokenSource {
  /** A token that is not about to expire: the kept one, or a new one from the token endpoint. */
  accessToken(): Promise<MailboxToken>;
  /** The mail server refused this token (revoked, or expired early): the next log-in asks for another. */
  refused(token: MailboxToken): void;
}

/** The token endpoint did not give a token; `code` names why, never with the endpoint's own words. */
export class MailboxTokenError extends Error {
  override name = "MailboxTokenError";
  constructor(
    readonly code: string,
    readonly status?: number,
  ) {
    super(`the token endpoint gave no access token (${code})`);
  }
}

/** Seconds a request to the token endpoint may take. */
const TOKEN_TIMEOUT_SECONDS = 10;
/** A token is replaced this long before it expires (or at half its life, when that is shorter). */
const RENEW_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

/** The error's OAuth code (invalid_client, …) in capitals, or what kind of failure it was. */
function tokenErrorCode(error: unknown): MailboxTokenError {
  if (error instanceof oidc.ResponseBodyError) {
    // A registered code (RFC 6749 5.2) or the provider's own; only its characters are kept.
    const code = error.error
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "_")
      .slice(0, 30);
    return new MailboxTokenError(`OAUTH_${code || "ERROR"}`, error.status);
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    return new MailboxTokenError("OAUTH_CLIENT_REFUSED", error.status);
  }
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth += 1) {
    if (cause.name === "TimeoutError" || cause.name === "AbortError") {
      return new MailboxTokenError("OAUTH_TIMEOUT");
    }
    if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) {
      return new MailboxTokenError("OAUTH_UNREACHABLE");
    }
    cause = cause.cause;
  }
  // An answer that is not a token response (not JSON, no access_token, a 5xx page).
  return new MailboxTokenError("OAUTH_INVALID_RESPONSE");
}

export function createMailboxTokenSource(
  settings: MailboxOAuthSettings,
  now: () => number = Date.now,
): MailboxTokenSource {
  const tokenUrl = new URL(settings.tokenUrl);
  // Only the token endpoint is used: the issuer would check ID tokens, which this grant never has.
  const configuration = new oidc.Configuration(
    { issuer: tokenUrl.origin, token_endpoint: tokenUrl.href },
    settings.clientId,
    undefined,
    // The secret in the form's body, as Microsoft's and Google's token endpoints document it.
    oidc.ClientSecretPost(settings.clientSecret),
  );
  configuration.timeout = TOKEN_TIMEOUT_SECONDS;
  // http:// only on loopback (the settings refuse it elsewhere); openid-client refuses it unless told.
  if (tokenUrl.protocol === "http:") oidc.allowInsecureRequests(configuration);

  let kept: { value: string; renewAt: number } | undefined;
  let pending: Promise<MailboxToken> | undefined;

  async function obtain(): Promise<MailboxToken> {
    const obtainedAt = now();
    let response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      response = await oidc.clientCredentialsGrant(configuration, { scope: settings.scope });
    } catch (error) {
      throw tokenErrorCode(error);
    }
    const lifetimeMs = (response.expiresIn() ?? 0) * 1000;
    // A token without a lifetime is used for this log-in only.
    kept =
      lifetimeMs > 0
        ? {
            value: response.access_token,
            renewAt: obtainedAt + lifetimeMs - Math.min(RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2),
          }
        : undefined;
    return { value: response.access_token, fresh: true };
  }

  return {
    accessToken() {
      if (kept && now() < kept.renewAt) return Promise.resolve({ value: kept.value, fresh: false });
      kept = undefined;
      pending ??= obtain().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    refused(token) {
      if (kept?.value === token.value) kept = undefined;
    },
  };
}

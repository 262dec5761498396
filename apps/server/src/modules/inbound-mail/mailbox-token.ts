import * as oidc from "openid-client";

// The support mailbox's access token, for a log-in by XOAUTH2 where the mail server takes no
// password (docs/decisions/0026). Two ways to get one from a token endpoint: the client-credentials
// grant (INBOUND_IMAP_OAUTH_TOKEN_URL, _CLIENT_ID, _CLIENT_SECRET: Exchange Online), or a Google
// service account's signed assertion (INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: Google Workspace;
// service-account-token.ts). Either way the token is kept until shortly before it expires, and
// dropped when the mail server refuses it. Neither a secret, a key, an assertion nor a token is
// ever logged or put in an error: an error carries a code only (OAUTH_INVALID_CLIENT, …).

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
  /** The setting that says where tokens come from, for the error at start. */
  readonly endpointSetting: string;
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
export function tokenErrorCode(error: unknown): MailboxTokenError {
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

/** The token endpoint's answer, or an error openid-client threw. */
export type TokenRequest = () => Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers>;

/** openid-client's view of a token endpoint (its URL only), with `clientAuthentication` for its requests. */
export function tokenEndpoint(
  tokenUrl: string,
  clientId: string,
  clientAuthentication: oidc.ClientAuth,
): oidc.Configuration {
  const url = new URL(tokenUrl);
  // Only the token endpoint is used: the issuer would check ID tokens, which these grants never have.
  const configuration = new oidc.Configuration(
    { issuer: url.origin, token_endpoint: url.href },
    clientId,
    undefined,
    clientAuthentication,
  );
  configuration.timeout = TOKEN_TIMEOUT_SECONDS;
  // http:// only on loopback (the settings refuse it elsewhere); openid-client refuses it unless told.
  if (url.protocol === "http:") oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** Tokens of `request`, kept until shortly before they expire; one request at a time. */
export function keptTokens(
  endpointSetting: string,
  request: TokenRequest,
  now: () => number = Date.now,
): MailboxTokenSource {
  let kept: { value: string; renewAt: number } | undefined;
  let pending: Promise<MailboxToken> | undefined;

  async function obtain(): Promise<MailboxToken> {
    const obtainedAt = now();
    let response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      response = await request();
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
    endpointSetting,
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

/** Tokens by the client-credentials grant, the secret in the form's body (as Microsoft's token endpoint documents it). */
export function createMailboxTokenSource(
  settings: MailboxOAuthSettings,
  now: () => number = Date.now,
): MailboxTokenSource {
  const configuration = tokenEndpoint(
    settings.tokenUrl,
    settings.clientId,
    oidc.ClientSecretPost(settings.clientSecret),
  );
  return keptTokens(
    "INBOUND_IMAP_OAUTH_TOKEN_URL",
    () => oidc.clientCredentialsGrant(configuration, { scope: settings.scope }),
    now,
  );
}

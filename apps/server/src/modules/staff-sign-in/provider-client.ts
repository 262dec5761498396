import * as oidc from "openid-client";
import type { StaffOidcSettings } from "./settings.js";

// The provider's metadata is discovered at first use, not at start: the portal starts (and members
// log in) while the provider is down; a staff sign-in then gets a page saying so, and the next one
// tries again. Once discovered, the metadata is kept for the life of the process; openid-client
// keeps the provider's signing keys and fetches them again when a token names a key it does not hold.

/** Seconds each request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 5;

/**
 * Seconds the provider's clock may differ from ours: for the ID token's exp (openid-client) and iat
 * (checkIssuedAt; openid-client refuses only an iat far in the past, never one in the future).
 */
export const PROVIDER_CLOCK_SKEW_SECONDS = 60;

/** The provider could not be reached (or did not answer as a provider does). */
export class ProviderUnreachableError extends Error {
  override name = "ProviderUnreachableError";
}

export interface StaffProviderClient {
  /** The discovered configuration; ProviderUnreachableError when discovery fails. */
  configuration(): Promise<oidc.Configuration>;
  /** The configuration if discovery has already succeeded, without asking the provider. */
  discovered(): oidc.Configuration | undefined;
  /**
   * The configuration for a sign-in about to send the browser to the provider: discovered, and the
   * provider answering now. ProviderUnreachableError when it does not.
   */
  configurationForSignIn(): Promise<oidc.Configuration>;
}

/** Seconds the check before a sign-in waits for the provider: a browser would wait no better. */
const PROVIDER_PROBE_TIMEOUT_SECONDS = 3;

/**
 * Whether the provider answers at all (any HTTP status): its discovery document, asked again. The
 * metadata kept from the first discovery says nothing of now, and without this a provider that
 * stopped since sent the browser to a dead host and a connection error instead of the portal's page.
 */
async function probe(issuer: string): Promise<void> {
  const base = issuer.endsWith("/") ? issuer : `${issuer}/`;
  try {
    const answer = await fetch(new URL(".well-known/openid-configuration", base), {
      signal: AbortSignal.timeout(PROVIDER_PROBE_TIMEOUT_SECONDS * 1000),
      redirect: "manual",
    });
    await answer.body?.cancel();
  } catch (error) {
    throw new ProviderUnreachableError("The OpenID provider did not answer", { cause: error });
  }
}

/** http:// is accepted (settings allow it on loopback only); openid-client refuses it unless told. */
function requestOptions(settings: StaffOidcSettings) {
  const insecure = new URL(settings.issuer).protocol === "http:";
  return {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    // The ID token's signature is checked against the provider's published keys (JWKS), not taken on
    // trust from the token endpoint's TLS: openid-client skips it by default, and a token answer
    // tampered with on the way (an http:// issuer, a TLS-intercepting proxy) could name any role.
    execute: [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
  };
}

export function createStaffProviderClient(settings: StaffOidcSettings): StaffProviderClient {
  let current: oidc.Configuration | undefined;
  let pending: Promise<oidc.Configuration> | undefined;
  const client: StaffProviderClient = {
    discovered: () => current,
    async configurationForSignIn() {
      // Discovery itself proves the provider answers; only metadata already kept is checked again.
      if (!current) return client.configuration();
      await probe(settings.issuer);
      return current;
    },
    configuration() {
      if (current) return Promise.resolve(current);
      pending ??= oidc
        .discovery(
          new URL(settings.issuer),
          settings.clientId,
          { client_secret: settings.clientSecret, [oidc.clockTolerance]: PROVIDER_CLOCK_SKEW_SECONDS },
          oidc.ClientSecretBasic(settings.clientSecret),
          requestOptions(settings),
        )
        .then(
          (configuration) => {
            current = configuration;
            return configuration;
          },
          (error: unknown) => {
            throw new ProviderUnreachableError("The OpenID provider's discovery failed", { cause: error });
          },
        )
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
  return client;
}

/** The ID token was issued later than our clock allows (beyond the skew): refused as forged. */
export class IssuedInFutureError extends Error {
  override name = "IssuedInFutureError";
  readonly code = "iat_in_future";
}

/** Throws IssuedInFutureError for an ID token whose iat is past now plus the allowed skew. */
export function checkIssuedAt(claims: oidc.IDToken, now: Date): void {
  if (claims.iat > now.getTime() / 1000 + PROVIDER_CLOCK_SKEW_SECONDS) {
    throw new IssuedInFutureError("The ID token was issued in the future");
  }
}

/** True for a failure to reach the provider (refused, timed out, reset), not for an answer refused. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ProviderUnreachableError) return true;
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause; depth += 1) {
    if (cause instanceof Error) {
      if (cause.name === "TimeoutError" || cause.name === "AbortError") return true;
      if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) return true;
      const code = (cause as { code?: unknown }).code;
      if (
        typeof code === "string" &&
        /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(code)
      ) {
        return true;
      }
      cause = cause.cause;
    } else {
      break;
    }
  }
  return false;
}

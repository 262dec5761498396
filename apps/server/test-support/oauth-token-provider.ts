import { generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { decodeJwt, jwtVerify } from "jose";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";

// A real OAuth 2.0 authorisation server (oidc-provider) on loopback for the support mailbox's
// XOAUTH2 log-in, as Exchange Online's identity platform is to Exchange: the portal's client gets
// an access token by the client-credentials grant at the token endpoint, and the mail server (a
// test dovecot) asks the introspection endpoint, as a client of its own, whether a token it is
// shown is active and whose mailbox it opens. The tokens are opaque (introspection answers for
// those only). Which mailbox a client may read is the provider's to say, as a mailbox permission
// granted to an application is in Exchange: each token of the portal's client carries the
// mailbox's user as `username`, the attribute the mail server compares with the IMAP user.
//
// With `serviceAccount`, it is also Google's token endpoint to a service account with domain-wide
// delegation: the JWT bearer grant (RFC 7523) takes an assertion signed with the account's key and
// issues a token for the mailbox named by the assertion's `sub` (any user: delegation is domain-wide;
// the mail server compares the user). The assertion's signature (against the public key the test
// gave), issuer, audience (the token endpoint), subject, scope and life (an hour at most) are
// checked as Google documents them; a failure answers invalid_grant.

const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** Gmail's IMAP scope, the one a service account's assertion must ask. */
export const GMAIL_SCOPE = "https://mail.google.com/";

export interface TestServiceAccount {
  /** Its address: the assertion's issuer, and its client_id at this provider. */
  clientEmail: string;
  /** The public half of its key, which the provider checks assertions with. */
  publicKey: KeyObject;
}

export interface TestOAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface TestTokenProvider {
  /** The token endpoint, as INBOUND_IMAP_OAUTH_TOKEN_URL takes it. */
  tokenUrl: string;
  /** The introspection endpoint with the mail server's client in it (http://id:secret@host/…). */
  introspectionUrl: string;
  /** The scope the portal's client asks for (INBOUND_IMAP_OAUTH_SCOPE). */
  scope: string;
  /** The portal's client: the client-credentials grant, its secret in the request's body. */
  portal: TestOAuthClient;
  /** How many access tokens the token endpoint has issued. */
  tokensIssued(): number;
  /** Revokes an access token at the provider's revocation endpoint. */
  revoke(accessToken: string): Promise<void>;
  /** The access tokens issued, newest last (the test's own view; the portal never logs them). */
  issued: string[];
  /** The names of the fields of each jwt-bearer request, as the portal sent them. */
  bearerRequestFields: string[][];
  close(): Promise<void>;
}

export async function startTestTokenProvider(options: {
  /** The IMAP user (the mailbox) the portal's tokens open. */
  mailboxUser: string;
  /** Seconds an access token lives (oidc-provider's ClientCredentials TTL). */
  accessTokenSeconds?: number;
  /** A Google service account whose assertions the token endpoint takes. */
  serviceAccount?: TestServiceAccount;
}): Promise<TestTokenProvider> {
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-signing-key", use: "sig", alg: "RS256" };

  const portal: TestOAuthClient = {
    clientId: "portal-support-mailbox",
    clientSecret: "portal-mailbox-secret-for-tests",
  };
  const mailServer: TestOAuthClient = {
    clientId: "mail-server",
    clientSecret: "mail-server-secret-for-tests",
  };
  const scope = "https://imap.test/.default";
  const issued: string[] = [];
  const { serviceAccount } = options;
  /** The mailbox each jwt-bearer request's verified assertion acts as, for its token's `username`. */
  const subjects = new WeakMap<object, string>();
  const bearerRequestFields: string[][] = [];

  const configuration: Configuration = {
    clients: [
      {
        client_id: portal.clientId,
        client_secret: portal.clientSecret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        // As Microsoft's token endpoint documents it: the secret in the form's body.
        token_endpoint_auth_method: "client_secret_post",
      },
      {
        client_id: mailServer.clientId,
        client_secret: mailServer.clientSecret,
        grant_types: [],
        response_types: [],
        redirect_uris: [],
        // dovecot sends the id and secret of its introspection URL as HTTP Basic.
        token_endpoint_auth_method: "client_secret_basic",
      },
      ...(serviceAccount
        ? [
            {
              client_id: serviceAccount.clientEmail,
              grant_types: [JWT_BEARER_GRANT],
              response_types: [],
              redirect_uris: [],
              // Its assertion is its authentication: no secret.
              token_endpoint_auth_method: "none" as const,
            },
          ]
        : []),
    ],
    jwks: { keys: [jwk] },
    features: {
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        // Only the mail server reads what a token is (the default lets any authenticated client).
        allowedPolicy: async (_ctx, client) => client.clientId === mailServer.clientId,
      },
      revocation: { enabled: true },
      devInteractions: { enabled: false },
    },
    ttl: { ClientCredentials: options.accessTokenSeconds ?? 600 },
    async extraTokenClaims(ctx, token) {
      if (token.kind === "ClientCredentials" && token.clientId === portal.clientId) {
        return { username: options.mailboxUser };
      }
      const subject = subjects.get(ctx);
      if (token.kind === "ClientCredentials" && subject !== undefined) return { username: subject };
      return undefined;
    },
  };

  const provider = new Provider(issuer, configuration);
  const tokenUrl = `${issuer}/token`;
  if (serviceAccount) {
    provider.registerGrantType(
      JWT_BEARER_GRANT,
      async (ctx: KoaContextWithOIDC) => {
        const client = ctx.oidc.client;
        if (client?.clientId !== serviceAccount.clientEmail) throw new errors.UnauthorizedClient();
        let claims: { sub?: string; iat?: number; exp?: number; scope?: unknown };
        try {
          ({ payload: claims } = await jwtVerify(
            String(ctx.oidc.params?.assertion),
            serviceAccount.publicKey,
            {
              algorithms: ["RS256"],
              issuer: serviceAccount.clientEmail,
              audience: tokenUrl,
              requiredClaims: ["sub", "iat", "exp"],
            },
          ));
        } catch {
          throw new errors.InvalidGrant("invalid JWT signature or claims");
        }
        if ((claims.exp ?? 0) - (claims.iat ?? 0) > 3600 || !claims.sub) {
          throw new errors.InvalidGrant("the assertion must be short-lived and name a subject");
        }
        if (claims.scope !== GMAIL_SCOPE)
          throw new errors.InvalidScope("invalid scope", String(claims.scope));
        subjects.set(ctx, claims.sub);
        const token = new provider.ClientCredentials({ client, scope: GMAIL_SCOPE });
        const value = await token.save();
        ctx.body = {
          access_token: value,
          expires_in: token.expiration,
          token_type: "Bearer",
          scope: GMAIL_SCOPE,
        };
      },
      ["assertion"],
    );
  }
  provider.use(async (ctx, next) => {
    // Google names the client by the assertion's issuer; oidc-provider wants a client_id. The body
    // of a jwt-bearer request is read here and given the issuer as client_id (unverified: which
    // client only; the grant checks the signature). oidc-provider then takes the body read here
    // (it warns once that it was read before it).
    if (serviceAccount && ctx.method === "POST" && ctx.path === "/token") {
      const body = new URLSearchParams(await text(ctx.req));
      const assertion = body.get("assertion");
      if (body.get("grant_type") === JWT_BEARER_GRANT) bearerRequestFields.push([...body.keys()]);
      if (body.get("grant_type") === JWT_BEARER_GRANT && assertion && !body.has("client_id")) {
        try {
          const { iss } = decodeJwt(assertion);
          if (iss) body.set("client_id", iss);
        } catch {
          // Not a JWT: the grant refuses it.
        }
      }
      (ctx.req as { body?: string }).body = body.toString();
    }
    await next();
    const body = ctx.body as { access_token?: unknown } | undefined;
    if (ctx.path === "/token" && ctx.status === 200 && typeof body?.access_token === "string") {
      issued.push(body.access_token);
    }
  });
  handler = provider.callback();

  return {
    tokenUrl,
    introspectionUrl: `http://${mailServer.clientId}:${mailServer.clientSecret}@${issuer.slice("http://".length)}/token/introspection`,
    scope,
    portal,
    issued,
    bearerRequestFields,
    tokensIssued: () => issued.length,
    async revoke(accessToken) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        // A client may revoke its own tokens only.
        body: new URLSearchParams({
          token: accessToken,
          token_type_hint: "access_token",
          client_id: portal.clientId,
          client_secret: portal.clientSecret,
        }),
      });
      if (response.status !== 200) throw new Error(`revocation answered ${response.status}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a key file as Google gives a service account's key (the fields the portal reads, and the rest). */
export function writeServiceAccountKeyFile(
  file: string,
  account: { clientEmail: string; privateKey: KeyObject; tokenUri: string; privateKeyId?: string },
): void {
  const keyFile = {
    type: "service_account",
    project_id: "portal-tests",
    private_key_id: account.privateKeyId ?? "0123456789abcdef0123456789abcdef01234567",
    private_key: account.privateKey.export({ format: "pem", type: "pkcs8" }),
    client_email: account.clientEmail,
    client_id: "100000000000000000001",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: account.tokenUri,
    auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
    universe_domain: "googleapis.com",
  };
  fs.writeFileSync(file, JSON.stringify(keyFile, null, 2), { mode: 0o600 });
}

/** A new RSA key pair of a service account. */
export function serviceAccountKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync("rsa", { modulusLength: 2048 });
}

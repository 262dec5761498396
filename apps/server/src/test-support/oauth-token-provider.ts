import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

// A real OAuth 2.0 authorisation server (oidc-provider) on loopback for the support mailbox's
// XOAUTH2 log-in, as Exchange Online's identity platform is to Exchange: the portal's client gets
// an access token by the client-credentials grant at the token endpoint, and the mail server (a
// test dovecot) asks the introspection endpoint, as a client of its own, whether a token it is
// shown is active and whose mailbox it opens. The tokens are opaque (introspection answers for
// those only). Which mailbox a client may read is the provider's to say, as a mailbox permission
// granted to an application is in Exchange: each token of the portal's client carries the
// mailbox's user as `username`, the attribute the mail server compares with the IMAP user.

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
  close(): Promise<void>;
}

export async function startTestTokenProvider(options: {
  /** The IMAP user (the mailbox) the portal's tokens open. */
  mailboxUser: string;
  /** Seconds an access token lives (oidc-provider's ClientCredentials TTL). */
  accessTokenSeconds?: number;
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
    async extraTokenClaims(_ctx, token) {
      if (token.kind === "ClientCredentials" && token.clientId === portal.clientId) {
        return { username: options.mailboxUser };
      }
      return undefined;
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { access_token?: unknown } | undefined;
    if (ctx.path === "/token" && ctx.status === 200 && typeof body?.access_token === "string") {
      issued.push(body.access_token);
    }
  });
  handler = provider.callback();

  return {
    tokenUrl: `${issuer}/token`,
    introspectionUrl: `http://${mailServer.clientId}:${mailServer.clientSecret}@${issuer.slice("http://".length)}/token/introspection`,
    scope,
    portal,
    issued,
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

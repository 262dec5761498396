import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

// A real OpenID provider (oidc-provider) on loopback, for the staff sign-in's tests: discovery,
// published signing keys, the authorization code flow with PKCE, its own (development) login page,
// an end_session_endpoint. Its accounts carry roles, given_name and family_name. Tests can reach
// into its token endpoint's answer to swap the ID token (another audience) or set its clock back.

export interface TestAccount {
  givenName?: string;
  familyName?: string;
  name?: string;
  roles: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The portal's client; `other` is a second client of the same provider. */
  client: TestClient;
  other: TestClient;
  /** Accounts by id (the `sub`); the login page accepts any password for a known id. */
  accounts: Map<string, TestAccount>;
  /** Applied to the id_token of each token answer while set. */
  rewriteIdToken: ((idToken: string) => string) | undefined;
  /** Signs claims as the provider does (its own key): a token of the provider's, altered. */
  resign(idToken: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string;
  /** Stops answering (as a provider that is down) or answers again. */
  close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const unb64 = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

export async function startTestOidcProvider(options: {
  /** Where the portal's client is sent back to: PUBLIC_URL + /auth/staff/callback. */
  redirectUri: string;
  /** Where the provider sends the browser after signing out: PUBLIC_URL/. */
  postLogoutRedirectUri?: string;
  port?: number;
}): Promise<TestOidcProvider> {
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = "test-signing-key";
  const jwk = { ...privateKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" };
  const signingKey: KeyObject = createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" }));

  const client: TestClient = {
    clientId: "member-portal",
    clientSecret: "portal-client-secret-for-tests",
    redirectUri: options.redirectUri,
  };
  const other: TestClient = {
    clientId: "another-application",
    clientSecret: "another-client-secret-for-tests",
    redirectUri: "http://127.0.0.1:9/another/callback",
  };
  const accounts = new Map<string, TestAccount>();

  const configuration: Configuration = {
    clients: [client, other].map((each) => ({
      client_id: each.clientId,
      client_secret: each.clientSecret,
      redirect_uris: [each.redirectUri],
      post_logout_redirect_uris: options.postLogoutRedirectUri ? [options.postLogoutRedirectUri] : [],
      response_types: ["code"],
      grant_types: ["authorization_code"],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-provider-cookie-key"] },
    claims: { openid: ["sub"], profile: ["given_name", "family_name", "name", "roles"] },
    // The profile's claims (the roles among them) in the ID token itself, as the portal reads them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
            ...(account.name ? { name: account.name } : {}),
            roles: account.roles,
          };
        },
      };
    },
    // First-party clients: no consent screen, the grant is made at once.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId as string;
      const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session?.accountId });
      grant.addOIDCScope("openid profile");
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Error</title><h1>${String(out.error)}</h1>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  const state: TestOidcProvider = {
    issuer,
    client,
    other,
    accounts,
    rewriteIdToken: undefined,
    resign(idToken, change) {
      const [header, payload] = idToken.split(".");
      const claims = change(unb64(payload as string));
      const input = `${header}.${b64(claims)}`;
      return `${input}.${sign("sha256", Buffer.from(input), signingKey).toString("base64url")}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (
      ctx.path === "/token" &&
      ctx.status === 200 &&
      typeof body?.id_token === "string" &&
      state.rewriteIdToken
    ) {
      ctx.body = { ...body, id_token: state.rewriteIdToken(body.id_token) };
    }
  });
  handler = provider.callback();
  return state;
}

/** Cookies as a browser keeps them for one host: enough for the provider's login. */
class Cookies {
  private readonly values = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * What a browser does at the provider: opens the authorization address, signs in on the provider's
 * own login page as `accountId`, and follows the redirects until the provider sends it back to the
 * client. Returns that address (the client's redirect URI with code and state, or an error).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const cookies = new Cookies();
  let url = new URL(authorizationUrl);
  const providerOrigin = url.origin;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: cookies.header(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    cookies.store(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      if (url.origin !== providerOrigin) return url;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !/name="prompt" value="login"/.test(html)) {
      throw new Error(`The provider answered ${response.status}: ${html.slice(0, 300)}`);
    }
    // The provider's login page: the form posts back to the same address.
    body = new URLSearchParams({ prompt: "login", login: accountId, password: "any password" });
  }
  throw new Error("The provider did not send the browser back");
}

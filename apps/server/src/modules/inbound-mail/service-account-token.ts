import { SignJWT } from "jose";
import * as oidc from "openid-client";
import type { ServiceAccount } from "../../config/service-account-file.js";
import { keptTokens, type MailboxTokenSource, tokenEndpoint } from "./mailbox-token.js";

// The support mailbox's access token from a Google service account with domain-wide delegation
// (INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE; Google Workspace has no client-credentials grant): an
// assertion signed with the account's key (RS256, by jose) saying it acts as the mailbox's user,
// exchanged at the key file's token_uri by the JWT bearer grant (RFC 7523) through openid-client.
// The request holds the grant type and the assertion only, as Google documents it: the assertion
// is what names and authenticates the account, so no client_id or secret goes with it.

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/** An assertion's life: Google takes at most an hour, which its own client libraries ask. */
const ASSERTION_SECONDS = 60 * 60;

export interface ServiceAccountSettings {
  serviceAccount: ServiceAccount;
  /** The mailbox's user the token acts as (INBOUND_IMAP_URL's user): the assertion's sub. */
  mailboxUser: string;
  /** INBOUND_IMAP_OAUTH_SCOPE: https://mail.google.com/ for IMAP. */
  scope: string;
}

/** Adds nothing to the request: the assertion is the client's identification (RFC 7523, 3.1). */
const assertionOnly: oidc.ClientAuth = () => {};

export function createServiceAccountTokenSource(
  settings: ServiceAccountSettings,
  now: () => number = Date.now,
): MailboxTokenSource {
  const { serviceAccount, mailboxUser, scope } = settings;
  const configuration = tokenEndpoint(serviceAccount.tokenUri, serviceAccount.clientEmail, assertionOnly);

  async function assertion(): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT({ scope })
      .setProtectedHeader({
        alg: "RS256",
        typ: "JWT",
        ...(serviceAccount.privateKeyId ? { kid: serviceAccount.privateKeyId } : {}),
      })
      .setIssuer(serviceAccount.clientEmail)
      .setSubject(mailboxUser)
      .setAudience(serviceAccount.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .sign(serviceAccount.privateKey);
  }

  return keptTokens(
    "INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE",
    async () => oidc.genericGrantRequest(configuration, JWT_BEARER_GRANT, { assertion: await assertion() }),
    now,
  );
}

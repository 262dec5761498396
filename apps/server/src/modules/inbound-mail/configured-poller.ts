import type { Config } from "../../config/env.js";
import type { Db } from "../../db/database.js";
import type { BlobStore } from "../storage/index.js";
import {
  createInboundPoller,
  type InboundPoller,
  type PollerLog,
  type PollOutcome,
} from "./mailbox-poller.js";
import { createMailboxTokenSource, type MailboxTokenSource } from "./mailbox-token.js";
import { createServiceAccountTokenSource } from "./service-account-token.js";

/** The access tokens of INBOUND_IMAP_OAUTH_*, or undefined for a log-in by the URL's password. */
function mailboxTokenSource(config: Config): MailboxTokenSource | undefined {
  // loadConfig has checked that the settings of one way come together, with a URL that names its
  // user and holds no password, and has read the service account's key file.
  const {
    INBOUND_IMAP_URL: url,
    INBOUND_IMAP_OAUTH_TOKEN_URL: tokenUrl,
    INBOUND_IMAP_OAUTH_CLIENT_ID: clientId,
    INBOUND_IMAP_OAUTH_CLIENT_SECRET: clientSecret,
    INBOUND_IMAP_OAUTH_SCOPE: scope,
    inboundServiceAccount: serviceAccount,
  } = config;
  if (!url || !scope) return undefined;
  if (serviceAccount) {
    const mailboxUser = decodeURIComponent(new URL(url).username);
    return createServiceAccountTokenSource({ serviceAccount, mailboxUser, scope });
  }
  if (tokenUrl && clientId && clientSecret) {
    return createMailboxTokenSource({ tokenUrl, clientId, clientSecret, scope });
  }
  return undefined;
}

/** The poller of INBOUND_IMAP_URL, or undefined when no mailbox is set (nothing is read). */
export function inboundPollerFor(
  config: Config,
  dependencies: {
    db: Db;
    blobStore: BlobStore;
    secret: string;
    log: PollerLog;
    onPoll?: (outcome: PollOutcome) => void;
  },
): InboundPoller | undefined {
  if (!config.INBOUND_IMAP_URL || !config.SUPPORT_MAILBOX) return undefined;
  const tokens = mailboxTokenSource(config);
  return createInboundPoller({
    url: config.INBOUND_IMAP_URL,
    ...(tokens ? { tokens } : {}),
    folder: config.INBOUND_IMAP_FOLDER,
    processedFolder: config.INBOUND_IMAP_PROCESSED_FOLDER,
    intervalMs: config.INBOUND_IMAP_POLL_SECONDS * 1000,
    log: dependencies.log,
    ...(dependencies.onPoll ? { onPoll: dependencies.onPoll } : {}),
    context: {
      db: dependencies.db,
      blobStore: dependencies.blobStore,
      brand: config.brand,
      keys: { secret: dependencies.secret, supportMailbox: config.SUPPORT_MAILBOX },
      updateWindowDays: config.UPDATE_WINDOW_DAYS,
      timeZone: config.TIME_ZONE,
      config,
      now: () => new Date(),
    },
  });
}

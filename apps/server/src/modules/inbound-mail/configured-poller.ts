import type { Config } from "../../config/env.js";
import type { Db } from "../../db/database.js";
import type { BlobStore } from "../storage/index.js";
import {
  createInboundPoller,
  type InboundPoller,
  type PollerLog,
  type PollOutcome,
} from "./mailbox-poller.js";
import { createMailboxTokenSource } from "./mailbox-token.js";

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
  // loadConfig has checked that these four come together, with a URL without a password.
  const {
    INBOUND_IMAP_OAUTH_TOKEN_URL: tokenUrl,
    INBOUND_IMAP_OAUTH_CLIENT_ID: clientId,
    INBOUND_IMAP_OAUTH_CLIENT_SECRET: clientSecret,
    INBOUND_IMAP_OAUTH_SCOPE: scope,
  } = config;
  const tokens =
    tokenUrl && clientId && clientSecret && scope
      ? createMailboxTokenSource({ tokenUrl, clientId, clientSecret, scope })
      : undefined;
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
      now: () => new Date(),
    },
  });
}

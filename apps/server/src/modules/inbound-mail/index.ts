// Members' replies by e-mail (docs/decisions/0026): the support mailbox read over IMAP, each mail
// matched to its conversation and recorded once; the mails that match nothing, for staff.
export { inboundPollerFor } from "./configured-poller.js";
export { createInboundPoller, type InboundPoller } from "./mailbox-poller.js";
export type { InboundContext } from "./processing.js";
export { eraseInboundMails, purgeInboundMails } from "./retention.js";
export { unmatchedMailRoutes } from "./unmatched-mail-routes.js";

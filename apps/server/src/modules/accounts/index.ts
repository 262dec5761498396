// Registration and forgotten passwords, for people who are not logged in.

export { mailFirstPasswordLinkIn } from "./password-reset.js";
export { renewedAccountLinkMail } from "./renew-account-link.js";
export { purgeAccountTokens } from "./retention.js";
export { accountRoutes } from "./routes.js";

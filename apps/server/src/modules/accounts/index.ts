// Registration and forgotten passwords, for people who are not logged in.

export { renewedAccountLinkMail } from "./renew-account-link.js";
export { accountRoutes } from "./routes.js";

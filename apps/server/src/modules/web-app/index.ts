// The built SPA at `/`, and the portal page addresses that links point at (pages of the SPA).
export { portalPageRoutes } from "./portal-pages.js";
export { webAppRoutes } from "./routes.js";

// What the SPA reads before it renders (/app-config.json).
export { appConfigRoutes } from "./routes.js";

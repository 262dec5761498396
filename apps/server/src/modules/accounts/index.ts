// Registration and forgotten passwords, for people who are not logged in.
export { accountRoutes } from "./routes.js";

// Content service: `/site{path}` from content/, `/site/preview{path}` with content/preview/ first.
export { contentRoutes } from "./routes.js";

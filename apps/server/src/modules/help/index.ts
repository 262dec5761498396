// Help search over the published fragments (public: it holds no member data).
export { helpRoutes } from "./routes.js";

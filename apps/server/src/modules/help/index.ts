// Help search over the published fragments (public: it holds no member data).
export { createHelpSearch, type HelpSearch, type HelpSuggestion } from "./help-index.js";
export { helpRoutes } from "./routes.js";

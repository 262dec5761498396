import "./styles/bootstrap.scss";
import "./styles/app.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BootError } from "./app/boot-error";
import { AppProvider, createAppQueryClient } from "./app/provider";
import { AppRouter, prefetchScreens, preloadScreens, screensPrefetch } from "./app/router";
import { loadAppConfig } from "./config/app-config";
import { applyBrandColours } from "./config/brand-style";
import { setSchemeTimeZone } from "./config/scheme-time-zone";
import { sessionQueryOptions } from "./features/auth/api/get-session";
import { startInInitialLanguage } from "./i18n/language-choice";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

// Everything the first screen needs is asked for at once, and it renders when all has come (until
// then index.html shows its static "Loading…"): the config (the base paths and login constants,
// which nothing renders without), the session (every first screen asks it), the screen's own chunk
// (the hash router's location follows the "#") and, for a member, the calls its page shows first.
// The screen then appears whole, instead of in steps that push one another down the page.
const location = window.location.hash.slice(1) || "/";
const queryClient = createAppQueryClient();
const configLoaded = loadAppConfig();
const session = queryClient.fetchQuery(sessionQueryOptions()).catch(() => undefined);
const firstScreen = preloadScreens(location);
// The language chosen before in this browser, else the browser's, of those the installation offers:
// English at once, another once its catalogue has come (a failed download leaves English). A
// member's account may then change it (account-language.ts).
const firstLanguage = configLoaded.then(
  (config) => startInInitialLanguage(config.memberLanguages),
  () => undefined,
);
// Only a member page waits for the session; the login screen, say, shows while it is checked.
const firstData = screensPrefetch(location)
  ? Promise.all([configLoaded, session]).then(
      ([config, answer]) =>
        answer?.authenticated && answer.workspace === "member"
          ? prefetchScreens(location, { queryClient, config })
          : undefined,
      () => undefined,
    )
  : undefined;
// A slow answer holds the screen back only so long: the page then shows it loading, as it would.
const firstDataOrTimeout = Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, 1_000))]);

// The first render is a transition: React renders it in slices, so the page stays responsive while
// it builds.
Promise.all([configLoaded, firstScreen, firstDataOrTimeout, firstLanguage]).then(
  ([config]) => {
    applyBrandColours(config.brand.colours);
    setSchemeTimeZone(config.timeZone);
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProvider config={config} queryClient={queryClient}>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    console.error("Could not load /app-config.json", error);
    root.render(<BootError />);
  },
);

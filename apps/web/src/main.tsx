import "./styles/bootstrap.scss";
import "./styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BootError } from "./app/boot-error";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import { loadAppConfig } from "./config/app-config";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

// The base paths and login constants come from the server, so nothing renders before they arrive;
// until then index.html shows its static "Loading…".
loadAppConfig().then(
  (config) => {
    root.render(
      <StrictMode>
        <AppProvider config={config}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error("Could not load /app-config.json", error);
    root.render(<BootError />);
  },
);

import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { compileSourceMessagesPlugin } from "./src/i18n/build/compile-source-messages.ts";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][\w-]+)[\\/]/;
const FORM_LIBRARIES = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform[\\/][\w-]+)[\\/]/;
/** The app's own code and the shared domain package's. */
const APP_SOURCE = /[\\/](apps[\\/]web|packages[\\/]domain)[\\/]src[\\/]/;

export default defineConfig({
  // The member screens' English compiled in place; another language's PO catalogue compiled when
  // imported (docs/decisions/0033-member-languages-with-lingui.md).
  plugins: [
    compileSourceMessagesPlugin(),
    lingui({ configPath: fileURLToPath(new URL("./lingui.config.ts", import.meta.url)) }),
    react(),
  ],
  resolve: { conditions: ["source"] },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and the global functions Dart Sass is phasing out:
      // its own warnings are silenced (quietDeps), and the @import of its parts in bootstrap.scss too.
      scss: {
        quietDeps: true,
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
      },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Few chunks, each for a reason (docs/decisions/0015-first-load-budget.md): the libraries
        // every screen needs (React, the router, TanStack Query), which change only on an upgrade
        // and so stay cached across deploys; the app code of the login screen and the page frame;
        // zod with react-hook-form, which only the lazily loaded forms use; the app code the member
        // pages share; then each page's own. Fewer requests matter on a phone: each costs a round
        // trip, and a browser opens only six connections to a server.
        codeSplitting: {
          groups: [
            { name: "framework", priority: 4, test: FRAMEWORK },
            { name: "app", priority: 3, tags: ["$initial"], test: APP_SOURCE },
            { name: "forms", priority: 2, test: FORM_LIBRARIES },
            { name: "shared", priority: 1, minShareCount: 2, test: APP_SOURCE },
          ],
        },
      },
    },
  },
  server: { proxy: { "^/(wsg|portal|site|api|app-config.json)": "http://localhost:8080" } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/testing/setup-tests.ts"],
    // Beside the server's tests on two cores, a test that renders a lazily loaded screen can pass
    // Vitest's 5 s default without being wrong.
    testTimeout: 15_000,
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
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
  build: { outDir: "dist", sourcemap: true, assetsInlineLimit: 0 },
  server: { proxy: { "^/(wsg|portal|site|api|app-config.json)": "http://localhost:8080" } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/testing/setup-tests.ts"],
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["source"] },
  build: { outDir: "dist", sourcemap: true, assetsInlineLimit: 0 },
  server: { proxy: { "^/(wsg|portal|site|api|app-config.json)": "http://localhost:8080" } },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/testing/setup-tests.ts"],
  },
});

import { defineProject } from "vitest/config";

export default defineProject({
  // "source" makes @portal/domain resolve to its TypeScript, so tests need no build first.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test-support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

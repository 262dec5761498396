import { defineProject } from "vitest/config";

export default defineProject({
  // "source" makes @portal/domain resolve to its TypeScript, so tests need no build first.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["test-support/global-setup.ts"],
    // Files share a worker process: each pays no fresh start of Node, Fastify and PGlite's
    // WebAssembly (about a second each on a busy machine). Every test still opens its own
    // database, and no server test mocks modules or globals.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

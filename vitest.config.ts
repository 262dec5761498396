import { defineConfig } from "vitest/config";

// One runner for every package; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web"],
    // Vitest's default is one worker less than the cores: a single one on a 2-core CI machine.
    // Most of a server test's time is spent waiting (on PostgreSQL, on a child process, on a
    // peer's answer), so three workers share two cores well.
    maxWorkers: 3,
  },
});

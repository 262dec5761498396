import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installGracefulDrain } from "./graceful-drain.js";

// A SIGTERM always ends the process: a drain whose close fails still exits (with 1). Before, the
// drain's rejection went unhandled, the process never exited, and a second SIGTERM found it
// "draining" for ever (one was still running 18 minutes later).

describe("the drain", () => {
  it("exits, with 1, when closing the app fails", async () => {
    const app = Fastify({ logger: false });
    app.decorate("markShuttingDown", () => {});
    app.addHook("onClose", async () => {
      throw new Error("a close hook failed");
    });
    await app.ready();
    const exits: number[] = [];
    const { drain } = installGracefulDrain(app, {
      graceMs: 1_000,
      uploadsSettled: async () => {},
      exit: (code) => exits.push(code),
    });
    await drain("test").catch(() => {});
    expect(exits).toEqual([1]);
  });
});

import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "./concurrency-limit.js";

describe("createConcurrencyLimit", () => {
  it("runs at most the limit at once, the rest in order, and passes results and errors through", async () => {
    const limited = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (id: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      order.push(id);
      if (id === 3) throw new Error("task 3 failed");
      return id * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => limited(task(id))));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : "failed"))).toEqual([
      10,
      20,
      "failed",
      40,
      50,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { unavailableAnswer } from "./unavailable.js";

const failure = (fields: Record<string, unknown>) => Object.assign(new Error("x"), fields);

describe("unavailableAnswer", () => {
  it("answers a full disk with 507", () => {
    expect(unavailableAnswer(failure({ code: "ENOSPC" }))?.statusCode).toBe(507);
  });

  it("answers storage and database outages with 503 and Retry-After, also when wrapped", () => {
    for (const code of ["EROFS", "EACCES", "ECONNREFUSED", "57P01", "08006", "53300"]) {
      const answer = unavailableAnswer(failure({ cause: failure({ code }) }));
      expect({ code, status: answer?.statusCode }).toEqual({ code, status: 503 });
      expect(Number(answer?.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(unavailableAnswer(failure({ name: "TimeoutError" }))?.statusCode).toBe(503);
  });

  it("leaves every other failure to be a 500", () => {
    for (const code of ["23505", "42703", "ERR_INVALID_ARG_TYPE", undefined]) {
      expect(unavailableAnswer(failure({ code }))).toBeUndefined();
    }
  });
});

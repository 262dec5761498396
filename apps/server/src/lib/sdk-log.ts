import type { Logger } from "pino";

// What an SDK (the AWS SDK's S3 client) logs, into the portal's pino logger: its default is the
// console, whose lines are not JSON (the HTTP handler's "socket usage at capacity" warning while S3
// was down). Its debug and info are dropped; warn and error are kept, an Error by its code and
// frames only (errorForLog), a text as the SDK wrote it (the SDK's own words, no member's data).

export interface SdkLogger {
  debug(...content: unknown[]): void;
  info(...content: unknown[]): void;
  warn(...content: unknown[]): void;
  error(...content: unknown[]): void;
}

function fieldsOf(sdk: string, content: unknown[]): { fields: object; message: string } {
  const texts = content.filter((part): part is string => typeof part === "string");
  const error = content.find((part) => part instanceof Error);
  return {
    // The logger's err serializer keeps an error's code and frames, never its message.
    fields: { sdk, ...(error ? { err: error } : {}) },
    message: texts.length > 0 ? texts.join(" ").slice(0, 1000) : `${sdk} reported a problem`,
  };
}

export function sdkLoggerFor(log: Logger, sdk: string): SdkLogger {
  const say =
    (level: "warn" | "error") =>
    (...content: unknown[]) => {
      const { fields, message } = fieldsOf(sdk, content);
      log[level](fields, message);
    };
  return { debug: () => undefined, info: () => undefined, warn: say("warn"), error: say("error") };
}

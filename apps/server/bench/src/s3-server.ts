import S3rver from "s3rver";

// An S3-compatible store (s3rver, as the tests and e2e/two-nodes.spec.ts use) in a process of its
// own, for the busy hour: in the bench's process its uploads would share the event loop that times
// every call. Serves S3_DIRECTORY on 127.0.0.1 at a free port, which it prints as one JSON line.

const directory = process.env.S3_DIRECTORY;
const bucket = process.env.S3_BUCKET;
if (!directory || !bucket) throw new Error("S3_DIRECTORY and S3_BUCKET must be set");
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

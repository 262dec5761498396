import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// Large answers (a long query list, the membership card's base64, the OpenAPI document, content
// fragments) go out compressed when the client asks for it; small ones are not worth the time.
// Built assets are compressed once at build time and sent as they are (web-app/routes.ts); a
// download keeps its own bytes, as its types (PDF, images) are not compressible. Brotli at a low
// quality: on an answer made per request, its speed matters more than the last few bytes.

/** Below this, an answer is sent as it is: the header and the work cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 2048;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

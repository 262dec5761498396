// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside each text asset of dist/, made
// once at build with Node's zlib at its strongest settings, so the server sends them as they are
// (@fastify/static's preCompressed) and never compresses per request. A copy that would not be
// smaller is not written.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".txt", ".ico", ".webmanifest"]);

function filesIn(directory) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesIn(full) : [full];
  });
}

let written = 0;
let before = 0;
let afterBrotli = 0;
for (const file of filesIn(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const bytes = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (brotli.length < bytes.length) {
    fs.writeFileSync(`${file}.br`, brotli);
    written += 1;
  }
  if (gzip.length < bytes.length) {
    fs.writeFileSync(`${file}.gz`, gzip);
    written += 1;
  }
  before += bytes.length;
  afterBrotli += Math.min(brotli.length, bytes.length);
}
process.stdout.write(
  `precompressed: ${written} files written; ${(before / 1024).toFixed(1)} KiB of text assets, ${(afterBrotli / 1024).toFixed(1)} KiB with brotli\n`,
);

import fs from "node:fs";
import http from "node:http";

// The bench's baseline: node:http answering the open list's exact bytes, nothing else.
const body = fs.readFileSync(process.env.BARE_BODY ?? "");
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
    });
    response.end(body);
  })
  .listen(Number(process.env.BARE_PORT), "127.0.0.1");

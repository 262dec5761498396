import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { processLog } from "../../lib/process-log.js";
import type { BackupSummary } from "./backup-archive.js";

// The process that holds an embedded DATA_DIR (its lock) is the only one that may open its PGlite
// database. A backup while it runs is therefore taken BY it, asked over a Unix socket in DATA_DIR:
// DATA_DIR/admin.sock, mode 0600 in a 0700 directory, so only the portal's user (and root) can
// connect. Nothing listens on the network. docs/decisions/0019.
//
// The conversation: the client sends one JSON line, {"command":"backup"}; the server answers with
// frames of one type byte and a 4-byte big-endian length: "D" archive bytes, then either "K" (the
// summary as JSON: done) or "E" (a message: failed). A connection that ends without "K" is a failed
// backup, whatever arrived before.

export const ADMIN_SOCKET = "admin.sock";
/** Longer paths do not fit a Unix socket address (sun_path, 108 bytes with its NUL). */
const MAX_SOCKET_PATH_BYTES = 107;
const MAX_REQUEST_BYTES = 1024;
const FRAME_HEADER = 5;

export interface AdminCommands {
  /** Writes the archive to `output`; resolves with what it holds. */
  backup(output: Writable): Promise<BackupSummary>;
}

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

function frame(type: "D" | "K" | "E", payload: Buffer): Buffer {
  const head = Buffer.alloc(FRAME_HEADER);
  head.write(type, 0, "ascii");
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), ADMIN_SOCKET);
}

/**
 * Listens on DATA_DIR/admin.sock (the caller holds DATA_DIR's lock, so a socket file already
 * there is a dead process's, and is replaced). Null, with the reason said, when the path is too
 * long for a Unix socket: backups then need the portal stopped.
 */
export async function serveAdminSocket(
  dataDir: string,
  commands: AdminCommands,
  say: (line: string) => void = (line) => processLog.warn(line),
): Promise<AdminSocket | null> {
  const socketPath = adminSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    say(
      `${socketPath} is too long for a Unix socket: "cli backup" cannot ask this process, and needs the portal stopped.`,
    );
    return null;
  }
  await fsp.rm(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  let backupRunning = false;
  const server = net.createServer((connection) => {
    connections.add(connection);
    connection.once("close", () => connections.delete(connection));
    connection.on("error", () => connection.destroy());
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      const newline = request.indexOf("\n");
      if (newline === -1) {
        if (request.length > MAX_REQUEST_BYTES) connection.destroy();
        return;
      }
      connection.removeListener("data", onData);
      void answer(connection, request.slice(0, newline));
    };
    connection.on("data", onData);
  });
  const answer = async (connection: net.Socket, line: string) => {
    const fail = (message: string) => connection.end(frame("E", Buffer.from(message, "utf8")));
    let command: unknown;
    try {
      command = (JSON.parse(line) as { command?: unknown }).command;
    } catch {
      return fail("The request is not JSON.");
    }
    if (command !== "backup") return fail(`Unknown command ${JSON.stringify(command)}.`);
    if (backupRunning) return fail("A backup is already running in this portal: try again when it ends.");
    backupRunning = true;
    try {
      // Each chunk goes out as a frame; the next is asked for once the socket took it.
      const frames = new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (connection.destroyed) return done(new Error("The client went away."));
          connection.write(frame("D", chunk), (error) => done(error ?? null));
        },
      });
      const summary = await commands.backup(frames);
      connection.end(frame("K", Buffer.from(JSON.stringify(summary), "utf8")));
    } catch (error) {
      if (!connection.destroyed) fail(`The backup failed: ${(error as Error).message}`);
    } finally {
      backupRunning = false;
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.removeListener("error", reject);
      resolve();
    });
  });
  // The directory is 0700 already; the socket is the owner's alone too, whatever the umask.
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        // A backup still being sent is cut off: the client says it failed.
        for (const connection of connections) connection.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Why the running portal could not take the backup, worded for the operator. */
export class AdminSocketError extends Error {
  override name = "AdminSocketError";
}

/**
 * Asks the process holding `dataDir` for a backup, written to `output` (ended on success, left
 * open on failure for the caller to discard). Null when no process answers on the socket (none
 * runs, or one without it): the caller may then take DATA_DIR's lock and back up itself.
 */
export async function requestBackup(dataDir: string, output: Writable): Promise<BackupSummary | null> {
  const socketPath = adminSocketPath(dataDir);
  const connection = await new Promise<net.Socket | null>((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (["ENOENT", "ECONNREFUSED", "ENOTSOCK"].includes(error.code ?? "")) resolve(null);
      else reject(new AdminSocketError(`Cannot ask the running portal on ${socketPath} (${error.code}).`));
    });
  });
  if (!connection) return null;
  return new Promise<BackupSummary>((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    let settled = false;
    let complete = false;
    const settle = (error: Error | null, summary?: BackupSummary) => {
      if (settled) return;
      settled = true;
      connection.destroy();
      if (error) reject(error);
      else resolve(summary as BackupSummary);
    };
    connection.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= FRAME_HEADER) {
        const length = buffered.readUInt32BE(1);
        if (buffered.length < FRAME_HEADER + length) break;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const payload = buffered.subarray(FRAME_HEADER, FRAME_HEADER + length);
        buffered = buffered.subarray(FRAME_HEADER + length);
        if (type === "D") {
          // Backpressure: the portal waits while the file falls behind.
          if (!output.write(payload)) {
            connection.pause();
            output.once("drain", () => connection.resume());
          }
        } else if (type === "K") {
          complete = true;
          const summary = JSON.parse(payload.toString("utf8")) as BackupSummary;
          output.end(() => settle(null, summary));
          return;
        } else if (type === "E") {
          return settle(new AdminSocketError(payload.toString("utf8")));
        } else {
          return settle(new AdminSocketError("The running portal answered something that is not a backup."));
        }
      }
    });
    connection.once("error", (error) =>
      settle(new AdminSocketError(`The connection to the running portal failed: ${error.message}`)),
    );
    connection.once("close", () => {
      if (!complete) {
        settle(
          new AdminSocketError("The running portal closed the connection before the backup was complete."),
        );
      }
    });
    output.once("error", (error) => settle(error));
    connection.write(`${JSON.stringify({ command: "backup" })}\n`);
  });
}

import fsp from "node:fs/promises";
import path from "node:path";

// DATA_DIR holds members' data: the database, attachments, uploads in progress, mails, the session
// secret. None of it is for another local user, whatever umask the portal was started with:
// directories are 0700 and files 0600. The stores give these modes when they create; the process
// runs with umask 077 for what others create (PGlite's directories, a library's file); and PGlite,
// which gives its first files 0666 itself, has its directory tightened once it is open.

export const OWNER_ONLY_DIRECTORY = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Everything this process creates from now on is owner-only (umask 077). */
export function createOwnerOnlyFiles(): void {
  process.umask(0o077);
}

export interface Tightened {
  /** Entries that gave group or other users access, now owner-only. */
  tightened: number;
  /** Entries that could not be changed or read (another user's). */
  refused: number;
}

/**
 * Takes group and other access away from `root` and everything under it. Symbolic links are
 * neither changed nor followed: what they point to is not the portal's.
 */
export async function tightenToOwner(root: string): Promise<Tightened> {
  const result: Tightened = { tightened: 0, refused: 0 };
  const visit = async (entry: string): Promise<void> => {
    const stats = await fsp.lstat(entry).catch((error: NodeJS.ErrnoException) => {
      // Gone meanwhile (a spool file, a WAL segment), or no directory yet: nothing to tighten.
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
      throw error;
    });
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      try {
        const ownerOnly = stats.isDirectory() ? OWNER_ONLY_DIRECTORY : OWNER_ONLY_FILE;
        await fsp.chmod(entry, (stats.mode & 0o700) | ownerOnly);
        result.tightened += 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EPERM") result.refused += 1;
        else if (code !== "ENOENT") throw error;
      }
    }
    if (stats.isDirectory()) {
      const names = await fsp.readdir(entry).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "EACCES") result.refused += 1;
        else if (error.code !== "ENOENT") throw error;
        return [] as string[];
      });
      for (const name of names) await visit(path.join(entry, name));
    }
  };
  await visit(root);
  return result;
}

/**
 * At start, before anything is opened: owner-only from now on, and a DATA_DIR left open by an
 * earlier version (or another umask) tightened, said in one line.
 */
export async function secureDataDir(dataDir: string, say: (line: string) => void): Promise<Tightened> {
  createOwnerOnlyFiles();
  const result = await tightenToOwner(dataDir);
  if (result.tightened > 0) {
    say(
      `DATA_DIR ${dataDir}: ${result.tightened} entries were open to other users and are now owner-only (0700 directories, 0600 files).`,
    );
  }
  if (result.refused > 0) {
    say(
      `DATA_DIR ${dataDir}: ${result.refused} entries belong to another user and stay open to others; give them to the portal's user (chown).`,
    );
  }
  return result;
}

import { eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { profilePictures } from "../../db/schema/member-details.js";
import type { StoredPicture } from "./profile-picture-image.js";

// One person's stored profile picture. Callers pass an entity number the access service has already
// let through (access.ts): these functions do not decide who may see what.

export async function findProfilePicture(db: Db, entityNumber: number): Promise<StoredPicture | undefined> {
  const [row] = await db
    .select({ image: profilePictures.image, width: profilePictures.width, height: profilePictures.height })
    .from(profilePictures)
    .where(eq(profilePictures.entityNumber, entityNumber))
    .limit(1);
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return row && { ...row, image: Buffer.from(row.image) };
}

export async function saveProfilePicture(
  db: Queryable,
  entityNumber: number,
  picture: StoredPicture,
  at: Date,
): Promise<void> {
  const values = { image: picture.image, width: picture.width, height: picture.height, updatedAt: at };
  await db
    .insert(profilePictures)
    .values({ entityNumber, ...values })
    .onConflictDoUpdate({ target: profilePictures.entityNumber, set: values });
}

/** Whether there was a picture to remove. */
export async function deleteProfilePicture(db: Queryable, entityNumber: number): Promise<boolean> {
  const removed = await db
    .delete(profilePictures)
    .where(eq(profilePictures.entityNumber, entityNumber))
    .returning({ entityNumber: profilePictures.entityNumber });
  return removed.length > 0;
}

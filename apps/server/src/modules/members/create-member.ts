import { isValidEmail, passwordStrengthProblem, usernameProblem } from "@portal/domain";
import type { Db, Tx } from "../../db/database.js";
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from "../../lib/passwords.js";
import { findMemberByUsername, insertMember, normaliseUsername } from "./members-repository.js";

export interface CreateMemberInput {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  emails: readonly string[];
}

/** A reason the member cannot be created, worded for the operator who asked. */
export class CreateMemberError extends Error {
  override name = "CreateMemberError";
}

function problemWith(input: CreateMemberInput): string | null {
  const username = normaliseUsername(input.username);
  const badUsername = usernameProblem(username);
  if (badUsername) return badUsername;
  const weakness = passwordStrengthProblem(input.password, username);
  if (weakness) return weakness;
  if (!input.firstName.trim() || !input.lastName.trim()) return "The first name and last name are required.";
  if (input.emails.length === 0) return "At least one e-mail address is required.";
  const invalid = input.emails.find((email) => !isValidEmail(email));
  if (invalid !== undefined) return `"${invalid}" is not a valid e-mail address.`;
  return null;
}

/**
 * Creates a log-in member; the password is hashed at `passwordHashCost` (PASSWORD_HASH_COST).
 * `alsoInTransaction` runs in the transaction that inserts the member (members-repository.ts).
 */
export async function createMember(
  db: Db,
  input: CreateMemberInput,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
  alsoInTransaction?: (tx: Tx, entityNumber: number) => Promise<void>,
): Promise<number> {
  const problem = problemWith(input);
  if (problem) throw new CreateMemberError(problem);
  if (await findMemberByUsername(db, input.username)) {
    throw new CreateMemberError(
      `A member with the username "${normaliseUsername(input.username)}" already exists.`,
    );
  }
  return insertMember(
    db,
    {
      username: input.username,
      passwordHash: await hashPassword(input.password, passwordHashCost),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      emails: input.emails.map((email) => email.trim()),
    },
    alsoInTransaction,
  );
}

// Log-in rules shared by the operator's commands (member:create, staff:create) and the member's own
// registration and password reset: long, not trivially guessable, not the username.

export const MIN_PASSWORD_LENGTH = 12;

/** Each way a password can be too weak, as the member is told it. */
export const PASSWORD_PROBLEMS = {
  tooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  oneCharacter: "The password must not be a single character repeated.",
  noLetter: "The password must contain at least one letter.",
  noDigitOrSymbol: "The password must contain at least one digit or symbol.",
  containsUsername: "The password must not contain the username.",
} as const;

/** A plain-English reason the password is too weak, or null when it is acceptable. */
export function passwordStrengthProblem(password: string, username: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_PROBLEMS.tooShort;
  if (new Set(password).size === 1) return PASSWORD_PROBLEMS.oneCharacter;
  if (!/\p{L}/u.test(password)) return PASSWORD_PROBLEMS.noLetter;
  if (!/[\p{N}\p{P}\p{S}]/u.test(password)) return PASSWORD_PROBLEMS.noDigitOrSymbol;
  const trimmedUsername = username.trim().toLowerCase();
  if (trimmedUsername !== "" && password.toLowerCase().includes(trimmedUsername)) {
    return PASSWORD_PROBLEMS.containsUsername;
  }
  return null;
}

/**
 * The password rule a refusal names, or null: a page shows only sentences of its own, so it shows
 * the server's refusal of a password when it is one of these (the reset form cannot know the
 * username, so only the server can say the password contains it).
 */
export function passwordProblemIn(text: string): string | null {
  return Object.values(PASSWORD_PROBLEMS).find((problem) => text.includes(problem)) ?? null;
}

/** Stored lower-case; letters, digits and . _ @ - so an e-mail address can serve as a username. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{2,63}$/;

export const USERNAME_RULE =
  "The username must be 3 to 64 characters: letters, digits, dots, dashes, underscores or @, starting with a letter or digit.";

/**
 * Which part of USERNAME_RULE the username breaks, in plain English, or null; compared
 * case-insensitively. Each says what is wrong, not the whole rule again: the rule is the field's hint.
 */
export function usernameProblem(username: string): string | null {
  const name = username.trim().toLowerCase();
  if (USERNAME_PATTERN.test(name)) return null;
  if (name === "") return "Please choose a username.";
  const length = [...name].length;
  if (length < 3) return "The username is too short: use at least 3 characters.";
  if (length > 64) return "The username is too long: use at most 64 characters.";
  if (!/^[a-z0-9]/.test(name)) return "The username must start with a letter or a digit.";
  return "The username may hold only letters, digits, dots, dashes, underscores and @ (no spaces).";
}

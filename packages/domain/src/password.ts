// Password rule for the member-creation command: long, not trivially guessable, not the username.

export const MIN_PASSWORD_LENGTH = 12;

/** A plain-English reason the password is too weak, or null when it is acceptable. */
export function passwordStrengthProblem(password: string, username: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (new Set(password).size === 1) {
    return "The password must not be a single character repeated.";
  }
  if (!/\p{L}/u.test(password)) {
    return "The password must contain at least one letter.";
  }
  if (!/[\p{N}\p{P}\p{S}]/u.test(password)) {
    return "The password must contain at least one digit or symbol.";
  }
  const trimmedUsername = username.trim().toLowerCase();
  if (trimmedUsername !== "" && password.toLowerCase().includes(trimmedUsername)) {
    return "The password must not contain the username.";
  }
  return null;
}

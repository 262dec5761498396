import { MIN_PASSWORD_LENGTH } from "@portal/domain";

/**
 * The password rules of passwordStrengthProblem (@portal/domain), shown before the member types, so
 * the first try can pass. The password field names this list in aria-describedby.
 */
export function PasswordRules({ id }: { id: string }) {
  return (
    <div id={id} className="form-text mt-0 mb-2">
      Your password must:
      <ul className="mb-0">
        <li>be at least {MIN_PASSWORD_LENGTH} characters long,</li>
        <li>contain at least one letter,</li>
        <li>contain at least one digit or symbol,</li>
        <li>not contain your username.</li>
      </ul>
    </div>
  );
}

import { EXCEPTION_CODES, type SecondFactorEnrolment } from "@portal/domain";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { isHttpError } from "../../lib/http";
import { ErrorAlert } from "../alert/alert";
import { Spinner } from "../spinner/spinner";
import { RecoveryCodesActions } from "./recovery-codes-actions";

// The parts of a second factor a staff log-in meets twice: on the login screen after the password
// (features/auth) and in the console when it offers an authenticator app (components/console). Each
// step takes the focus to its heading, says its errors in an alert (announced at once) tied to the
// field, and works from the keyboard alone.

export interface Failure {
  message: string;
  expired: boolean;
}

export function failureOf(error: unknown): Failure {
  if (isHttpError(error) && typeof error.body?.message === "string" && error.body.message !== "") {
    return {
      message: error.body.message,
      expired: error.body.exceptionCode === EXCEPTION_CODES.SECOND_FACTOR_EXPIRED,
    };
  }
  return { message: "We could not check the code. Please try again.", expired: false };
}

export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function FailureAlert({
  failure,
  id,
  onRestart,
}: {
  failure: Failure | null;
  id: string;
  onRestart: () => void;
}) {
  return (
    <div aria-live="assertive" aria-atomic="true">
      {failure ? (
        <ErrorAlert>
          <span id={id}>{failure.message}</span>
          {failure.expired ? (
            <div className="mt-2">
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRestart}>
                Log in again
              </button>
            </div>
          ) : null}
        </ErrorAlert>
      ) : null}
    </div>
  );
}

export interface CodeFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  /** Only digits (the enrolment's first code), or a recovery code too. */
  digitsOnly: boolean;
  onCode: (code: string) => Promise<void>;
  onRestart: () => void;
}

export function CodeForm({ label, hint, submitLabel, digitsOnly, onCode, onRestart }: CodeFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (code === "") {
      setFailure({ message: "Enter the code.", expired: false });
      input.current?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      setFailure(failureOf(error));
      if (input.current) {
        input.current.value = "";
        input.current.focus();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FailureAlert failure={failure} id={errorId} onRestart={onRestart} />
      <div className="mb-3">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          name="code"
          type="text"
          autoComplete="one-time-code"
          inputMode={digitsOnly ? "numeric" : "text"}
          spellCheck={false}
          className={`form-control${failure ? " is-invalid" : ""}`}
          aria-invalid={failure ? true : undefined}
          aria-describedby={`${id}-hint${failure ? ` ${errorId}` : ""}`}
          aria-required="true"
        />
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? <Spinner size="sm" label="Checking..." className="me-2" /> : null}
        {submitLabel}
      </button>
    </form>
  );
}

export interface AuthenticatorEnrolmentProps<T extends { recoveryCodes: string[] }> {
  /** The paragraph under the heading. */
  intro: string;
  /** A new secret (the log-in's pending sign-in, or the console's session). */
  start: () => Promise<SecondFactorEnrolment>;
  /** The first code of the new authenticator: the recovery codes, shown once. */
  confirm: (code: string) => Promise<T>;
  /** "I have saved these codes". */
  onSaved: (enrolled: T) => void;
  /** Back to the username and password, when the pending sign-in expired. */
  onRestart: () => void;
}

/**
 * Setting up an authenticator app: a QR code and the secret as text, a first code, then the ten
 * recovery codes shown once. Used by the log-in's first step and by the console's offer
 * (STAFF_MFA=optional), each with its own calls.
 */
export function AuthenticatorEnrolment<T extends { recoveryCodes: string[] }>({
  intro,
  start,
  confirm,
  onSaved,
  onRestart,
}: AuthenticatorEnrolmentProps<T>) {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [startFailure, setStartFailure] = useState<Failure | null>(null);
  const [enrolled, setEnrolled] = useState<T | null>(null);
  const started = useRef(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const codesHeading = useRef<HTMLHeadingElement>(null);
  const codesList = useRef<HTMLOListElement>(null);
  const secretId = useId();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start().then(setEnrolment, (error: unknown) => setStartFailure(failureOf(error)));
  }, [start]);

  useEffect(() => {
    if (enrolled) codesHeading.current?.focus();
  }, [enrolled]);

  if (enrolled) {
    return (
      <section aria-labelledby="recovery-codes-heading">
        <h2 id="recovery-codes-heading" className="h5" tabIndex={-1} ref={codesHeading}>
          Save your recovery codes
        </h2>
        <p>
          If you lose your phone, each of these codes lets you log in once instead of a code from the app.
          Keep them somewhere safe: they are shown only now.
        </p>
        <ol className="list-unstyled font-monospace mb-3" aria-label="Recovery codes" ref={codesList}>
          {enrolled.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <RecoveryCodesActions codes={enrolled.recoveryCodes} listRef={codesList} />
        <button type="button" className="btn btn-primary" onClick={() => onSaved(enrolled)}>
          I have saved these codes
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="enrolment-heading">
      <h2 id="enrolment-heading" className="h5" tabIndex={-1} ref={heading}>
        Set up your authenticator app
      </h2>
      <p>{intro}</p>
      <FailureAlert failure={startFailure} id={`${secretId}-start-error`} onRestart={onRestart} />
      {!enrolment && !startFailure ? (
        <div role="status">
          <Spinner size="sm" label="Preparing your authenticator secret..." />
        </div>
      ) : null}
      {enrolment ? (
        <>
          <ol>
            <li>
              Scan this QR code with your authenticator app.
              <div className="my-2">
                <img
                  src={enrolment.qrCode}
                  width={200}
                  height={200}
                  alt="QR code of your authenticator secret (the same secret is written below)"
                />
              </div>
            </li>
            <li>
              If you cannot scan it, enter this key in the app instead:{" "}
              <code id={secretId} className="d-inline-block user-select-all" data-secret={enrolment.secret}>
                {grouped(enrolment.secret)}
              </code>
            </li>
            <li>Enter the six-digit code the app then shows, to confirm.</li>
          </ol>
          <CodeForm
            label="Code from the app"
            hint="Six digits; a new one every 30 seconds."
            submitLabel="Confirm"
            digitsOnly
            onCode={async (code) => setEnrolled(await confirm(code))}
            onRestart={onRestart}
          />
        </>
      ) : null}
    </section>
  );
}

/** The secret in groups of four, easier to read and type; authenticator apps ignore the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

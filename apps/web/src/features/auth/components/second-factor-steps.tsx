import type { SessionInfo } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import {
  AuthenticatorEnrolment,
  CodeForm,
  useFocusOnMount,
} from "../../../components/authenticator-enrolment/authenticator-enrolment";
import { sessionQueryKey } from "../api/get-session";
import { confirmEnrolment, sendSecondFactorCode, startEnrolment } from "../api/second-factor";

// The steps after a local staff log-in's right password: the first time, setting up an
// authenticator app (components/authenticator-enrolment) and then the ten recovery codes, shown
// once; afterwards, a code of the app or a recovery code. Loaded only when a staff log-in needs
// them (login-form.tsx), never in a member's first load.

interface StepProps {
  /** Signed in: the new session. */
  onSuccess: (session: SessionInfo) => void;
  /** Back to the username and password (the pending sign-in expired). */
  onRestart: () => void;
}

/** The new session becomes the cached one, as after a log-in: nothing of anyone else's stays. */
function useSignedIn(onSuccess: (session: SessionInfo) => void) {
  const queryClient = useQueryClient();
  return (session: SessionInfo) => {
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, session);
    onSuccess(session);
  };
}

/** An enrolled staff log-in: a code of the authenticator app, or one of the recovery codes. */
export function SecondFactorCodeStep({ onSuccess, onRestart }: StepProps) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const signedIn = useSignedIn(onSuccess);
  return (
    <section aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading" className="h5" tabIndex={-1} ref={heading}>
        Enter your sign-in code
      </h2>
      <p>Open your authenticator app and enter the six-digit code it shows for the member portal.</p>
      <CodeForm
        label="Authentication code"
        hint="The six-digit code, or one of your recovery codes if you do not have your app."
        submitLabel="Verify"
        digitsOnly={false}
        onCode={async (code) => signedIn(await sendSecondFactorCode(code))}
        onRestart={onRestart}
      />
    </section>
  );
}

/** A staff log-in's first: an authenticator app set up, confirmed with a code, and the recovery codes. */
export function SecondFactorEnrolmentStep({ onSuccess, onRestart }: StepProps) {
  const signedIn = useSignedIn(onSuccess);
  return (
    <AuthenticatorEnrolment
      intro="Staff log-ins need a second step: a code from an authenticator app on your phone."
      start={startEnrolment}
      confirm={confirmEnrolment}
      onSaved={(enrolled) => signedIn(enrolled.session)}
      onRestart={onRestart}
    />
  );
}

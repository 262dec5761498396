import type { ConsoleSecondFactorEnrolled, ConsoleSecondFactorStatus } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { consoleKeys } from "../../api/console/console-keys";
import {
  confirmConsoleEnrolment,
  postponeConsoleEnrolment,
  startConsoleEnrolment,
  useSecondFactorStatus,
} from "../../api/console/second-factor";
import { AuthenticatorEnrolment } from "../authenticator-enrolment/authenticator-enrolment";

// STAFF_MFA=optional (docs/decisions/0021): a local staff log-in signed in with its password alone, without an
// authenticator app, is offered one at the top of the console. "Not now" hides the notice, and the
// server keeps it away for some days on the log-in (not only for this browser or this visit); if
// that call fails the notice still goes for this visit. "Set up" runs the same enrolment as a
// first log-in, inside the session.

type Stage = "offer" | "enrolling" | "done" | "dismissed";

export function SecondFactorOffer() {
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>("offer");

  if (stage === "dismissed") return null;
  if (stage === "done") {
    return (
      <div className="alert alert-success" role="status">
        Your authenticator app is set up. From your next log-in, you will be asked for a code from it.
      </div>
    );
  }
  if (stage === "enrolling") {
    return (
      <div className="card mb-3">
        <div className="card-body">
          <AuthenticatorEnrolment<ConsoleSecondFactorEnrolled>
            intro="After your password, your log-in will ask for a code from an authenticator app on your phone."
            start={startConsoleEnrolment}
            confirm={confirmConsoleEnrolment}
            onSaved={() => {
              queryClient.setQueryData<ConsoleSecondFactorStatus>(consoleKeys.secondFactor, {
                enrolled: true,
                offered: false,
              });
              setStage("done");
            }}
            onRestart={() => setStage("offer")}
          />
          <button type="button" className="btn btn-link mt-2 px-0" onClick={() => setStage("offer")}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  if (!status.data?.offered) return null;
  return (
    <section
      className="alert alert-info d-flex flex-wrap align-items-center gap-2"
      aria-label="Second factor"
    >
      <p className="mb-0 me-auto">Protect your log-in with an authenticator app.</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setStage("enrolling")}>
        Set up
      </button>
      <button
        type="button"
        className="btn btn-outline-dark btn-sm"
        onClick={() => {
          setStage("dismissed");
          postponeConsoleEnrolment().then(
            (status) => queryClient.setQueryData<ConsoleSecondFactorStatus>(consoleKeys.secondFactor, status),
            () => {},
          );
        }}
      >
        Not now
      </button>
    </section>
  );
}

import {
  CONSOLE_BASE,
  CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH,
  CONSOLE_SECOND_FACTOR_ENROLMENT_PATH,
  CONSOLE_SECOND_FACTOR_NOT_NOW_PATH,
  CONSOLE_SECOND_FACTOR_PATH,
  type ConsoleSecondFactorEnrolled,
  type ConsoleSecondFactorStatus,
  type SecondFactorEnrolment,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { getJson, postJson } from "../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

// The console's offer of an authenticator app (STAFF_MFA=optional; the server's
// console/second-factor-routes.ts): only for a log-in signed in with its password and none set up.

export const SECOND_FACTOR_STATUS_URL = `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_PATH}`;

export function getSecondFactorStatus(): Promise<ConsoleSecondFactorStatus> {
  return getJson<ConsoleSecondFactorStatus>(SECOND_FACTOR_STATUS_URL, NO_STORE);
}

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: consoleKeys.secondFactor,
    queryFn: getSecondFactorStatus,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A new secret for the authenticator app, from inside the session. */
export function startConsoleEnrolment(): Promise<SecondFactorEnrolment> {
  return postJson<SecondFactorEnrolment>(`${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_ENROLMENT_PATH}`, {});
}

/** The new app's first code: the recovery codes, shown once. A wrong code is a 422. */
export function confirmConsoleEnrolment(code: string): Promise<ConsoleSecondFactorEnrolled> {
  return postJson<ConsoleSecondFactorEnrolled>(
    `${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_ENROLMENT_CONFIRM_PATH}`,
    {
      code,
    },
  );
}

/** "Not now": the server puts the offer off for some days (STAFF_MFA_NOT_NOW_DAYS), on the log-in. */
export function postponeConsoleEnrolment(): Promise<ConsoleSecondFactorStatus> {
  return postJson<ConsoleSecondFactorStatus>(`${CONSOLE_BASE}${CONSOLE_SECOND_FACTOR_NOT_NOW_PATH}`, {});
}

import { useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { useConsoleUser } from "../../../components/console/console-user";
import { LoadMore } from "../../../components/console/load-more";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage, isForbidden } from "../../../lib/console/error-message";
import { formatDateTime, personName } from "../../../lib/console/labels";
import { isHttpError } from "../../../lib/http";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { useDisableStaffAccount } from "../api/disable-staff-account";
import { useEnableStaffAccount } from "../api/enable-staff-account";
import { type StaffAccount, useStaffAccounts } from "../api/get-staff-accounts";
import { type StaffRole, useSetStaffRole } from "../api/set-staff-role";
import { AddStaffForm } from "./add-staff-form";
import { StaffRoleOptions } from "./staff-role-options";

/** How the person signs in, in words. */
function signInText(signIn: StaffAccount["signIn"]): string {
  const ways: string[] = [];
  if (signIn.identityProvider) ways.push("the scheme's identity provider");
  if (signIn.password) ways.push(signIn.authenticatorApp ? "password + authenticator app" : "password");
  return ways.length === 0 ? "No way to sign in" : ways.join(" or ");
}

function lastSignInText(account: StaffAccount): string {
  if (!account.lastSignIn) return "Never";
  const how = account.lastSignIn.method === "oidc" ? "identity provider" : "password";
  return `${formatDateTime(account.lastSignIn.at)} (${how})`;
}

/** The role in a sentence: "Thabo Ndlovu is now an information officer". */
const ROLE_WORDS: Readonly<Record<StaffRole, string>> = {
  STAFF_AGENT: "an agent",
  STAFF_SUPERVISOR: "a supervisor",
  STAFF_INFORMATION_OFFICER: "an information officer",
};

const CAPTION = "Staff log-ins, the oldest first";

const toggleId = (entityNumber: number) => `staff-toggle-${entityNumber}`;

/** A failed change in words; a 409 is the refusal of a change to one's own log-in. */
function changeError(error: Error | null, refusal: string, fallback: string): string | null {
  if (!error) return null;
  if (isHttpError(error) && error.status === 409) return refusal;
  return consoleErrorMessage(error, fallback);
}

/**
 * #/console/staff (supervisors): every staff log-in, its role, when and how it last signed in and
 * how it signs in. A supervisor disables one (after a confirmation: its sessions end at once),
 * enables it again, or gives it another role (from its next request): agent, supervisor or
 * information officer.
 */
export function StaffPage() {
  const { person } = useConsoleUser();
  const accounts = useStaffAccounts();
  const disable = useDisableStaffAccount();
  const enable = useEnableStaffAccount();
  const setRole = useSetStaffRole();
  const [done, setDone] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [roles, setRoles] = useState<Record<number, StaffRole>>({});
  const [focusAfter, setFocusAfter] = useState<number | null>(null);
  const busy = disable.isPending || enable.isPending || setRole.isPending;
  const rows = accounts.data?.pages.flatMap((page) => page.accounts) ?? [];
  // Seven columns do not fit a phone (as a table the page was 903 px wide at 390): below 768 px
  // each log-in is an entry of a list, its values one under another.
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);

  // Back to the row's Disable/Enable button once a confirmation closes.
  useEffect(() => {
    if (focusAfter === null || confirming !== null) return;
    document.getElementById(toggleId(focusAfter))?.focus();
    setFocusAfter(null);
  }, [focusAfter, confirming]);

  const resetAll = () => {
    setDone("");
    disable.reset();
    enable.reset();
    setRole.reset();
  };

  const closeConfirmation = (account: StaffAccount) => {
    setConfirming(null);
    setFocusAfter(account.entityNumber);
  };

  const confirmDisable = (account: StaffAccount) => {
    resetAll();
    disable.mutate(account.entityNumber, {
      onSuccess: () => setDone(`${personName(account)}'s log-in is disabled. Their sessions have ended.`),
      onSettled: () => closeConfirmation(account),
    });
  };

  const enableAccount = (account: StaffAccount) => {
    resetAll();
    enable.mutate(account.entityNumber, {
      onSuccess: () => setDone(`${personName(account)} can log in again.`),
    });
  };

  const saveRole = (account: StaffAccount) => {
    const role = roles[account.entityNumber] ?? account.role;
    resetAll();
    setRole.mutate(
      { entityNumber: account.entityNumber, role },
      {
        onSuccess: () =>
          setDone(`${personName(account)} is now ${ROLE_WORDS[role]}, from their next request.`),
      },
    );
  };

  const rowProps = (account: StaffAccount): StaffRowProps => ({
    account,
    isSelf: account.entityNumber === person.entityNumber,
    busy,
    role: roles[account.entityNumber] ?? account.role,
    onRoleChange: (role) => setRoles((chosen) => ({ ...chosen, [account.entityNumber]: role })),
    onSaveRole: () => saveRole(account),
    confirming: confirming === account.entityNumber,
    onDisable: () => {
      resetAll();
      setConfirming(account.entityNumber);
    },
    onConfirmDisable: () => confirmDisable(account),
    onCancelDisable: () => closeConfirmation(account),
    onEnable: () => enableAccount(account),
  });

  const error =
    changeError(
      disable.error,
      "You cannot disable your own log-in. Ask another supervisor to do it.",
      "The log-in could not be disabled. Please try again.",
    ) ??
    // Enabling has no refusal of its own: any failure is the same sentence.
    (enable.error
      ? consoleErrorMessage(enable.error, "The log-in could not be enabled. Please try again.")
      : null) ??
    changeError(
      setRole.error,
      "You cannot take away your own supervisor role. Ask another supervisor to do it.",
      "The role could not be saved. Please try again.",
    );

  return (
    <section>
      <PageHeading>Staff</PageHeading>
      {accounts.isPending ? <LoadingStatus label="Loading staff log-ins..." /> : null}
      {accounts.isError ? (
        <ErrorAlert>
          {isForbidden(accounts.error)
            ? "Only supervisors can see the staff log-ins."
            : consoleErrorMessage(accounts.error, "The staff log-ins could not be loaded. Please try again.")}
        </ErrorAlert>
      ) : null}
      <SuccessStatus className="mb-3">{done}</SuccessStatus>
      <ErrorMessage>{error}</ErrorMessage>
      {accounts.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary">No one holds a staff role.</p>
      ) : null}
      {rows.length > 0 && !wide ? (
        <ol className="list-unstyled mb-0" aria-label={CAPTION}>
          {rows.map((account) => (
            <StaffItem key={account.entityNumber} {...rowProps(account)} />
          ))}
        </ol>
      ) : null}
      {rows.length > 0 && wide ? (
        <div className="table-responsive">
          <table className="table align-middle caption-top">
            <caption>{CAPTION}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Log-in</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Signs in with</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((account) => (
                <StaffRow key={account.entityNumber} {...rowProps(account)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LoadMore query={accounts} what="staff log-ins" />
      {accounts.isSuccess ? (
        <div className="mt-4">
          <AddStaffForm
            onAdded={(sentence) => {
              resetAll();
              setDone(sentence);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}

interface StaffRowProps {
  account: StaffAccount;
  isSelf: boolean;
  busy: boolean;
  role: StaffRole;
  onRoleChange(role: StaffRole): void;
  onSaveRole(): void;
  confirming: boolean;
  onDisable(): void;
  onConfirmDisable(): void;
  onCancelDisable(): void;
  onEnable(): void;
}

/** A row's values and controls, laid out as a table row on a wide screen and as a list entry on a phone. */
function useStaffRowParts(props: StaffRowProps) {
  const { account, isSelf, busy, role, confirming } = props;
  const name = personName(account);
  const selectId = useId();
  const questionId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const heading = (
    <>
      {name}
      {isSelf ? <span className="text-body-secondary"> (you)</span> : null}
    </>
  );
  const roleControl = (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      <label htmlFor={selectId} className="visually-hidden">
        {`Role of ${name}`}
      </label>
      <select
        id={selectId}
        className="form-select form-select-sm w-auto mw-100"
        value={role}
        onChange={(event) => props.onRoleChange(event.target.value as StaffRole)}
      >
        <StaffRoleOptions />
      </select>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-label={`Save role for ${name}`}
        disabled={busy}
        onClick={props.onSaveRole}
      >
        Save role
      </button>
    </div>
  );
  const status = account.disabledAt ? `Disabled since ${formatDateTime(account.disabledAt)}` : "Active";
  const action = confirming ? (
    <div className="d-flex flex-column gap-2">
      <p id={questionId} className="mb-0">
        {`Disable ${name}'s log-in? Their sessions end at once.`}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          ref={confirmButton}
          type="button"
          className="btn btn-sm btn-danger"
          aria-describedby={questionId}
          disabled={busy}
          onClick={props.onConfirmDisable}
        >
          Disable log-in
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={busy}
          onClick={props.onCancelDisable}
        >
          Cancel
        </button>
      </div>
    </div>
  ) : account.disabledAt || !isSelf ? (
    // Enable a disabled log-in; disable another's (never one's own).
    <button
      id={toggleId(account.entityNumber)}
      type="button"
      className={`btn btn-sm ${account.disabledAt ? "btn-outline-primary" : "btn-outline-danger"}`}
      aria-label={`${account.disabledAt ? "Enable" : "Disable"} ${name}`}
      disabled={busy}
      onClick={account.disabledAt ? props.onEnable : props.onDisable}
    >
      {account.disabledAt ? "Enable" : "Disable"}
    </button>
  ) : null;
  return {
    heading,
    username: account.username ?? "—",
    roleControl,
    status,
    lastSignIn: lastSignInText(account),
    signsInWith: signInText(account.signIn),
    action,
  };
}

function StaffRow(props: StaffRowProps) {
  const parts = useStaffRowParts(props);
  return (
    <tr>
      <th scope="row">{parts.heading}</th>
      <td>{parts.username}</td>
      <td>{parts.roleControl}</td>
      <td className="text-nowrap">{parts.status}</td>
      <td className="text-nowrap">{parts.lastSignIn}</td>
      <td>{parts.signsInWith}</td>
      <td>{parts.action}</td>
    </tr>
  );
}

/** A phone's entry: the same values one under another, each named as its column heading names it. */
function StaffItem(props: StaffRowProps) {
  const parts = useStaffRowParts(props);
  const headingId = useId();
  return (
    <li className="border-top pt-2 pb-1" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2 text-break">
        {parts.heading}
      </h2>
      <dl className="mb-2">
        <dt className="small text-body-secondary fw-normal">Username</dt>
        <dd className="mb-2 text-break">{parts.username}</dd>
        <dt className="small text-body-secondary fw-normal">Role</dt>
        <dd className="mb-2">{parts.roleControl}</dd>
        <dt className="small text-body-secondary fw-normal">Log-in</dt>
        <dd className="mb-2">{parts.status}</dd>
        <dt className="small text-body-secondary fw-normal">Last sign-in</dt>
        <dd className="mb-2">{parts.lastSignIn}</dd>
        <dt className="small text-body-secondary fw-normal">Signs in with</dt>
        <dd className="mb-2">{parts.signsInWith}</dd>
      </dl>
      {parts.action ? <div className="mb-2">{parts.action}</div> : null}
    </li>
  );
}

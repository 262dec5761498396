import type { LoginForm, SessionInfo } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { Modal } from "../../../components/modal/modal";
import { useAppConfig } from "../../../config/app-config";
import { paths } from "../../../config/paths";
import { interceptUnauthorized, isHttpError, onServerAnswer } from "../../../lib/http";
import { announceSessionResumed } from "../../../lib/session-events";
import { getSession, sessionQueryKey } from "../api/get-session";
import { login } from "../api/login";
import { logout } from "../api/logout";
import { checkLoginForm } from "../utils/login-form-check";
import { LOGIN_FIELD_NAMES, LoginField, type LoginFieldName, readLoginValues } from "./login-field";

// The session ends on the server after SESSION_IDLE_MINUTES without a request. Two minutes before,
// the member is asked whether they are still there; once it has ended, they log in again in a
// dialog over the page, so whatever they typed and chose stays in the form. Meanwhile the page
// behind is hidden: the next person at this computer must not read it.

/** How long before the idle limit the warning shows. */
export const WARNING_BEFORE_END_MS = 2 * 60_000;
const CHECK_EVERY_MS = 5_000;
export const SESSION_ENDED_CLASS = "session-ended";

type Phase = "active" | "warning" | "ended";
/**
 * Why it ended, as far as this tab can tell: "idle" when no answer came for the idle limit;
 * "elsewhere" when the server refused a request sooner, which only a log-out in another tab or
 * window, or a password change (every session ends), does.
 */
export type EndReason = "idle" | "elsewhere";

export function SessionKeeper({ entityNumber }: { entityNumber: number }) {
  const { sessionIdleMinutes } = useAppConfig();
  const idleMs = sessionIdleMinutes * 60_000;
  const [phase, setPhase] = useState<Phase>("active");
  const [endReason, setEndReason] = useState<EndReason>("idle");
  const lastAnswerAt = useRef(Date.now());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const stopListening = onServerAnswer((status) => {
      if (status !== 401) lastAnswerAt.current = Date.now();
    });
    const end = (reason: EndReason) => {
      // The first reason found stands: a later refusal of an ended session says nothing new.
      setPhase((now) => {
        if (now !== "ended") setEndReason(reason);
        return "ended";
      });
    };
    const stopIntercepting = interceptUnauthorized(() =>
      end(Date.now() - lastAnswerAt.current >= idleMs - CHECK_EVERY_MS ? "idle" : "elsewhere"),
    );
    const timer = setInterval(() => {
      const idleFor = Date.now() - lastAnswerAt.current;
      if (idleFor >= idleMs) end("idle");
      else if (idleFor >= idleMs - WARNING_BEFORE_END_MS)
        setPhase((now) => (now === "active" ? "warning" : now));
    }, CHECK_EVERY_MS);
    return () => {
      stopListening();
      stopIntercepting();
      clearInterval(timer);
    };
  }, [idleMs]);

  /** Logged out for good: nothing of this member stays cached, and the login screen says why. */
  const leave = (reason?: "expired") => {
    queryClient.clear();
    queryClient.setQueryData<SessionInfo>(sessionQueryKey, { authenticated: false });
    navigate(paths.login.getHref(undefined, reason), { replace: true });
  };

  // While it has ended the page behind the dialog is hidden (app.css); the dialog sits in <body>.
  useEffect(() => {
    document.body.classList.toggle(SESSION_ENDED_CLASS, phase === "ended");
    return () => document.body.classList.remove(SESSION_ENDED_CLASS);
  }, [phase]);

  const stay = async () => {
    const session = await getSession().catch(() => undefined);
    if (session?.authenticated) setPhase("active");
    else {
      setEndReason("elsewhere");
      setPhase("ended");
    }
  };

  const loggedInAgain = (session: SessionInfo) => {
    if (session.authenticated && session.member.entityNumber === entityNumber) {
      queryClient.setQueryData(sessionQueryKey, session);
      lastAnswerAt.current = Date.now();
      setPhase("active");
      // What failed while logged out is stale now: errors go, failed reads are asked again.
      announceSessionResumed();
      void queryClient.refetchQueries({
        type: "active",
        predicate: (query) => query.state.status === "error",
      });
      return;
    }
    // Someone else logged in: the page holds another member's work, which must go. A fresh start.
    queryClient.clear();
    window.location.replace(`${window.location.pathname}#${paths.root.getHref()}`);
    window.location.reload();
  };

  return (
    <>
      <Modal
        open={phase === "warning"}
        onClose={() => void stay()}
        title="Are you still there?"
        footer={
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => void logout().finally(() => leave())}
            >
              Log out
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void stay()}>
              Stay logged in
            </button>
          </>
        }
      >
        <p className="mb-0">
          For your security, you are logged out after {sessionIdleMinutes} minutes without activity. Your
          session ends in about two minutes.
        </p>
      </Modal>
      <Modal
        open={phase === "ended"}
        onClose={() => undefined}
        dismissible={false}
        title="Your session has ended"
      >
        <ReLoginForm
          onLoggedIn={loggedInAgain}
          onLeave={() => leave("expired")}
          idleMinutes={sessionIdleMinutes}
          reason={endReason}
        />
      </Modal>
    </>
  );
}

function ReLoginForm({
  onLoggedIn,
  onLeave,
  idleMinutes,
  reason,
}: {
  onLoggedIn: (session: SessionInfo) => void;
  onLeave: () => void;
  idleMinutes: number;
  reason: EndReason;
}) {
  const config = useAppConfig();
  const [failure, setFailure] = useState<string | null>(null);
  // The rules of loginFormSchema, checked by hand (as on the login screen), so that the member pages'
  // guard, which carries this, needs no form library: the messages show once the form was sent,
  // then follow what is typed.
  const [values, setValues] = useState<LoginForm>({ username: "", password: "" });
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginFieldName, HTMLInputElement | null>>>({});
  const errors = submitted ? checkLoginForm(values).errors : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const typed = readLoginValues(event.currentTarget);
    setValues(typed);
    setSubmitted(true);
    const checked = checkLoginForm(typed);
    const firstWrong = LOGIN_FIELD_NAMES.find((name) => checked.errors[name] !== undefined);
    if (firstWrong !== undefined) {
      inputs.current[firstWrong]?.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      onLoggedIn(await login(checked.values, config));
    } catch (error) {
      setFailure(
        isHttpError(error) && error.body?.message
          ? error.body.message
          : "We could not log you in. Please try again.",
      );
    } finally {
      setSubmitting(false);
    }
  };
  const fieldProps = (name: LoginFieldName) => ({
    name,
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onCheck: (event: ChangeEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((before) => ({ ...before, [name]: value }));
    },
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>
        {reason === "idle"
          ? `You were logged out after ${idleMinutes} minutes without activity.`
          : "You were logged out: you logged out in another tab or window, or your password was changed."}{" "}
        Log in again to carry on: what you typed and the files you chose are kept.
      </p>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <LoginField label="Username" type="text" autoComplete="username" {...fieldProps("username")} />
      <LoginField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...fieldProps("password")}
      />
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={onLeave}>
          Log out instead
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Log in
        </button>
      </div>
    </form>
  );
}

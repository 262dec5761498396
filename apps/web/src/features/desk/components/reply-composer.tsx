import {
  attachmentRuleProblem,
  type CannedReplyValues,
  CONSOLE_LIMITS,
  type ConsoleReply,
  ERROR_MESSAGES,
  EXCEPTION_CODES,
  REPLY_TOO_COMPLEX_MESSAGES,
  type ThreadMessage,
} from "@portal/domain";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { consolePaths } from "../../../lib/console/console-paths";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { formatDateTime } from "../../../lib/console/labels";
import { cleanReplyHtml, replyHasText, shownReplyHtml } from "../../../lib/console/reply-html";
import { isHttpError } from "../../../lib/http";
import { useDraftSaver, useDrafts } from "../api/drafts";
import { useSendReply } from "../api/send-reply";
import { useLeaveWarning } from "../hooks/use-leave-warning";
import { useNextConversation } from "../utils/next-conversation";
import { arrivedSince, newestOf, type SeenConversation } from "../utils/seen-conversation";
import { SEND_SHORTCUT, SEND_SHORTCUT_HINT } from "../utils/send-shortcut";
import { CannedReplyPicker } from "./canned-reply-picker";
import { HelpLinksPicker } from "./help-links-picker";
import { LazyReplyEditor } from "./lazy-reply-editor";
import { ReplyAttachmentsInput } from "./reply-attachments-input";
import type { ReplyEditorHandle } from "./reply-editor";

interface ReplyComposerProps {
  referenceNumber: number;
  /** A closed query can still get a reply, but there is nothing left to close. */
  closed: boolean;
  /** Said before the send buttons and with each of them, e.g. that the reply address is not in the register. */
  warning?: string;
  /** What a canned reply's placeholders are filled with: the member's first name, the reference, the day due. */
  cannedValues: CannedReplyValues;
  /** The conversation as the page shows it now: what the agent has seen, and what came since. */
  replies: readonly ConsoleReply[];
  thread: readonly ThreadMessage[];
}

/** A key for one composed reply: the same send repeated (a double click, a retry) is sent once. */
function newComposeKey(): string {
  return crypto.randomUUID();
}

/** A send the server refused because the conversation changed: what it asked for, to send anyway. */
interface Conflict {
  close: boolean;
  goToNext: boolean;
  message: string;
}

const REFUSALS: readonly string[] = Object.values(REPLY_TOO_COMPLEX_MESSAGES);

/**
 * Why the reply was not sent. A reply the server will not clean (nested too deeply, too much
 * formatting) gets the server's sentence, which is one of the domain's; anything else the usual one.
 */
function sendFailure(error: Error): string {
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.CONVERSATION_CHANGED) return "";
  if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.REPLY_TOO_COMPLEX) {
    const said = error.body.message;
    return REFUSALS.includes(said) ? said : REPLY_TOO_COMPLEX_MESSAGES.time;
  }
  return consoleErrorMessage(error, "The reply could not be sent. Please try again.");
}

/** Writing the reply, previewing it as the member will see it, and sending it (and closing the query). */
export function ReplyComposer({
  referenceNumber,
  closed,
  warning,
  cannedValues,
  replies,
  thread,
}: ReplyComposerProps) {
  const id = useId();
  const warningId = warning ? `${id}-warning` : undefined;
  const editorRef = useRef<ReplyEditorHandle>(null);
  const send = useSendReply(referenceNumber);
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState("");
  const [sent, setSent] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  // Canned replies and help links go into the editor: offered once it has come (its own chunk).
  const [editorReady, setEditorReady] = useState(false);
  const navigate = useNavigate();
  // The conversation after this one in the queue the agent last saw; null: none, no such button.
  const next = useNextConversation(referenceNumber);
  // What was last put in from a canned reply or the help, said where the agent looks (the editor is focused there).
  const [inserted, setInserted] = useState("");
  const insert = (html: string, what: string) => {
    // Into the editor the agent sees: the preview hides it, so the preview closes first.
    if (previewHtml !== null) flushSync(() => setPreviewHtml(null));
    const where = editorRef.current?.insertHtml(html);
    // After a draft that came back and was never clicked into, the cursor is at its end: said in
    // words, so the draft is not sent unread with the canned text after it.
    setInserted(
      where === "after" && restoredAt !== null
        ? `${what} inserted after your restored draft. Check the draft before you send.`
        : `${what} inserted at the cursor.`,
    );
  };
  const markEditorReady = useCallback(() => setEditorReady(true), []);
  // One key per composed reply, made as the composer opens and again after each reply sent.
  const [composeKey, setComposeKey] = useState(newComposeKey);
  // What the agent had seen when starting to write; moved on only when they have seen more.
  const [seen, setSeen] = useState<SeenConversation>(() => newestOf(replies, thread));
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const arrived = conflict ? arrivedSince(seen, replies, thread) : [];
  // A second click in the same moment as the first (before the buttons are disabled) sends nothing.
  const sending = useRef(false);

  // The draft: restored once when both it and the editor have come, saved as the agent types.
  const drafts = useDrafts(referenceNumber);
  const draft = useDraftSaver(referenceNumber, "REPLY");
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const restoring = useRef(false);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !editorReady || !drafts.isSuccess) return;
    restored.current = true;
    const saved = drafts.data.reply;
    if (!saved || !editorRef.current) return;
    restoring.current = true;
    editorRef.current.setHtml(saved.text);
    restoring.current = false;
    setRestoredAt(saved.savedAt);
  }, [editorReady, drafts.isSuccess, drafts.data]);
  const onEditorChange = useCallback(() => {
    if (restoring.current) return;
    draft.change(editorRef.current?.getHtml() ?? "");
  }, [draft.change]);
  useLeaveWarning(draft.state !== "saved");

  // What is sent is what the preview shows: the editor's HTML through the reply allowlist.
  const currentHtml = () => cleanReplyHtml(editorRef.current?.getHtml() ?? "");

  const submit = (close: boolean, goToNext = false, basedOn: SeenConversation = seen) => {
    if (sending.current) return;
    setProblem("");
    setSent("");
    setInserted("");
    setConflict(null);
    const html = currentHtml();
    if (!replyHasText(html)) {
      setProblem("Please write the reply.");
      return;
    }
    if (html.length > CONSOLE_LIMITS.replyHtmlMaxLength) {
      setProblem("The reply is too long. Please shorten it.");
      return;
    }
    if (attachmentRuleProblem(files)) {
      setProblem(ERROR_MESSAGES.attachmentRule);
      return;
    }
    sending.current = true;
    send.mutate(
      {
        html,
        close,
        files,
        idempotencyKey: composeKey,
        seenReplyId: basedOn.replyId,
        seenMessageReference: basedOn.messageReference,
      },
      {
        onSettled: () => {
          sending.current = false;
        },
        onError: (error) => {
          if (isHttpError(error) && error.body?.exceptionCode === EXCEPTION_CODES.CONVERSATION_CHANGED) {
            setConflict({ close, goToNext, message: error.body.message });
          }
        },
        onSuccess: ({ replyId }) => {
          editorRef.current?.clear();
          draft.settle();
          setRestoredAt(null);
          setComposeKey(newComposeKey());
          setSeen({ replyId, messageReference: basedOn.messageReference });
          setFiles([]);
          setPreviewHtml(null);
          if (goToNext && next !== null) {
            navigate(consolePaths.query(next), { state: { sentReplyTo: referenceNumber } });
            return;
          }
          setSent(close ? "Reply sent. The query is closed." : "Reply sent.");
        },
      },
    );
  };

  const failure = problem || (send.error ? sendFailure(send.error) : "");

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h2 id={`${id}-heading`} className="h4">
        Send a reply
      </h2>
      <p className="form-text mt-0">
        The member gets the reply by e-mail and sees it in the portal. Nothing else of this page is sent.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <CannedReplyPicker
          values={cannedValues}
          onInsert={(html, title) => insert(html, `The canned reply “${title}”`)}
          disabled={send.isPending || !editorReady}
        />
        <HelpLinksPicker
          referenceNumber={referenceNumber}
          onInsert={(html, title) => insert(html, `The help “${title}”`)}
          disabled={send.isPending || !editorReady}
        />
      </div>
      {restoredAt ? (
        <p className="form-text mt-0">{`Your draft saved ${formatDateTime(restoredAt)} is back in the editor.`}</p>
      ) : null}
      <LazyReplyEditor
        ref={editorRef}
        disabled={send.isPending}
        hidden={previewHtml !== null}
        onReady={markEditorReady}
        onChange={onEditorChange}
        onSend={() => submit(false)}
      />
      <p className="form-text mt-1 mb-0" aria-live="polite">
        {inserted}
      </p>
      <p className="form-text" aria-live="polite">
        {draft.state === "failed"
          ? "The draft could not be saved. Keep this page open and try again, or copy your text."
          : ""}
      </p>
      {previewHtml === null ? null : (
        <section aria-label="Preview" className="border rounded p-3 reply-preview">
          <p className="small text-body-secondary">As the member will see it:</p>
          {replyHasText(previewHtml) ? (
            <div
              className="reply-html"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by shownReplyHtml (cleanReplyHtml) as it was opened.
              dangerouslySetInnerHTML={{ __html: previewHtml }}
            />
          ) : (
            <p className="text-body-secondary mb-0">Nothing written yet.</p>
          )}
        </section>
      )}
      <ReplyAttachmentsInput files={files} onChange={setFiles} disabled={send.isPending} />
      {warning ? (
        <div id={warningId} className="alert alert-warning mt-3 mb-0">
          {warning}
        </div>
      ) : null}
      {conflict ? (
        <div className="alert alert-warning mt-2 mb-0" role="alert">
          <p className="mb-2">{conflict.message} Your reply has not been sent.</p>
          {arrived.length === 0 ? (
            <p className="mb-2">Loading what came...</p>
          ) : (
            <ul className="mb-2" aria-label="Came since you opened the query">
              {arrived.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-warning"
              // Only once what came is on the page: "anyway" means having seen it.
              disabled={send.isPending || arrived.length === 0}
              onClick={() => {
                const now = newestOf(replies, thread);
                setSeen(now);
                submit(conflict.close, conflict.goToNext, now);
              }}
            >
              Send anyway
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={arrived.length === 0}
              onClick={() => {
                setSeen(newestOf(replies, thread));
                setConflict(null);
                setPreviewHtml(null);
                editorRef.current?.focus();
              }}
            >
              Revise my reply
            </button>
          </div>
        </div>
      ) : null}
      {/* Sticky at the foot of the window while the composer is on screen (console.css): however long
          the reply, its files and the help above it, the buttons are in view; the page's scroll
          padding keeps what has focus from being hidden behind it. */}
      <fieldset className="reply-actions">
        <legend className="visually-hidden">Send the reply</legend>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={previewHtml !== null}
            onClick={() => setPreviewHtml(previewHtml === null ? shownReplyHtml(currentHtml()) : null)}
          >
            Preview
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={send.isPending}
            aria-describedby={warningId}
            aria-keyshortcuts={SEND_SHORTCUT}
            onClick={() => submit(false)}
          >
            Send reply
          </button>
          {closed ? null : (
            <button
              type="button"
              className="btn btn-success"
              disabled={send.isPending}
              aria-describedby={warningId}
              onClick={() => submit(true)}
            >
              Send and close
            </button>
          )}
          {next === null ? null : (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={send.isPending}
              aria-describedby={warningId}
              onClick={() => submit(!closed, true)}
            >
              {closed ? "Send and go to next" : "Send, close and go to next"}
            </button>
          )}
          <span className="form-text mt-0">{SEND_SHORTCUT_HINT}</span>
        </div>
        <SuccessStatus>{sent}</SuccessStatus>
        <ErrorMessage>{failure}</ErrorMessage>
      </fieldset>
    </section>
  );
}

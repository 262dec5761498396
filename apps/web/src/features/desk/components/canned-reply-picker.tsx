import { type CannedReplyValues, fillCannedReply } from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { useCannedReplies } from "../../../api/console/get-canned-replies";
import { ErrorMessage } from "../../../components/console/status-message";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { cleanReplyHtml } from "../../../lib/console/reply-html";

interface CannedReplyPickerProps {
  /** The conversation's values for the placeholders: the member's first name, its reference, the day due. */
  values: CannedReplyValues;
  /** Called with the chosen reply's HTML, placeholders filled, cleaned, and its title: for the editor to insert at the cursor. */
  onInsert: (html: string, title: string) => void;
  disabled?: boolean;
}

/**
 * The canned replies the supervisors keep: one chosen by title is handed to the composer with its
 * placeholders ({{firstName}}, {{referenceNumber}}, {{dueDate}}) filled from the conversation,
 * for the agent to edit. A placeholder with no value (no reply owed: no due day) stays, to be seen.
 */
export function CannedReplyPicker({ values, onInsert, disabled = false }: CannedReplyPickerProps) {
  const id = useId();
  const cannedReplies = useCannedReplies();
  const [choice, setChoice] = useState("");
  const [problem, setProblem] = useState("");
  const list = cannedReplies.data ?? [];

  const insert = (event: FormEvent) => {
    event.preventDefault();
    const chosen = list.find((reply) => String(reply.id) === choice);
    if (!chosen) {
      setProblem("Choose a canned reply first.");
      return;
    }
    setProblem("");
    onInsert(cleanReplyHtml(fillCannedReply(chosen.html, values)), chosen.title);
  };

  if (cannedReplies.isPending) {
    return <p className="small text-body-secondary mb-2">Loading the canned replies...</p>;
  }
  if (cannedReplies.isError) {
    return (
      <ErrorMessage>
        {consoleErrorMessage(cannedReplies.error, "The canned replies could not be loaded.")}
      </ErrorMessage>
    );
  }
  if (list.length === 0) {
    return <p className="small text-body-secondary mb-2">There are no canned replies yet.</p>;
  }
  return (
    <form className="mb-2" onSubmit={insert} aria-label="Insert a canned reply">
      <label htmlFor={`${id}-choice`} className="form-label">
        Canned reply
      </label>
      <div className="input-group">
        <select
          id={`${id}-choice`}
          className="form-select"
          value={choice}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setProblem("");
          }}
        >
          <option value="">Choose a canned reply</option>
          {list.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-outline-secondary" disabled={disabled}>
          Insert
        </button>
      </div>
      {problem ? (
        <div id={`${id}-problem`} className="text-danger small mt-1">
          {problem}
        </div>
      ) : null}
    </form>
  );
}

import { ERROR_MESSAGES, formatFileSize, MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import type { ChosenFilesOutcome, RefusalReason } from "./sort-chosen-files";

// Ours, not the specification's: which file, and which half of the rule. The spec's own sentence
// follows them unchanged (requirements §8).
const REFUSAL_REASONS: Record<RefusalReason, string> = {
  type: "this type of file can't be attached.",
  total: `it would take your attachments over ${formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES)} in total.`,
};

interface RefusedFilesMessageProps {
  id: string;
  refused: ChosenFilesOutcome["refused"];
}

/** Names each refused file and why, then the spec's attachment sentence; announced at once. */
export function RefusedFilesMessage({ id, refused }: RefusedFilesMessageProps) {
  return (
    <div className="text-danger small mt-1" id={id} role="alert">
      <ul className="list-unstyled mb-1">
        {refused.map(({ file, reason }) => (
          <li key={`${file.name}|${file.size}|${file.lastModified}`}>
            <span className="fw-semibold text-break">{file.name}</span> was not added:{" "}
            {REFUSAL_REASONS[reason]}
          </li>
        ))}
      </ul>
      <p className="mb-0">{ERROR_MESSAGES.attachmentRule}</p>
    </div>
  );
}

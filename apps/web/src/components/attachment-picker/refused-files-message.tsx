import type { MessageDescriptor } from "@lingui/core";
import { formatFileSize, MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import { formatElements } from "../../i18n/format-elements";
import { useTranslate } from "../../i18n/translate";
import { attachmentPickerMessages as messages } from "./attachment-picker.messages";
import type { ChosenFilesOutcome, RefusalReason } from "./sort-chosen-files";

// Ours, not the specification's: which file, and which half of the rule. The spec's own sentence
// follows them unchanged (requirements §8).
const REFUSAL_SENTENCES: Record<RefusalReason, MessageDescriptor> = {
  type: messages.refusedType,
  total: messages.refusedTotal,
};

interface RefusedFilesMessageProps {
  id: string;
  refused: ChosenFilesOutcome["refused"];
}

/** Names each refused file and why, then the spec's attachment sentence; announced at once. */
export function RefusedFilesMessage({ id, refused }: RefusedFilesMessageProps) {
  const { t } = useTranslate();
  const max = formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES);
  return (
    <div className="text-danger small mt-1" id={id} role="alert">
      <ul className="list-unstyled mb-1">
        {refused.map(({ file, reason }) => (
          <li key={`${file.name}|${file.size}|${file.lastModified}`}>
            {formatElements(t(REFUSAL_SENTENCES[reason], { fileName: file.name, max }), [
              <span key="name" className="fw-semibold text-break" />,
            ])}
          </li>
        ))}
      </ul>
      <p className="mb-0">{t(messages.rule)}</p>
    </div>
  );
}

import {
  ATTACHMENT_ACCEPT,
  formatFileSize,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  totalAttachmentBytes,
} from "@portal/domain";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslate } from "../../i18n/translate";
import { FileKindIcon } from "../file-kind/file-kind-icon";
import { attachmentPickerMessages as messages } from "./attachment-picker.messages";
import { RefusedFilesMessage } from "./refused-files-message";
import { type ChosenFilesOutcome, fileKey, sortChosenFiles } from "./sort-chosen-files";

interface AttachmentPickerProps {
  id: string;
  label?: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Files by picker or drag and drop. Each new file is added unless it breaks the attachment rule;
 * a refused file is named, with the reason and the spec's sentence. The list shows each file's
 * kind, size, a remove button and the running total.
 *
 * The browser's own file control is hidden: it is emptied after each choice (so the same file can
 * be chosen again after removing it), and would then say "No file chosen" beside a list of files.
 * A button opens it instead, and the count beside the button is the list's own.
 */
export function AttachmentPicker({ id, label, files, onChange, disabled = false }: AttachmentPickerProps) {
  const { t } = useTranslate();
  const legend = label ?? t(messages.attachments);
  const inputRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Omit<ChosenFilesOutcome, "files"> | null>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const countId = useId();
  const problemId = useId();
  const refused = outcome?.refused ?? [];
  const alreadyChosen = outcome?.alreadyChosen ?? [];

  const add = (incoming: readonly File[]) => {
    if (incoming.length === 0) return;
    const { files: next, ...rest } = sortChosenFiles(files, incoming);
    setOutcome(rest);
    if (next.length !== files.length) onChange(next);
  };
  const remove = (index: number) => {
    setOutcome(null);
    onChange(files.filter((_, position) => position !== index));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };
  const total = totalAttachmentBytes(files);
  const describedBy = [hintId, countId, ...(refused.length > 0 ? [problemId] : [])].join(" ");

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra for mouse users; the button inside is the keyboard and screen-reader way in. */}
      <div
        className={`border rounded p-3 text-center ${dragging ? "border-primary bg-light" : "border-secondary-subtle"}`}
        data-testid={`${id}-drop-zone`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {/* Out of sight and out of the tab order; the button below opens it. */}
        <input
          ref={inputRef}
          id={id}
          className="visually-hidden"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          tabIndex={-1}
          aria-hidden="true"
          aria-label={legend}
          aria-invalid={refused.length > 0 ? true : undefined}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <div className="d-flex flex-wrap align-items-center justify-content-center gap-2">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => inputRef.current?.click()}
          >
            {t(messages.chooseFiles)}
          </button>
          <span id={countId}>{t(messages.chosenCount, { count: files.length })}</span>
        </div>
        <p className="form-text mb-0 mt-2" id={hintId}>
          {t(messages.dropHint, { max: formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES) })}
        </p>
      </div>
      {refused.length > 0 ? <RefusedFilesMessage id={problemId} refused={refused} /> : null}
      {alreadyChosen.length > 0 ? (
        <p className="form-text mt-1 mb-0" role="status">
          {t(messages.alreadyChosen, { fileNames: alreadyChosen.map((file) => file.name).join(", ") })}
        </p>
      ) : null}
      {files.length > 0 && (
        <ul className="list-group mt-2" aria-label={t(messages.chosenList)}>
          {files.map((file, index) => (
            <li
              key={fileKey(file)}
              className="list-group-item d-flex justify-content-between align-items-center"
            >
              <span className="text-break">
                <FileKindIcon fileName={file.name} mimeType={file.type} />
                {file.name} <span className="text-body-secondary">({formatFileSize(file.size)})</span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-2"
                disabled={disabled}
                aria-label={t(messages.removeFile, { fileName: file.name })}
                onClick={() => remove(index)}
              >
                {t(messages.remove)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="form-text" aria-live="polite">
        {t(messages.used, { used: formatFileSize(total), max: formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES) })}
      </p>
    </fieldset>
  );
}

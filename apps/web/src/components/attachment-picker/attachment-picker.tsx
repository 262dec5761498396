import {
  ATTACHMENT_ACCEPT,
  attachmentRuleProblem,
  formatFileSize,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  totalAttachmentBytes,
} from "@portal/domain";
import { type DragEvent, useId, useRef, useState } from "react";
import { FileKindIcon } from "../file-kind/file-kind-icon";

/** The spec's attachment sentence when the chosen files break the rule (type or 10 MB in total). */
export function attachmentsProblem(files: readonly File[]): string | null {
  return attachmentRuleProblem(files);
}

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

interface AttachmentPickerProps {
  id: string;
  label?: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Files by picker or drag and drop. A file that would break the attachment rule is not added; the
 * spec's sentence says why. The list shows each file's kind, size, a remove button and the running total.
 */
export function AttachmentPicker({
  id,
  label = "Attachments",
  files,
  onChange,
  disabled = false,
}: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const problemId = useId();

  const add = (incoming: readonly File[]) => {
    // The same file chosen twice is attached once.
    const fresh = incoming.filter((file) => !files.some((chosen) => fileKey(chosen) === fileKey(file)));
    if (fresh.length === 0) return;
    const candidate = [...files, ...fresh];
    const rule = attachmentsProblem(candidate);
    setProblem(rule);
    if (rule === null) onChange(candidate);
  };
  const remove = (index: number) => {
    setProblem(null);
    onChange(files.filter((_, position) => position !== index));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };
  const total = totalAttachmentBytes(files);

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra for mouse users; the file input inside is the keyboard and screen-reader way in. */}
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
        <input
          ref={inputRef}
          id={id}
          className="form-control"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // Clear the input so choosing the same file again (after removing it) fires a change.
            event.target.value = "";
          }}
        />
        <p className="form-text mb-0" id={hintId}>
          Or drop files here. PDF, Word, TIFF, PNG or JPG, up to {formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES)}{" "}
          in total.
        </p>
      </div>
      {problem && (
        <div className="text-danger small mt-1" id={problemId} role="alert">
          {problem}
        </div>
      )}
      {files.length > 0 && (
        <ul className="list-group mt-2" aria-label="Chosen attachments">
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
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="form-text" aria-live="polite">
        {formatFileSize(total)} of {formatFileSize(MAX_ATTACHMENTS_TOTAL_BYTES)} used
      </p>
    </div>
  );
}

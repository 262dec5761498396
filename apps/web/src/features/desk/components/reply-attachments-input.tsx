import { attachmentRuleProblem } from "@portal/domain";
import { useId } from "react";
import { AttachmentPicker } from "../../../components/attachment-picker/attachment-picker";
import { ErrorMessage } from "../../../components/console/status-message";

interface ReplyAttachmentsInputProps {
  /** The files to send with the reply (controlled: the composer keeps them and sends them). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Files to send with the reply, by the member's attachment rules (requirements §5): the portal's
 * attachment picker (choose or drop, remove, the running total; a file that breaks the rule is
 * named, with the spec's sentence). Should the list handed in break the rule all the same, the
 * spec's sentence says so: the server would refuse the reply.
 */
export function ReplyAttachmentsInput({ files, onChange, disabled = false }: ReplyAttachmentsInputProps) {
  const id = useId();
  const problem = attachmentRuleProblem(files);
  return (
    <div>
      <AttachmentPicker
        id={`${id}-files`}
        label="Files to send with the reply"
        files={files}
        onChange={onChange}
        disabled={disabled}
      />
      <ErrorMessage>{problem}</ErrorMessage>
    </div>
  );
}

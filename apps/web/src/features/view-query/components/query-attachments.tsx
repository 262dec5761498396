import type { AttachmentRef } from "@portal/domain";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { useTranslate } from "../../../i18n/translate";
import { useDisclosure } from "../../../lib/use-disclosure";
import { viewQueryMessages } from "../view-query.messages";

interface QueryAttachmentsProps {
  attachments: readonly AttachmentRef[];
  hrefFor: (attachmentId: number) => string;
}

/** "View attachments": a disclosure listing the files, each with its kind and opening in a new tab. */
export function QueryAttachments({ attachments, hrefFor }: QueryAttachmentsProps) {
  const { open, regionId, toggleProps } = useDisclosure();
  const { t } = useTranslate();
  if (attachments.length === 0)
    return <p className="text-body-secondary mb-0">{t(viewQueryMessages.noAttachments)}</p>;
  return (
    <div>
      <button type="button" className="btn btn-link px-0" {...toggleProps}>
        {t(viewQueryMessages.viewAttachments)}
      </button>
      <ul id={regionId} className="list-unstyled ms-3" hidden={!open}>
        {attachments.map((attachment) => (
          <li key={attachment.attachmentId}>
            <FileKindIcon fileName={attachment.fileName} />
            {/* A block with padding, so the target is at least 24 px tall (WCAG 2.5.8): a bare line
                of text is about 19 px. */}
            <a
              className="d-inline-block py-2 text-break"
              href={hrefFor(attachment.attachmentId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {attachment.fileName}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

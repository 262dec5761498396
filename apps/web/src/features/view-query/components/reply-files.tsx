import { formatFileSize, type ReplyAttachmentRef } from "@portal/domain";
import { FileKindIcon } from "../../../components/file-kind/file-kind-icon";
import { useTranslate } from "../../../i18n/translate";
import { viewQueryMessages } from "../view-query.messages";

interface ReplyFilesProps {
  files: readonly ReplyAttachmentRef[];
  hrefFor: (attachmentId: number) => string;
}

/**
 * "Files sent with this reply": each file a download link with its kind, name and size. The link
 * fills its list row (a block with p-2: 40 px tall at the page's type), a target well above WCAG
 * 2.5.8's 24 px, where a bare line of text is about 19 px.
 */
export function ReplyFiles({ files, hrefFor }: ReplyFilesProps) {
  const { t } = useTranslate();
  return (
    <section className="card mb-3" aria-labelledby="reply-files-title">
      <div className="card-body">
        <h2 className="h5 card-title" id="reply-files-title">
          {t(viewQueryMessages.replyFilesTitle)}
        </h2>
        <ul className="list-group">
          {files.map((file) => (
            <li key={file.attachmentId} className="list-group-item p-0">
              {/* Saved rather than opened: the server sends it as an attachment. */}
              <a className="d-block p-2 text-break" href={hrefFor(file.attachmentId)} download>
                <FileKindIcon fileName={file.fileName} mimeType={file.contentType} /> {file.fileName}{" "}
                <span className="text-body-secondary">({formatFileSize(file.sizeBytes)})</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

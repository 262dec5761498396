import { useId } from "react";
import { UploadProgress } from "../../../components/upload-progress/upload-progress";
import {
  type DataExport,
  isExportInProgress,
  memberExportDownloadUrl,
  useMemberExports,
} from "../api/get-member-exports";
import { usePrepareMemberExport } from "../api/prepare-member-export";
import { refusalMessage } from "../utils/error-message";
import { EXPORT_STATUS_LABELS, formatDateTime, formatSize } from "../utils/labels";
import { ErrorMessage } from "./status-message";

/** The newest archive's state in a sentence, for the live region: said once when it changes. */
function newestText(newest: DataExport | undefined): string {
  if (!newest) return "";
  if (isExportInProgress(newest)) return "An archive is being prepared.";
  if (newest.status === "READY") return "The newest archive is ready to download.";
  if (newest.status === "FAILED") return "The newest archive could not be made. Please prepare another.";
  return "";
}

interface MemberArchivesProps {
  entityNumber: number;
  /** The member's name, to say whose archives these are. */
  name: string;
}

/**
 * For an access request: the member's archives (theirs and those made on their behalf), with
 * "Prepare the member's archive". While one is being made the list asks again every 2 s and shows
 * its progress; a ready one is a plain download link.
 */
export function MemberArchives({ entityNumber, name }: MemberArchivesProps) {
  const id = useId();
  const archives = useMemberExports(entityNumber);
  const prepare = usePrepareMemberExport(entityNumber);
  const list = archives.data ?? [];
  const inProgress = list.some(isExportInProgress);

  return (
    <section aria-labelledby={id} className="mt-3">
      <h4 id={id} className="h6">
        Archives of {name}'s data
      </h4>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={prepare.isPending || inProgress}
        onClick={() => prepare.mutate()}
      >
        Prepare the member's archive
      </button>
      <p role="status" aria-live="polite" className="mt-2 mb-2">
        {newestText(list[0])}
      </p>
      <ErrorMessage>
        {prepare.error
          ? refusalMessage(prepare.error, "The archive could not be asked for. Please try again.")
          : null}
      </ErrorMessage>
      {archives.isError ? (
        <ErrorMessage>
          {refusalMessage(archives.error, "The member's archives could not be loaded. Please try again.")}
        </ErrorMessage>
      ) : null}
      {archives.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary mb-0">No archive has been made for this member yet.</p>
      ) : null}
      {list.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle caption-top mb-0">
            <caption>{`Archives of ${name}'s data, the newest first`}</caption>
            <thead>
              <tr>
                <th scope="col">Asked for</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Download</th>
              </tr>
            </thead>
            <tbody>
              {list.map((archive) => (
                <ArchiveRow key={archive.exportId} archive={archive} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ArchiveRow({ archive }: { archive: DataExport }) {
  const askedFor = formatDateTime(archive.requestedAt);
  return (
    <tr>
      <th scope="row" className="fw-normal text-nowrap">
        {askedFor}
      </th>
      <td>{EXPORT_STATUS_LABELS[archive.status]}</td>
      <td>
        {isExportInProgress(archive) ? (
          <>
            <UploadProgress
              loaded={archive.progress.done}
              total={archive.progress.total}
              label={`Progress of the archive asked for ${askedFor}`}
            />
            <span className="small text-body-secondary">
              {archive.progress.done} of {archive.progress.total} written
            </span>
          </>
        ) : archive.status === "READY" ? (
          <>
            {archive.sizeBytes === null ? "Done" : formatSize(archive.sizeBytes)}
            {archive.expiresAt ? (
              <div className="small text-body-secondary">
                Offered until {formatDateTime(archive.expiresAt)}
              </div>
            ) : null}
          </>
        ) : (
          "—"
        )}
      </td>
      <td>
        {archive.status === "READY" ? (
          <a
            href={memberExportDownloadUrl(archive.exportId)}
            download
            aria-label={`Download the archive asked for ${askedFor}`}
          >
            Download
          </a>
        ) : (
          "—"
        )}
      </td>
    </tr>
  );
}

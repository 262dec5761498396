import {
  DATA_RIGHTS_LIMITS,
  EXPORT_GROUNDS_MESSAGES,
  exportReasonWords,
  type PrepareMemberExport,
} from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { ErrorMessage } from "../../../components/console/status-message";
import { UploadProgress } from "../../../components/upload-progress/upload-progress";
import { refusalMessage } from "../../../lib/console/error-message";
import { formatDateTime, formatSize } from "../../../lib/console/labels";
import { type DataRequest, useOpenAccessRequests } from "../api/get-data-requests";
import {
  type DataExport,
  isExportInProgress,
  memberExportDownloadUrl,
  useMemberExports,
} from "../api/get-member-exports";
import { usePrepareMemberExport } from "../api/prepare-member-export";
import { EXPORT_STATUS_LABELS } from "../utils/labels";

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
  /** The access request the archive answers (on its card); absent: the officer chooses one or gives a reason. */
  dataRequestId?: number;
  /**
   * The level of the section's heading, one below the heading it sits under: 4 on a request's card
   * (its h3), 2 on the member's data page (its h1), so the page's outline skips no level.
   */
  headingLevel: 2 | 4;
}

/**
 * For an access request: the member's archives (theirs and those made on their behalf), with
 * "Prepare the member's archive". While one is being made the list asks again every 2 s and shows
 * its progress; a ready one is a plain download link.
 */
export function MemberArchives({ entityNumber, name, dataRequestId, headingLevel }: MemberArchivesProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h4";
  const archives = useMemberExports(entityNumber);
  const prepare = usePrepareMemberExport(entityNumber);
  const list = archives.data ?? [];
  const inProgress = list.some(isExportInProgress);

  return (
    <section aria-labelledby={id} className="mt-3">
      <Heading id={id} className="h6">
        Archives of {name}'s data
      </Heading>
      {dataRequestId === undefined ? (
        <PrepareWithGrounds
          entityNumber={entityNumber}
          disabled={prepare.isPending || inProgress}
          onPrepare={(grounds) => prepare.mutate(grounds)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={prepare.isPending || inProgress}
          onClick={() => prepare.mutate({ dataRequestId })}
        >
          Prepare the member's archive
        </button>
      )}
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

const OTHER_REASON = "reason";

/**
 * Everything about a member is pulled for a recorded access request of theirs, or for a reason
 * given in words: the officer chooses one of the member's open access requests, or writes why.
 */
function PrepareWithGrounds({
  entityNumber,
  disabled,
  onPrepare,
}: {
  entityNumber: number;
  disabled: boolean;
  onPrepare: (grounds: PrepareMemberExport) => void;
}) {
  const id = useId();
  const requests = useOpenAccessRequests(entityNumber);
  const open = requests.data ?? [];
  const [choice, setChoice] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === "") return setProblem(EXPORT_GROUNDS_MESSAGES.missing);
    if (choice !== OTHER_REASON) {
      setProblem("");
      return onPrepare({ dataRequestId: Number(choice) });
    }
    const words = exportReasonWords(reason);
    if (words === 0) return setProblem(EXPORT_GROUNDS_MESSAGES.missing);
    if (words < DATA_RIGHTS_LIMITS.exportReasonMinWords)
      return setProblem(EXPORT_GROUNDS_MESSAGES.reasonTooShort);
    setProblem("");
    onPrepare({ reason: reason.trim() });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-legend`} className="mb-2">
      <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend id={`${id}-legend`} className="form-label fs-6">
          Why is the archive prepared?
        </legend>
        {open.map((request) => (
          <GroundsChoice
            key={request.requestId}
            id={`${id}-${request.requestId}`}
            name={`${id}-grounds`}
            value={String(request.requestId)}
            checked={choice === String(request.requestId)}
            onChange={setChoice}
            label={requestLabel(request)}
          />
        ))}
        <GroundsChoice
          id={`${id}-other`}
          name={`${id}-grounds`}
          value={OTHER_REASON}
          checked={choice === OTHER_REASON}
          onChange={setChoice}
          label={open.length > 0 ? "Another reason" : "A reason (no open access request of this member)"}
        />
      </fieldset>
      {choice === OTHER_REASON ? (
        <div className="mb-2">
          <label htmlFor={`${id}-reason`} className="form-label">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            className={`form-control${problem ? " is-invalid" : ""}`}
            rows={2}
            maxLength={DATA_RIGHTS_LIMITS.exportReasonMaxLength}
            value={reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      {problem ? (
        <div id={`${id}-problem`} className="invalid-feedback d-block mb-2">
          {problem}
        </div>
      ) : null}
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={disabled}>
        Prepare the member's archive
      </button>
    </form>
  );
}

function requestLabel(request: DataRequest): string {
  return `Access request received ${request.receivedOn}, due ${request.dueOn}`;
}

function GroundsChoice(props: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  label: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="form-check">
      <input
        id={props.id}
        className="form-check-input"
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={() => props.onChange(props.value)}
      />
      <label className="form-check-label" htmlFor={props.id}>
        {props.label}
      </label>
    </div>
  );
}

import { DATA_REQUEST_STATUSES } from "@portal/domain";
import { useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadMore } from "../../../components/console/load-more";
import { PageHeading } from "../../../components/console/page-heading";
import { SuccessStatus } from "../../../components/console/status-message";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { isForbidden, refusalMessage } from "../../../lib/console/error-message";
import { personName } from "../../../lib/console/labels";
import {
  type DataRequest,
  type DataRequestStatus,
  readDataRequestStatus,
  useDataRequests,
} from "../api/get-data-requests";
import { DataRequestCard } from "./data-request-card";
import { RecordDataRequestForm } from "./record-data-request-form";

const STATUS_WORDS: Readonly<Record<DataRequestStatus, string>> = {
  OPEN: "Open requests",
  COMPLETED: "Completed requests",
};

/**
 * #/console/requests (information officer): members' requests about their data (POPIA sections 23
 * and 24), recorded here and answered within the statutory time; an access request with the
 * member's archive, a deletion request with the erasure of their data.
 */
export function DataRequestsPage() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readDataRequestStatus(searchParams.get("status"));
  const requests = useDataRequests(status);
  const rows = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  const [done, setDone] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);

  const completed = (request: DataRequest) => {
    setDone(`The request of ${personName(request.member)} is completed.`);
    // Its card leaves the open list: focus goes to the list's heading rather than to nowhere.
    listHeading.current?.focus();
  };

  return (
    <section>
      <PageHeading>Data requests</PageHeading>
      <RecordDataRequestForm />
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={listHeading} tabIndex={-1} className="h4 console-page-heading">
          Requests
        </h2>
        <div className="mb-3">
          <label htmlFor={`${id}-status`} className="form-label">
            Show
          </label>
          <select
            id={`${id}-status`}
            className="form-select w-auto"
            value={status}
            onChange={(event) => {
              setDone("");
              setSearchParams(event.target.value === "OPEN" ? {} : { status: event.target.value }, {
                replace: true,
              });
            }}
          >
            {DATA_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_WORDS[value]}
              </option>
            ))}
          </select>
        </div>
        <SuccessStatus className="mb-3">{done}</SuccessStatus>
        {requests.isPending ? <LoadingStatus label="Loading the requests..." /> : null}
        {requests.isError && requests.data === undefined ? (
          <ErrorAlert>
            {isForbidden(requests.error)
              ? "Only the information officer can see members' requests."
              : refusalMessage(requests.error, "The requests could not be loaded. Please try again.")}
          </ErrorAlert>
        ) : null}
        {requests.isSuccess && rows.length === 0 ? (
          <p className="text-body-secondary">
            {status === "OPEN" ? "No request is open." : "No request has been completed yet."}
          </p>
        ) : null}
        {rows.length > 0 ? (
          <ul className="list-unstyled" aria-label={STATUS_WORDS[status]}>
            {rows.map((request) => (
              <li key={request.requestId}>
                <DataRequestCard request={request} onCompleted={completed} />
              </li>
            ))}
          </ul>
        ) : null}
        <LoadMore query={requests} what="requests" />
      </section>
    </section>
  );
}

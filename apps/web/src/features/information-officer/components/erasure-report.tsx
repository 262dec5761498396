import type { ErasureReport as Report } from "@portal/domain";
import { type Ref, useId } from "react";
import { formatDateTime } from "../../../lib/console/labels";

const REMOVED_WORDS: Readonly<Record<keyof Report["removed"], string>> = {
  queries: "Queries",
  replies: "Replies to them",
  queryAttachments: "Files attached to queries",
  documentSubmissions: "Document submissions",
  documentFiles: "Document files",
  sentMails: "Mails sent to the member",
};

interface ErasureReportProps {
  report: Report;
  /** The heading, to take focus when the report has just appeared. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The id of what names whose report it is (the request card's heading: the member). */
  ownerLabelId?: string;
}

/** What an erasure removed, counted, and what it kept and why (a legal hold, a retention rule). */
export function ErasureReport({ report, headingRef, ownerLabelId }: ErasureReportProps) {
  const id = useId();
  const erasedOnId = `${id}-erased-on`;
  const removed = Object.entries(REMOVED_WORDS) as [keyof Report["removed"], string][];
  // A page of requests holds one report per erased request: each region is named by its member and
  // its run ("Erasure report, Ayesha Patel (entity 4), Erased on …"), so no two regions share a name.
  const labelledBy = [id, ownerLabelId, erasedOnId].filter(Boolean).join(" ");
  return (
    <section aria-labelledby={labelledBy} className="border rounded p-3 mt-3">
      <h4 id={id} ref={headingRef} tabIndex={-1} className="h6 console-page-heading">
        Erasure report
      </h4>
      <p id={erasedOnId}>Erased on {formatDateTime(report.ranAt)}.</p>
      <table className="table table-sm caption-top w-auto">
        <caption>What was removed</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="text-end">
              Removed
            </th>
          </tr>
        </thead>
        <tbody>
          {removed.map(([key, words]) => (
            <tr key={key}>
              <th scope="row" className="fw-normal">
                {words}
              </th>
              <td className="text-end">{report.removed[key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.kept.length === 0 ? (
        <p className="mb-0">Nothing was kept.</p>
      ) : (
        <table className="table table-sm caption-top mb-0">
          <caption>What was kept, and why</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Why it was kept</th>
            </tr>
          </thead>
          <tbody>
            {report.kept.map((item) => (
              <tr key={`${item.what}-${item.reason}`}>
                <th scope="row" className="fw-normal">
                  {item.what}
                </th>
                <td>{item.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import type { ReportResponse, ReportView } from "@portal/domain";
import { type ReactNode, useId } from "react";
import { type ReportFilters, reportCsvUrl } from "../api/get-report";

/** What each view of the page is given: the report, and the filters its CSV link repeats. */
export interface ReportViewProps {
  report: ReportResponse;
  filters: ReportFilters;
}

interface ReportSectionProps {
  title: string;
  /** One sentence on what the figures count. */
  description: string;
  view: ReportView;
  filters: ReportFilters;
  /** The chart (hidden from assistive technology) and its table, side by side on a wide screen. */
  chart?: ReactNode;
  table: ReactNode;
}

/** One view of a report: its heading, what it counts, its chart beside its table, and its CSV. */
export function ReportSection({ title, description, view, filters, chart, table }: ReportSectionProps) {
  const headingId = useId();
  return (
    <section className="mb-4 border-bottom pb-2" aria-labelledby={headingId}>
      <h2 className="h4" id={headingId}>
        {title}
      </h2>
      <p className="text-body-secondary">{description}</p>
      <div className="row g-3">
        {chart ? <div className="col-lg-6">{chart}</div> : null}
        <div className={chart ? "col-lg-6" : "col-12"}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it by keyboard */}
          <section className="table-responsive" aria-label={`${title}: the figures`} tabIndex={0}>
            {table}
          </section>
        </div>
      </div>
      <p>
        <a
          className="btn btn-outline-primary"
          href={reportCsvUrl(view, filters)}
          download
          aria-label={`Download CSV of ${title.toLowerCase()}`}
        >
          Download CSV
        </a>
      </p>
    </section>
  );
}

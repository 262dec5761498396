import { useMemo, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageHeading } from "../../../components/console/page-heading";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage, isForbidden } from "../../../lib/console/error-message";
import { ORIGIN_LABELS } from "../../../lib/console/labels";
import { type ReportFilters, useReport } from "../api/get-report";
import { categoryOptionLabel } from "../utils/report-categories";
import { lastMonth } from "../utils/report-format";
import { BacklogView } from "./backlog-view";
import { DocumentsView } from "./documents-view";
import { OpenNowView } from "./open-now-view";
import { PromiseView } from "./promise-view";
import { ReportFiltersForm } from "./report-filters-form";
import type { ReportViewProps } from "./report-section";
import { ResponseTimesView } from "./response-times-view";
import { StillPendingNotice } from "./still-pending-notice";
import { VolumesView } from "./volumes-view";
import "./reports.css";

/**
 * #/console/reports (supervisors): how the desk keeps the reply promise over a range of days, by
 * channel and category. Each view has a chart, the same figures as a table beside it (what keyboard
 * and screen-reader users read; the chart is hidden from them), and its CSV. Opens on last month.
 */
export function ReportsPage() {
  const initial = useMemo(() => lastMonth(new Date()), []);
  const [filters, setFilters] = useState<ReportFilters>(initial);
  const report = useReport(filters);

  return (
    <section>
      <PageHeading>Reports</PageHeading>
      <ReportFiltersForm initial={initial} onShow={setFilters} />
      {report.isPending ? <LoadingStatus label="Loading the report..." /> : null}
      {report.isError ? (
        <ErrorAlert>
          {isForbidden(report.error)
            ? "Only supervisors can see reports."
            : consoleErrorMessage(report.error, "The report could not be loaded. Please try again.")}
        </ErrorAlert>
      ) : null}
      {report.data ? <ReportViews report={report.data} filters={filters} /> : null}
    </section>
  );
}

/** What the report covers and how business time is counted, then each view in the page's order. */
function ReportViews({ report, filters }: ReportViewProps) {
  const hours = `${report.businessHours.opens}–${report.businessHours.closes}`;
  return (
    <>
      <p>
        Conversations begun from {report.query.from} to {report.query.to}
        {report.query.channel ? `, ${ORIGIN_LABELS[report.query.channel]}` : ""}
        {report.query.category ? `, ${categoryOptionLabel(report.query.category)}` : ""}. Business hours are{" "}
        {hours} on business days (weekdays that are not public holidays), {report.timeZone} time; a business
        day is {report.businessHours.minutesPerDay / 60} business hours.
      </p>
      <StillPendingNotice pending={report.stillPending} />
      <PromiseView
        title="Answered on time, by category"
        view="promise-by-category"
        heading="Category"
        rows={report.promiseByCategory}
        filters={filters}
      />
      <PromiseView
        title="Answered on time, by agent"
        view="promise-by-agent"
        heading="Agent"
        rows={report.promiseByAgent}
        filters={filters}
      />
      <PromiseView
        title="Answered on time, by channel"
        view="promise-by-channel"
        heading="Channel"
        rows={report.promiseByChannel}
        filters={filters}
      />
      <OpenNowView report={report} filters={filters} />
      <ResponseTimesView report={report} filters={filters} />
      <VolumesView report={report} filters={filters} />
      <BacklogView report={report} filters={filters} />
      <DocumentsView report={report} filters={filters} />
    </>
  );
}

import {
  DEFAULT_CATEGORIES,
  MEDXPRESS_CATEGORIES,
  type PromiseRow,
  type ReportResponse,
  SERVER_ORIGINS,
  type ServerOrigin,
} from "@portal/domain";
import { type FormEvent, useId, useMemo, useState } from "react";
import { ErrorAlert } from "../../../../components/alert/alert";
import { LoadingStatus } from "../../../../components/spinner/spinner";
import { type ReportFilters, useReport } from "../../api/get-report";
import { consoleErrorMessage, isForbidden } from "../../utils/error-message";
import { ORIGIN_LABELS } from "../../utils/labels";
import { PageHeading } from "../page-heading";
import { ReportChart } from "./report-chart";
import { businessDays, businessHours, lastMonth, percent } from "./report-format";
import { ReportSection } from "./report-section";
import "./reports.css";

/** Every category a member can choose, once, in label order. */
const CATEGORY_OPTIONS = [
  ...new Map(
    [...DEFAULT_CATEGORIES, ...MEDXPRESS_CATEGORIES].map((option) => [option.value, option]),
  ).values(),
].sort((a, b) => a.label.localeCompare(b.label, "en"));

/**
 * #/console/reports (supervisors): how the desk keeps the reply promise over a range of days, by
 * channel and category. Each view has a chart, the same figures as a table beside it (what keyboard
 * and screen-reader users read; the chart is hidden from them), and its CSV. Opens on last month.
 */
export function ReportsPage() {
  const initial = useMemo(() => lastMonth(new Date()), []);
  const [form, setForm] = useState<ReportFilters>(initial);
  const [filters, setFilters] = useState<ReportFilters>(initial);
  const [rangeError, setRangeError] = useState("");
  const report = useReport(filters);
  const ids = { from: useId(), to: useId(), channel: useId(), category: useId(), rangeError: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.from > form.to) {
      setRangeError("The first day must not be after the last day.");
      return;
    }
    setRangeError("");
    setFilters({ ...form });
  };

  return (
    <section>
      <PageHeading>Reports</PageHeading>
      <form className="row g-3 align-items-end mb-4" onSubmit={submit} noValidate>
        <div className="col-md-3">
          <label className="form-label" htmlFor={ids.from}>
            From
          </label>
          <input
            id={ids.from}
            className="form-control"
            type="date"
            required
            value={form.from}
            aria-describedby={rangeError ? ids.rangeError : undefined}
            onChange={(event) => setForm({ ...form, from: event.target.value })}
          />
        </div>
        <div className="col-md-3">
          <label className="form-label" htmlFor={ids.to}>
            To
          </label>
          <input
            id={ids.to}
            className="form-control"
            type="date"
            required
            value={form.to}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? ids.rangeError : undefined}
            onChange={(event) => setForm({ ...form, to: event.target.value })}
          />
        </div>
        <div className="col-md-2">
          <label className="form-label" htmlFor={ids.channel}>
            Channel
          </label>
          <select
            id={ids.channel}
            className="form-select"
            value={form.channel ?? ""}
            onChange={(event) =>
              setForm({ ...form, channel: (event.target.value || undefined) as ServerOrigin | undefined })
            }
          >
            <option value="">All channels</option>
            {SERVER_ORIGINS.map((origin) => (
              <option key={origin} value={origin}>
                {ORIGIN_LABELS[origin]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-2">
          <label className="form-label" htmlFor={ids.category}>
            Category
          </label>
          <select
            id={ids.category}
            className="form-select"
            value={form.category ?? ""}
            onChange={(event) => setForm({ ...form, category: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-2">
          <button type="submit" className="btn btn-primary">
            Show report
          </button>
        </div>
        {rangeError ? (
          <div className="col-12 text-danger" id={ids.rangeError}>
            {rangeError}
          </div>
        ) : null}
      </form>
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

function ReportViews({ report, filters }: { report: ReportResponse; filters: ReportFilters }) {
  const hours = `${report.businessHours.opens}–${report.businessHours.closes}`;
  return (
    <>
      <p>
        Conversations begun from {report.query.from} to {report.query.to}
        {report.query.channel ? `, ${ORIGIN_LABELS[report.query.channel]}` : ""}
        {report.query.category
          ? `, ${CATEGORY_OPTIONS.find((option) => option.value === report.query.category)?.label ?? report.query.category}`
          : ""}
        . Business hours are {hours} on business days (weekdays that are not public holidays),{" "}
        {report.timeZone} time; a business day is {report.businessHours.minutesPerDay / 60} business hours.
      </p>
      <PromiseSection
        title="Answered on time, by category"
        view="promise-by-category"
        heading="Category"
        rows={report.promiseByCategory}
        filters={filters}
      />
      <PromiseSection
        title="Answered on time, by agent"
        view="promise-by-agent"
        heading="Agent"
        rows={report.promiseByAgent}
        filters={filters}
      />
      <PromiseSection
        title="Answered on time, by channel"
        view="promise-by-channel"
        heading="Channel"
        rows={report.promiseByChannel}
        filters={filters}
      />
      <ReportSection
        title="Open now"
        description={`Open conversations on ${report.today}, whatever the range: overdue when the last day promised has passed without a reply.`}
        view="open-now"
        filters={filters}
        table={
          <table className="table caption-top">
            <caption className="visually-hidden">Open conversations now</caption>
            <thead>
              <tr>
                <th scope="col">Open</th>
                <th scope="col">Overdue</th>
                <th scope="col">Due today</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{report.openNow.open}</td>
                <td>{report.openNow.overdue}</td>
                <td>{report.openNow.dueToday}</td>
              </tr>
            </tbody>
          </table>
        }
      />
      <ResponseTimesSection report={report} filters={filters} />
      <VolumesSection report={report} filters={filters} />
      <ReportSection
        title="Backlog by age"
        description="Open conversations now, by calendar days since the member first wrote."
        view="backlog"
        filters={filters}
        chart={
          <ReportChart
            labels={report.backlog.map((band) => band.label)}
            series={[
              { label: "Open conversations", values: report.backlog.map((band) => band.conversations) },
            ]}
          />
        }
        table={
          <table className="table table-sm caption-top">
            <caption className="visually-hidden">Backlog by age</caption>
            <thead>
              <tr>
                <th scope="col">Age</th>
                <th scope="col">Open conversations</th>
              </tr>
            </thead>
            <tbody>
              {report.backlog.map((band) => (
                <tr key={band.label}>
                  <th scope="row">{band.label}</th>
                  <td>{band.conversations}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <DocumentsSection report={report} filters={filters} />
    </>
  );
}

function PromiseSection({
  title,
  view,
  heading,
  rows,
  filters,
}: {
  title: string;
  view: "promise-by-category" | "promise-by-agent" | "promise-by-channel";
  heading: string;
  rows: readonly PromiseRow[];
  filters: ReportFilters;
}) {
  return (
    <ReportSection
      title={title}
      description="Conversations whose first reply came on or before the last day promised, of those answered or past that day. Not yet due: unanswered and still in time."
      view={view}
      filters={filters}
      chart={
        rows.length > 0 ? (
          <ReportChart
            horizontal
            max={100}
            labels={rows.map((row) => row.label)}
            series={[
              {
                label: "Answered on time (%)",
                values: rows.map((row) => Math.round((row.onTimeShare ?? 0) * 100)),
              },
            ]}
          />
        ) : undefined
      }
      table={
        rows.length === 0 ? (
          <p>No conversation began in this range.</p>
        ) : (
          <table className="table table-sm caption-top">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                <th scope="col">On time</th>
                <th scope="col">Late or unanswered</th>
                <th scope="col">Not yet due</th>
                <th scope="col">On time share</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.onTime}</td>
                  <td>{row.broken}</td>
                  <td>{row.pending}</td>
                  <td>{percent(row.onTimeShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    />
  );
}

function ResponseTimesSection({ report, filters }: { report: ReportResponse; filters: ReportFilters }) {
  const perDay = report.businessHours.minutesPerDay;
  const measures = [
    { name: "First response", figure: report.firstResponse },
    { name: "Resolution", figure: report.resolution },
  ];
  return (
    <ReportSection
      title="Response and resolution times"
      description="Business time from the member's first message to the first reply, and to the last close (a reopened conversation counts once it is closed again)."
      view="response-times"
      filters={filters}
      chart={
        <ReportChart
          labels={measures.map((measure) => measure.name)}
          series={[
            {
              label: "Median (business hours)",
              values: measures.map((measure) => (measure.figure.medianMinutes ?? 0) / 60),
            },
            {
              label: "90th percentile (business hours)",
              values: measures.map((measure) => (measure.figure.p90Minutes ?? 0) / 60),
            },
          ]}
        />
      }
      table={
        <table className="table table-sm caption-top">
          <caption className="visually-hidden">Response and resolution times</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Conversations</th>
              <th scope="col">Median (business hours)</th>
              <th scope="col">Median (business days)</th>
              <th scope="col">90th percentile (business hours)</th>
              <th scope="col">90th percentile (business days)</th>
            </tr>
          </thead>
          <tbody>
            {measures.map(({ name, figure }) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{figure.count}</td>
                <td>{businessHours(figure.medianMinutes)}</td>
                <td>{businessDays(figure.medianMinutes, perDay)}</td>
                <td>{businessHours(figure.p90Minutes)}</td>
                <td>{businessDays(figure.p90Minutes, perDay)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function VolumesSection({ report, filters }: { report: ReportResponse; filters: ReportFilters }) {
  const days = report.volumes;
  return (
    <ReportSection
      title="Volumes per day"
      description="New queries, members' updates, the desk's replies and conversations closed (on the day of their last close), per day."
      view="volumes"
      filters={filters}
      chart={
        <ReportChart
          labels={days.map((day) => day.day.slice(5))}
          series={[
            { label: "New queries", values: days.map((day) => day.newQueries) },
            { label: "Updates", values: days.map((day) => day.updates) },
            { label: "Replies", values: days.map((day) => day.replies) },
            { label: "Closed", values: days.map((day) => day.closed) },
          ]}
        />
      }
      table={
        <table className="table table-sm caption-top">
          <caption className="visually-hidden">Volumes per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">New queries</th>
              <th scope="col">Updates</th>
              <th scope="col">Replies</th>
              <th scope="col">Closed</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.newQueries}</td>
                <td>{day.updates}</td>
                <td>{day.replies}</td>
                <td>{day.closed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function DocumentsSection({ report, filters }: { report: ReportResponse; filters: ReportFilters }) {
  const days = report.documents;
  return (
    <ReportSection
      title="Document submissions received"
      description="Documents members sent and documents staff recorded as received, per day (the channel does not apply)."
      view="documents"
      filters={filters}
      chart={
        <ReportChart
          stacked
          labels={days.map((day) => day.day.slice(5))}
          series={[
            { label: "From members", values: days.map((day) => day.fromMembers) },
            { label: "Recorded by staff", values: days.map((day) => day.recordedByStaff) },
          ]}
        />
      }
      table={
        <table className="table table-sm caption-top">
          <caption className="visually-hidden">Document submissions received</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">From members</th>
              <th scope="col">Recorded by staff</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.fromMembers}</td>
                <td>{day.recordedByStaff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

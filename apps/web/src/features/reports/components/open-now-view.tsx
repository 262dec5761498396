import { ReportSection, type ReportViewProps } from "./report-section";

/** The open conversations now, whatever the range: a table alone (three figures need no chart). */
export function OpenNowView({ report, filters }: ReportViewProps) {
  return (
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
  );
}

import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

/** The open conversations now by age band, whatever the range. */
export function BacklogView({ report, filters }: ReportViewProps) {
  return (
    <ReportSection
      title="Backlog by age"
      description="Open conversations now, by calendar days since the member first wrote."
      view="backlog"
      filters={filters}
      chart={
        <ReportChart
          labels={report.backlog.map((band) => band.label)}
          series={[{ label: "Open conversations", values: report.backlog.map((band) => band.conversations) }]}
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
  );
}

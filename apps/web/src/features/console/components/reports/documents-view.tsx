import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

/** Documents received per day of the range: from members, and recorded by staff. */
export function DocumentsView({ report, filters }: ReportViewProps) {
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

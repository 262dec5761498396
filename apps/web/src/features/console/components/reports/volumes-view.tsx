import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

/** Messages in and out, and conversations closed, per day of the range. */
export function VolumesView({ report, filters }: ReportViewProps) {
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

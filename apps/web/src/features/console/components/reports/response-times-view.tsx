import { ReportChart } from "./report-chart";
import { businessDays, businessHours } from "./report-format";
import { ReportSection, type ReportViewProps } from "./report-section";

/** The first reply's and the resolution's business time: median and 90th percentile. */
export function ResponseTimesView({ report, filters }: ReportViewProps) {
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

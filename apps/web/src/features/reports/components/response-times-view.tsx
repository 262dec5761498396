import { businessDays, businessHours } from "../utils/report-format";
import { FiguresTable } from "./figures-table";
import { ReportChart } from "./report-chart";
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
        <FiguresTable
          caption="Response and resolution times"
          rowHeading="Measure"
          rows={measures}
          rowLabel={(measure) => measure.name}
          columns={[
            { heading: "Conversations", value: ({ figure }) => figure.count },
            {
              heading: "Median (business hours)",
              value: ({ figure }) => businessHours(figure.medianMinutes),
            },
            {
              heading: "Median (business days)",
              value: ({ figure }) => businessDays(figure.medianMinutes, perDay),
            },
            {
              heading: "90th percentile (business hours)",
              value: ({ figure }) => businessHours(figure.p90Minutes),
            },
            {
              heading: "90th percentile (business days)",
              value: ({ figure }) => businessDays(figure.p90Minutes, perDay),
            },
          ]}
        />
      }
    />
  );
}

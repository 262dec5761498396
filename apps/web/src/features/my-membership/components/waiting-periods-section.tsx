import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useWaitingPeriods } from "../api/get-waiting-periods";
import { WAITING_PERIOD_TYPE_LABELS } from "../utils/labels";
import { afterMemberDetails } from "../utils/load-state";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

/** The waiting periods in force today, for the member themself (their entity number comes from their details). */
export function WaitingPeriodsSection() {
  const details = useMemberDetails();
  const periods = useWaitingPeriods(details.data?.entityNumber);
  return (
    <PageSection title="Waiting periods">
      <LoadStateContent
        state={afterMemberDetails(details, periods)}
        loadingLabel="Loading your waiting periods..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.waitingPeriodsLoad}
      >
        {(inForce) =>
          inForce.length === 0 ? (
            <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noWaitingPeriods}</p>
          ) : (
            <SectionTable
              caption="The waiting periods that apply to you today"
              columns={["Type", "Condition", "Start date", "End date"]}
              rows={inForce.map((period) => ({
                key: `${period.type}|${period.condition ?? ""}|${period.startDate}`,
                cells: [
                  WAITING_PERIOD_TYPE_LABELS[period.type],
                  period.condition ?? "General",
                  <span key="start" className="text-nowrap">
                    {formatSchemeDate(period.startDate)}
                  </span>,
                  <span key="end" className="text-nowrap">
                    {formatSchemeDate(period.endDate)}
                  </span>,
                ],
              }))}
            />
          )
        }
      </LoadStateContent>
    </PageSection>
  );
}

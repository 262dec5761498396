import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { useWaitingPeriods } from "../api/get-waiting-periods";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { WAITING_PERIOD_TYPE_LABELS } from "../utils/labels";
import { afterMemberDetails } from "../utils/load-state";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

/** The waiting periods in force today, for the member themself (their entity number comes from their details). */
export function WaitingPeriodsSection() {
  const details = useMemberDetails();
  const periods = useWaitingPeriods(details.data?.entityNumber);
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.waitingPeriods)}>
      <LoadStateContent
        state={afterMemberDetails(details, periods)}
        loadingLabel={t(messages.waitingPeriodsLoading)}
        errorMessage={t(messages.waitingPeriodsLoad)}
      >
        {(inForce) =>
          inForce.length === 0 ? (
            <p className="mb-0">{t(messages.noWaitingPeriods)}</p>
          ) : (
            <SectionTable
              caption={t(messages.waitingPeriodsCaption)}
              columns={[t(messages.type), t(messages.condition), t(messages.startDate), t(messages.endDate)]}
              rows={inForce.map((period) => ({
                key: `${period.type}|${period.condition ?? ""}|${period.startDate}`,
                cells: [
                  t(WAITING_PERIOD_TYPE_LABELS[period.type]),
                  period.condition ?? t(messages.anyCondition),
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

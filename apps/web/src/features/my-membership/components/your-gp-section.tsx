import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { useDoctorAllocations } from "../api/get-doctor-allocations";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { afterMemberDetails } from "../utils/load-state";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

/** The member's GP allocations, newest first as the service sends them; dentists and specialists are left out. */
export function YourGpSection() {
  const details = useMemberDetails();
  const allocations = useDoctorAllocations(details.data?.entityNumber);
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.yourGp)}>
      <LoadStateContent
        state={afterMemberDetails(details, allocations)}
        loadingLabel={t(messages.gpLoading)}
        errorMessage={t(messages.gpLoad)}
      >
        {(all) => {
          const gps = all.filter((allocation) => allocation.allocationType === "GP");
          if (gps.length === 0) return <p className="mb-0">{t(messages.noGp)}</p>;
          return (
            <SectionTable
              caption={t(messages.gpCaption)}
              columns={[
                t(messages.practice),
                t(messages.practiceNumber),
                t(messages.doctor),
                t(messages.startDate),
                t(messages.endDate),
              ]}
              rows={gps.map((gp) => ({
                key: `${gp.practiceNumber}|${gp.startDate}`,
                cells: [
                  gp.practiceName,
                  gp.practiceNumber,
                  gp.doctorName,
                  <span key="start" className="text-nowrap">
                    {formatSchemeDate(gp.startDate)}
                  </span>,
                  <span key="end" className="text-nowrap">
                    {gp.endDate ? formatSchemeDate(gp.endDate) : t(messages.noEndDate)}
                  </span>,
                ],
              }))}
            />
          );
        }}
      </LoadStateContent>
    </PageSection>
  );
}

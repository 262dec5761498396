import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useDoctorAllocations } from "../api/get-doctor-allocations";
import { afterMemberDetails } from "../utils/load-state";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

/** The member's GP allocations, newest first as the service sends them; dentists and specialists are left out. */
export function YourGpSection() {
  const details = useMemberDetails();
  const allocations = useDoctorAllocations(details.data?.entityNumber);
  return (
    <PageSection title="Your GP">
      <LoadStateContent
        state={afterMemberDetails(details, allocations)}
        loadingLabel="Loading your GP..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.doctorLoad}
      >
        {(all) => {
          const gps = all.filter((allocation) => allocation.allocationType === "GP");
          if (gps.length === 0) return <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noGp}</p>;
          return (
            <SectionTable
              caption="Your GP allocations, newest first"
              columns={["Practice", "Practice number", "Doctor", "Start date", "End date"]}
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
                    {gp.endDate ? formatSchemeDate(gp.endDate) : "No end date"}
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

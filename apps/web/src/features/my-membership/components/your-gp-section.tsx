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
            >
              {gps.map((gp) => (
                <tr key={`${gp.practiceNumber}|${gp.startDate}`}>
                  <td>{gp.practiceName}</td>
                  <td>{gp.practiceNumber}</td>
                  <td>{gp.doctorName}</td>
                  <td className="text-nowrap">{formatSchemeDate(gp.startDate)}</td>
                  <td className="text-nowrap">{gp.endDate ? formatSchemeDate(gp.endDate) : "No end date"}</td>
                </tr>
              ))}
            </SectionTable>
          );
        }}
      </LoadStateContent>
    </PageSection>
  );
}

import { formatDate } from "@portal/domain";
import { useDoctorAllocations } from "../api/get-doctor-allocations";
import { useMemberDetails } from "../api/get-member-details";
import { afterMemberDetails } from "../utils/load-state";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { MembershipSection } from "./membership-section";

/** The member's GP allocations, newest first as the service sends them; dentists and specialists are left out. */
export function YourGpSection() {
  const details = useMemberDetails();
  const allocations = useDoctorAllocations(details.data?.entityNumber);
  return (
    <MembershipSection title="Your GP">
      <LoadStateContent
        state={afterMemberDetails(details, allocations)}
        loadingLabel="Loading your GP..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.doctorLoad}
      >
        {(all) => {
          const gps = all.filter((allocation) => allocation.allocationType === "GP");
          if (gps.length === 0) return <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noGp}</p>;
          return (
            <div className="table-responsive">
              <table className="table align-middle mb-0">
                <caption>Your GP allocations, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Practice</th>
                    <th scope="col">Practice number</th>
                    <th scope="col">Doctor</th>
                    <th scope="col">Start date</th>
                    <th scope="col">End date</th>
                  </tr>
                </thead>
                <tbody>
                  {gps.map((gp) => (
                    <tr key={`${gp.practiceNumber}|${gp.startDate}`}>
                      <td>{gp.practiceName}</td>
                      <td>{gp.practiceNumber}</td>
                      <td>{gp.doctorName}</td>
                      <td className="text-nowrap">{formatDate(gp.startDate)}</td>
                      <td className="text-nowrap">{gp.endDate ? formatDate(gp.endDate) : "No end date"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </LoadStateContent>
    </MembershipSection>
  );
}

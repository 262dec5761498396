import { useMemberDetails } from "../../../api/get-member-details";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { MemberDetailsList } from "./member-details-list";
import { MembershipSection } from "./membership-section";

export function YourDetailsSection() {
  const details = useMemberDetails();
  return (
    <MembershipSection title="Your details">
      <LoadStateContent
        state={details}
        loadingLabel="Loading your details..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.detailsLoad}
      >
        {(member) => <MemberDetailsList member={member} />}
      </LoadStateContent>
    </MembershipSection>
  );
}

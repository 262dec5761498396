import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { MemberDetailsList } from "./member-details-list";

export function YourDetailsSection() {
  const details = useMemberDetails();
  return (
    <PageSection title="Your details">
      <LoadStateContent
        state={details}
        loadingLabel="Loading your details..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.detailsLoad}
      >
        {(member) => <MemberDetailsList member={member} />}
      </LoadStateContent>
    </PageSection>
  );
}

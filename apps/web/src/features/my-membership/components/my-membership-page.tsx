import { Link } from "react-router";
import { PageTitle } from "../../../components/page-title/page-title";
import { paths } from "../../../config/paths";
import { DependentsSection } from "./dependents-section";
import { EmergencyContactsSection } from "./emergency-contacts-section";
import { MembershipDocumentsSection } from "./membership-documents-section";
import { PlanAndSchemeSection } from "./plan-and-scheme-section";
import { ProfilePictureSection } from "./profile-picture-section";
import { WaitingPeriodsSection } from "./waiting-periods-section";
import { YourDetailsSection } from "./your-details-section";
import { YourGpSection } from "./your-gp-section";

/**
 * "My membership": each section asks for its own data and shows its own spinner and alert, so one
 * failing call never blanks the page.
 */
export function MyMembershipPage() {
  return (
    <section>
      <PageTitle>My membership</PageTitle>
      <h1 className="h2 mb-4">My membership</h1>
      <p>
        To see who has seen your information, or to download all of it, go to{" "}
        <Link to={paths.myData.getHref()}>My data</Link>.
      </p>
      <YourDetailsSection />
      <PlanAndSchemeSection />
      <DependentsSection />
      <EmergencyContactsSection />
      <WaitingPeriodsSection />
      <YourGpSection />
      <ProfilePictureSection />
      <MembershipDocumentsSection />
    </section>
  );
}

import { Link } from "react-router";
import { PageTitle } from "../../../components/page-title/page-title";
import { paths } from "../../../config/paths";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { myMembershipMessages as messages } from "../my-membership.messages";
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
  const { t } = useTranslate();
  return (
    <section>
      <PageTitle>{t(messages.title)}</PageTitle>
      <h1 className="h2 mb-4">{t(messages.title)}</h1>
      <p>
        {formatElements(t(messages.toMyData), [
          <Link key="my-data" to={paths.myData.getHref()}>
            My data
          </Link>,
        ])}
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

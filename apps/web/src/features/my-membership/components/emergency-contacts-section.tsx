import { PageSection } from "../../../components/page-section/page-section";
import { useTranslate } from "../../../i18n/translate";
import { useEmergencyContacts } from "../api/get-emergency-contacts";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

export function EmergencyContactsSection() {
  const contacts = useEmergencyContacts();
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.emergencyContacts)}>
      <LoadStateContent
        state={contacts}
        loadingLabel={t(messages.emergencyContactsLoading)}
        errorMessage={t(messages.emergencyContactsLoad)}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{t(messages.noEmergencyContacts)}</p>
          ) : (
            <SectionTable
              caption={t(messages.emergencyContactsCaption)}
              columns={[
                t(messages.name),
                t(messages.relationship),
                t(messages.phoneNumber),
                t(messages.emailAddress),
              ]}
              rows={people.map((person) => ({
                key: `${person.name}|${person.phoneNumber}`,
                cells: [
                  person.name,
                  person.relationship,
                  <span key="phone" className="text-nowrap">
                    {person.phoneNumber}
                  </span>,
                  person.email ?? t(messages.notRecorded),
                ],
              }))}
            />
          )
        }
      </LoadStateContent>
    </PageSection>
  );
}

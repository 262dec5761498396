import { PageSection } from "../../../components/page-section/page-section";
import { useEmergencyContacts } from "../api/get-emergency-contacts";
import { NOT_RECORDED } from "../utils/labels";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

export function EmergencyContactsSection() {
  const contacts = useEmergencyContacts();
  return (
    <PageSection title="Emergency contacts">
      <LoadStateContent
        state={contacts}
        loadingLabel="Loading your emergency contacts..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.emergencyContactsLoad}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noEmergencyContacts}</p>
          ) : (
            <SectionTable
              caption="The people to contact in an emergency"
              columns={["Name", "Relationship", "Phone number", "Email address"]}
              rows={people.map((person) => ({
                key: `${person.name}|${person.phoneNumber}`,
                cells: [
                  person.name,
                  person.relationship,
                  <span key="phone" className="text-nowrap">
                    {person.phoneNumber}
                  </span>,
                  person.email ?? NOT_RECORDED,
                ],
              }))}
            />
          )
        }
      </LoadStateContent>
    </PageSection>
  );
}

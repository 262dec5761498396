import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useDependents } from "../api/get-dependents";
import { NOT_RECORDED, RELATIONSHIP_LABELS } from "../utils/labels";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

export function DependentsSection() {
  const dependents = useDependents();
  return (
    <PageSection title="Dependants">
      <LoadStateContent
        state={dependents}
        loadingLabel="Loading your dependants..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.dependentsLoad}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noDependents}</p>
          ) : (
            <SectionTable
              caption="The dependants on your policy"
              columns={["Name", "Relationship", "Dependant code", "Date of birth"]}
              rows={people.map((person) => ({
                key: person.entityNumber,
                cells: [
                  [person.title, person.firstName, person.lastName].filter(Boolean).join(" "),
                  RELATIONSHIP_LABELS[person.relationship],
                  person.dependentCode,
                  <span key="born" className="text-nowrap">
                    {person.dateOfBirth ? formatSchemeDate(person.dateOfBirth) : NOT_RECORDED}
                  </span>,
                ],
              }))}
            />
          )
        }
      </LoadStateContent>
    </PageSection>
  );
}

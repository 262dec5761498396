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
    <PageSection title="Dependents">
      <LoadStateContent
        state={dependents}
        loadingLabel="Loading your dependents..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.dependentsLoad}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noDependents}</p>
          ) : (
            <SectionTable
              caption="The dependents on your policy"
              columns={["Name", "Relationship", "Dependent code", "Date of birth"]}
            >
              {people.map((person) => (
                <tr key={person.entityNumber}>
                  <td>{[person.title, person.firstName, person.lastName].filter(Boolean).join(" ")}</td>
                  <td>{RELATIONSHIP_LABELS[person.relationship]}</td>
                  <td>{person.dependentCode}</td>
                  <td className="text-nowrap">
                    {person.dateOfBirth ? formatSchemeDate(person.dateOfBirth) : NOT_RECORDED}
                  </td>
                </tr>
              ))}
            </SectionTable>
          )
        }
      </LoadStateContent>
    </PageSection>
  );
}

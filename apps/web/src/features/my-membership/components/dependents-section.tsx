import { formatDate } from "@portal/domain";
import { useDependents } from "../api/get-dependents";
import { NOT_RECORDED, RELATIONSHIP_LABELS } from "../utils/labels";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { MembershipSection } from "./membership-section";

export function DependentsSection() {
  const dependents = useDependents();
  return (
    <MembershipSection title="Dependents">
      <LoadStateContent
        state={dependents}
        loadingLabel="Loading your dependents..."
        errorMessage={MY_MEMBERSHIP_MESSAGES.dependentsLoad}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{MY_MEMBERSHIP_MESSAGES.noDependents}</p>
          ) : (
            <div className="table-responsive">
              <table className="table align-middle mb-0">
                <caption>The dependents on your policy</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Relationship</th>
                    <th scope="col">Dependent code</th>
                    <th scope="col">Date of birth</th>
                  </tr>
                </thead>
                <tbody>
                  {people.map((person) => (
                    <tr key={person.entityNumber}>
                      <td>{[person.title, person.firstName, person.lastName].filter(Boolean).join(" ")}</td>
                      <td>{RELATIONSHIP_LABELS[person.relationship]}</td>
                      <td>{person.dependentCode}</td>
                      <td className="text-nowrap">
                        {person.dateOfBirth ? formatDate(person.dateOfBirth) : NOT_RECORDED}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadStateContent>
    </MembershipSection>
  );
}

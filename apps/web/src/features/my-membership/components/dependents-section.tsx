import { PageSection } from "../../../components/page-section/page-section";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { useDependents } from "../api/get-dependents";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { RELATIONSHIP_LABELS } from "../utils/labels";
import { LoadStateContent } from "./load-state-content";
import { SectionTable } from "./section-table";

export function DependentsSection() {
  const dependents = useDependents();
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.dependants)}>
      <LoadStateContent
        state={dependents}
        loadingLabel={t(messages.dependantsLoading)}
        errorMessage={t(messages.dependantsLoad)}
      >
        {(people) =>
          people.length === 0 ? (
            <p className="mb-0">{t(messages.noDependants)}</p>
          ) : (
            <SectionTable
              caption={t(messages.dependantsCaption)}
              columns={[
                t(messages.name),
                t(messages.relationship),
                t(messages.dependantCode),
                t(messages.dateOfBirth),
              ]}
              rows={people.map((person) => ({
                key: person.entityNumber,
                cells: [
                  [person.title, person.firstName, person.lastName].filter(Boolean).join(" "),
                  t(RELATIONSHIP_LABELS[person.relationship]),
                  person.dependentCode,
                  <span key="born" className="text-nowrap">
                    {person.dateOfBirth ? formatSchemeDate(person.dateOfBirth) : t(messages.notRecorded)}
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

import { zodResolver } from "@hookform/resolvers/zod";
import { type AuditTrailRow, auditTrailQuerySchema } from "@portal/domain";
import { useEffect, useId } from "react";
import { type FieldError, type Resolver, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadMore } from "../../../components/console/load-more";
import { PageHeading } from "../../../components/console/page-heading";
import { errorAttributes, FieldErrorText } from "../../../components/form-fields/field-error";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { isForbidden, refusalMessage } from "../../../lib/console/error-message";
import { formatDateTime } from "../../../lib/console/labels";
import { DATE_INPUT_PROPS } from "../../../lib/date-input";
import {
  type AuditTrailFilters,
  auditTrailCsvUrl,
  auditTrailParams,
  readAuditTrailFilters,
  useAuditTrail,
} from "../api/get-audit-trail";
import { AUDIT_KINDS } from "../utils/audit-kinds";
import { auditPersonName, OPERATOR_ENTITY_NUMBER } from "../utils/labels";

/**
 * #/console/audit-trail (information officer): who read or changed whose data, when, and under
 * which request; filtered, paged, and downloaded as CSV. The filters are kept in the address, so
 * the browser's back button and a shared link show the same entries.
 */
export function AuditTrailPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAuditTrailFilters(searchParams);
  const trail = useAuditTrail(filters);
  const rows = trail.data?.pages.flatMap((page) => page.rows) ?? [];
  const apply = (next: AuditTrailFilters) => setSearchParams(auditTrailParams(next), { replace: true });

  return (
    <section>
      <PageHeading>Audit trail</PageHeading>
      <AuditTrailFilterForm filters={filters} onApply={apply} />
      <CsvLink filters={filters} />
      {trail.isPending ? <LoadingStatus label="Loading the audit trail..." /> : null}
      {trail.isError && trail.data === undefined ? (
        <>
          <ErrorAlert>
            {isForbidden(trail.error)
              ? "Only the information officer can read the audit trail."
              : refusalMessage(trail.error, "The audit trail could not be loaded. Please try again.")}
          </ErrorAlert>
          <button type="button" className="btn btn-outline-primary mb-3" onClick={() => trail.refetch()}>
            Try again
          </button>
        </>
      ) : null}
      <p role="status" aria-live="polite" className="mb-2">
        {trail.isSuccess ? countText(rows.length, trail.hasNextPage) : null}
      </p>
      {rows.length > 0 ? <AuditTrailTable rows={rows} busy={trail.isPlaceholderData} /> : null}
      <LoadMore query={trail} what="entries" />
    </section>
  );
}

function countText(count: number, more: boolean): string {
  if (count === 0) return "No entries match these filters.";
  const entries = count === 1 ? "1 entry" : `${count} entries`;
  return more ? `${entries} shown; there are more.` : `${entries} shown.`;
}

/** The contract has no words of its own for most of these; the date order rule keeps its own. */
const FILTER_PROBLEMS: Readonly<Record<string, string>> = {
  member: "Enter the member's entity number: digits only.",
  staff: "Enter the staff member's entity number: digits only.",
  kind: "Enter a kind in lower-case letters and dashes, e.g. console-query.",
  from: "Enter the first day as yyyy-MM-dd.",
  to: "Enter the last day as yyyy-MM-dd.",
};
const contractResolver = zodResolver(auditTrailQuerySchema, {
  error: (issue: { path?: PropertyKey[] | undefined }) => FILTER_PROBLEMS[String(issue.path?.[0])],
});

type FilterForm = Record<"member" | "staff" | "kind" | "from" | "to", string>;

/** The contract's schema, after leaving out the empty boxes: an empty box filters nothing. */
type FilterResolver = Resolver<FilterForm, unknown, AuditTrailFilters>;
const filterResolver: FilterResolver = (values, context, options) => {
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ""));
  // The boxes are the contract's fields by name; only their types differ (text, before parsing).
  const contractOptions = options as unknown as Parameters<typeof contractResolver>[2];
  return contractResolver(given, context, contractOptions) as ReturnType<FilterResolver>;
};

function formValues(filters: AuditTrailFilters): FilterForm {
  return {
    member: filters.member === undefined ? "" : String(filters.member),
    staff: filters.staff === undefined ? "" : String(filters.staff),
    kind: filters.kind ?? "",
    from: filters.from ?? "",
    to: filters.to ?? "",
  };
}

interface FilterFormProps {
  filters: AuditTrailFilters;
  onApply: (filters: AuditTrailFilters) => void;
}

/** The filters, checked with the contract's own schema; applied with "Show entries". */
function AuditTrailFilterForm({ filters, onApply }: FilterFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterForm, unknown, AuditTrailFilters>({
    resolver: filterResolver,
    defaultValues: formValues(filters),
  });
  // Filters from the address (back, a link) show in the boxes; focus stays where it is.
  const shown = auditTrailParams(filters).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` says when the filters changed.
  useEffect(() => reset(formValues(filters)), [shown, reset]);

  const submit = handleSubmit(({ member, staff, kind, from, to }) =>
    onApply({ member, staff, kind, from, to }),
  );

  return (
    <search className="d-block mb-3">
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-legend`}>
        <fieldset className="row g-3 align-items-start">
          <legend id={`${id}-legend`} className="visually-hidden">
            Filter the audit trail
          </legend>
          <FilterField
            id={`${id}-member`}
            label="Member's entity number"
            hint="Whose data was read or changed."
            error={errors.member}
            inputMode="numeric"
            registration={register("member")}
          />
          <FilterField
            id={`${id}-staff`}
            label="Staff entity number"
            hint="Who acted."
            error={errors.staff}
            inputMode="numeric"
            registration={register("staff")}
          />
          <FilterField
            id={`${id}-kind`}
            label="Kind"
            hint="What was read or changed, e.g. console-query."
            error={errors.kind}
            list={`${id}-kinds`}
            registration={register("kind")}
          />
          <datalist id={`${id}-kinds`}>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind} />
            ))}
          </datalist>
          <FilterField
            id={`${id}-from`}
            label="From"
            hint="The first day."
            type="date"
            error={errors.from}
            registration={register("from")}
          />
          <FilterField
            id={`${id}-to`}
            label="To"
            hint="The last day."
            type="date"
            error={errors.to}
            registration={register("to")}
          />
        </fieldset>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            Show entries
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onApply({})}>
            Clear filters
          </button>
        </div>
      </form>
    </search>
  );
}

interface FilterFieldProps {
  id: string;
  label: string;
  hint: string;
  error: FieldError | undefined;
  type?: "text" | "date";
  inputMode?: "numeric";
  list?: string;
  registration: UseFormRegisterReturn;
}

function FilterField({
  id,
  label,
  hint,
  error,
  type = "text",
  inputMode,
  list,
  registration,
}: FilterFieldProps) {
  const { errorId, controlProps } = errorAttributes(id, error, [`${id}-hint`]);
  return (
    <div className="col-sm-6 col-lg">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        {...(type === "date" ? DATE_INPUT_PROPS : { type })}
        inputMode={inputMode}
        list={list}
        autoComplete="off"
        className={`form-control${error ? " is-invalid" : ""}`}
        {...controlProps}
        {...registration}
      />
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/** A plain link: the browser downloads every entry the shown filters match, not only the pages loaded. */
function CsvLink({ filters }: { filters: AuditTrailFilters }) {
  const id = useId();
  return (
    <p className="d-flex flex-wrap align-items-center gap-2">
      <a className="btn btn-outline-primary" href={auditTrailCsvUrl(filters)} download aria-describedby={id}>
        Download as CSV
      </a>
      <span id={id} className="small text-body-secondary">
        Every entry the filters shown match, as a spreadsheet file.
      </span>
    </p>
  );
}

const ACTION_WORDS: Readonly<Record<string, string>> = { READ: "Read", UPDATE: "Changed" };

function AuditPerson({ person }: { person: AuditTrailRow["actor"] }) {
  return (
    <>
      {auditPersonName(person)}
      {person.entityNumber === OPERATOR_ENTITY_NUMBER ? null : (
        <div className="small text-body-secondary">Entity {person.entityNumber}</div>
      )}
    </>
  );
}

function AuditTrailTable({ rows, busy }: { rows: readonly AuditTrailRow[]; busy: boolean }) {
  const captionId = useId();
  return (
    // A named region (a section) in the tab order: at 390 px the table is wider than the screen,
    // and a keyboard scrolls it only once it can be focused.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it by keyboard
    <section className="table-responsive" aria-labelledby={captionId} tabIndex={0}>
      <table className="table align-middle caption-top" aria-busy={busy || undefined}>
        <caption id={captionId}>Audit trail, the newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who acted</th>
            <th scope="col">Whose data</th>
            <th scope="col">What</th>
            <th scope="col">Action</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="text-nowrap fw-normal">
                {formatDateTime(row.at)}
              </th>
              <td>
                <AuditPerson person={row.actor} />
              </td>
              <td>
                <AuditPerson person={row.subject} />
              </td>
              <td>
                <span className="font-monospace">{row.resource}</span>
                {row.referenceNumber === null ? null : (
                  <div className="small text-body-secondary">query {row.referenceNumber}</div>
                )}
              </td>
              <td>{ACTION_WORDS[row.action] ?? row.action}</td>
              <td>
                <span className="font-monospace small text-break">{row.requestId}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

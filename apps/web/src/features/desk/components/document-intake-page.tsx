import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_CATEGORIES, ERROR_MESSAGES, EXCEPTION_CODES } from "@portal/domain";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { useMemberSummary } from "../../../api/console/get-member-summary";
import { ErrorAlert } from "../../../components/alert/alert";
import { AttachmentPicker } from "../../../components/attachment-picker/attachment-picker";
import { PageHeading } from "../../../components/console/page-heading";
import { ErrorMessage, SuccessStatus } from "../../../components/console/status-message";
import { SelectField } from "../../../components/form-fields/select-field";
import { SendButton } from "../../../components/form-fields/send-button";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { consoleErrorMessage } from "../../../lib/console/error-message";
import { personName } from "../../../lib/console/labels";
import { useShownQueueHref } from "../../../lib/console/shown-queue";
import { isHttpError } from "../../../lib/http";
import { parseReferenceParam } from "../../../lib/reference-param";
import { useRecordDocuments } from "../api/record-documents";
import { MemberFinder } from "./member-finder";

/** #/console/documents/new[?member={entityNumber}]: documents received for a member (requirements §10). */
export function DocumentIntakePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const entityNumber = parseReferenceParam(searchParams.get("member"));
  return (
    <section>
      <PageHeading>Record documents received</PageHeading>
      {entityNumber === undefined ? (
        <MemberFinder onChoose={(chosen) => setSearchParams({ member: String(chosen) })} />
      ) : (
        <ChosenMember
          key={entityNumber}
          entityNumber={entityNumber}
          onChangeMember={() => setSearchParams({})}
          onChoose={(chosen) => setSearchParams({ member: String(chosen) })}
        />
      )}
    </section>
  );
}

interface ChosenMemberProps {
  entityNumber: number;
  onChangeMember: () => void;
  /** Another person to record for instead (a dependent's principal member). */
  onChoose: (entityNumber: number) => void;
}

function ChosenMember({ entityNumber, onChangeMember, onChoose }: ChosenMemberProps) {
  const summary = useMemberSummary(entityNumber);
  const changeButton = (
    <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onChangeMember}>
      Choose another member
    </button>
  );
  if (summary.isPending) return <LoadingStatus label="Loading the member..." />;
  if (summary.isError) {
    return (
      <>
        <ErrorAlert>
          {isHttpError(summary.error) && summary.error.status === 404
            ? "No member has this number."
            : consoleErrorMessage(summary.error, "The member could not be loaded. Please try again.")}
        </ErrorAlert>
        {changeButton}
      </>
    );
  }
  const member = summary.data;
  // A dependent without a membership number of their own has no log-in and no address: their
  // documents go under the principal member's membership (the server refuses them otherwise).
  const principal = member.membershipNumber === null ? member.principal : null;
  return (
    <>
      <section aria-labelledby="intake-member-heading" className="card mb-4">
        <div className="card-body">
          <h2 id="intake-member-heading" className="h4">
            Member
          </h2>
          <p className="mb-2">
            {personName(member)}
            {member.membershipNumber
              ? `, membership number ${member.membershipNumber}`
              : ", no membership number"}
            {member.planName ? `, ${member.planName}` : ""}
          </p>
          {changeButton}
        </div>
      </section>
      {principal ? (
        <div className="alert alert-info">
          <p>
            {`${personName(member)} is a dependent on the membership of ${personName(principal)}`}
            {principal.membershipNumber ? ` (membership number ${principal.membershipNumber})` : ""}.
            Documents for a dependent are recorded under the principal member, who is told by e-mail and can
            open them in the portal.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => onChoose(principal.entityNumber)}>
            {`Record under ${personName(principal)}'s membership`}
          </button>
        </div>
      ) : (
        <IntakeForm entityNumber={entityNumber} />
      )}
    </>
  );
}

const DEFAULT_CATEGORY_VALUES = DEFAULT_CATEGORIES.map((category) => category.value);
const intakeFormSchema = z.object({
  category: z
    .string()
    .refine(
      (value) => DEFAULT_CATEGORY_VALUES.includes(value),
      "Please choose the category of the documents.",
    ),
});

function IntakeForm({ entityNumber }: { entityNumber: number }) {
  const attachmentsId = useId();
  const submission = useRecordDocuments(entityNumber);
  const queueHref = useShownQueueHref();
  const [files, setFiles] = useState<File[]>([]);
  const [filesProblem, setFilesProblem] = useState("");
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(intakeFormSchema),
    mode: "onTouched",
    defaultValues: { category: "" },
  });

  const send = handleSubmit(({ category }) => {
    if (files.length === 0) {
      setFilesProblem("Please attach the documents received.");
      return;
    }
    setFilesProblem("");
    submission.mutate({ fields: { category }, files });
  });
  const startAgain = () => {
    submission.reset();
    setFiles([]);
    reset();
  };

  const failure = submission.error
    ? isHttpError(submission.error) &&
      submission.error.body?.exceptionCode === EXCEPTION_CODES.ATTACHMENT_RULE
      ? ERROR_MESSAGES.attachmentRule
      : consoleErrorMessage(submission.error, "The documents could not be recorded. Please try again.")
    : "";

  return (
    <>
      <SuccessStatus className="mb-3">
        {submission.data ? (
          <>
            Documents recorded. Reference number <strong>{submission.data.referenceNumber}</strong>.{" "}
            {submission.data.memberMailed
              ? "The member is told by e-mail."
              : "The register holds no e-mail address for this member, so they are not told by e-mail: tell them another way."}
          </>
        ) : null}
      </SuccessStatus>
      {submission.isSuccess ? (
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={startAgain}>
            Record more documents for this member
          </button>
          <Link to={queueHref} className="btn btn-outline-secondary">
            Back to the queries
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={send} aria-label="Documents received">
          <SelectField
            label="Category"
            placeholder="Choose a category"
            options={DEFAULT_CATEGORIES}
            registration={register("category")}
            error={errors.category}
          />
          <AttachmentPicker
            id={attachmentsId}
            label="Documents"
            files={files}
            onChange={(chosen) => {
              setFiles(chosen);
              if (chosen.length > 0) setFilesProblem("");
            }}
            disabled={submission.isPending}
          />
          {filesProblem ? <ErrorAlert>{filesProblem}</ErrorAlert> : null}
          <ErrorMessage>{failure}</ErrorMessage>
          <div className="mt-3">
            <SendButton
              label="Record documents"
              progressLabel="Uploading the documents"
              sending={submission.isPending}
              progress={submission.progress}
            />
          </div>
        </form>
      )}
    </>
  );
}

import type { MemberDetails } from "@portal/domain";
import { useEffect, useRef, useState } from "react";
import { useMemberDetails } from "../../../api/get-member-details";
import { PageSection } from "../../../components/page-section/page-section";
import { useTranslate } from "../../../i18n/translate";
import { contactDetailsMessages } from "../contact-details.messages";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { ContactDetailsForm } from "./contact-details-form";
import { LoadStateContent } from "./load-state-content";
import { MemberDetailsList } from "./member-details-list";

export function YourDetailsSection() {
  const details = useMemberDetails();
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.yourDetails)}>
      <LoadStateContent
        state={details}
        loadingLabel={t(messages.detailsLoading)}
        errorMessage={t(messages.detailsLoad)}
      >
        {(member) => <DetailsWithChange member={member} />}
      </LoadStateContent>
    </PageSection>
  );
}

/**
 * The details, and under them the way to change the e-mail addresses and phone numbers. Focus
 * goes into the form when it opens, and back to its button (or the saved sentence) when it closes.
 */
function DetailsWithChange({ member }: { member: MemberDetails }) {
  const { t } = useTranslate();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const savedNote = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<"button" | "saved" | null>(null);
  useEffect(() => {
    if (editing || returnFocus.current === null) return;
    (returnFocus.current === "saved" ? savedNote.current : openButton.current)?.focus();
    returnFocus.current = null;
  }, [editing]);

  return (
    <>
      <MemberDetailsList member={member} />
      {editing ? (
        <div className="border-top pt-3 mt-3">
          <h3 className="h5">{t(contactDetailsMessages.title)}</h3>
          <ContactDetailsForm
            member={member}
            onSaved={() => {
              setSaved(true);
              returnFocus.current = "saved";
              setEditing(false);
            }}
            onCancel={() => {
              returnFocus.current = "button";
              setEditing(false);
            }}
          />
        </div>
      ) : (
        <div className="mt-3">
          {saved ? (
            <div ref={savedNote} tabIndex={-1} className="alert alert-success" role="status">
              {t(messages.contactDetailsSaved)}
            </div>
          ) : null}
          <button
            ref={openButton}
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t(messages.changeContactDetails)}
          </button>
        </div>
      )}
    </>
  );
}

import type { MemberDetails } from "@portal/domain";
import type { ReactNode } from "react";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { ADDRESS_TYPE_LABELS, addressText, PHONE_TYPE_LABELS } from "../utils/labels";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{term}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}

/** A list, or "Not recorded" when there is nothing in it. */
function ListOrNone({ items }: { items: { key: string; content: ReactNode }[] }) {
  const { t } = useTranslate();
  if (items.length === 0) return t(messages.notRecorded);
  return (
    <ul className="list-unstyled mb-0">
      {items.map((item) => (
        <li key={item.key}>{item.content}</li>
      ))}
    </ul>
  );
}

/** The member's personal and contact details, as the service holds them. */
export function MemberDetailsList({ member }: { member: MemberDetails }) {
  const { t } = useTranslate();
  const notRecorded = t(messages.notRecorded);
  return (
    <dl className="row mb-0">
      <Row term={t(messages.detailTitle)}>{member.title ?? notRecorded}</Row>
      <Row term={t(messages.detailFirstName)}>{member.firstName}</Row>
      <Row term={t(messages.detailLastName)}>{member.lastName}</Row>
      <Row term={t(messages.detailMembershipNumber)}>{member.membershipNumber ?? notRecorded}</Row>
      <Row term={t(messages.detailDateOfBirth)}>
        {member.dateOfBirth ? formatSchemeDate(member.dateOfBirth) : notRecorded}
      </Row>
      <Row term={t(messages.detailEmails)}>
        <ListOrNone items={member.emails.map(({ address }) => ({ key: address, content: address }))} />
      </Row>
      <Row term={t(messages.detailPhones)}>
        <ListOrNone
          items={member.phoneNumbers.map((phone) => ({
            key: `${phone.type}|${phone.number}`,
            content: t(messages.phoneLine, { kind: t(PHONE_TYPE_LABELS[phone.type]), number: phone.number }),
          }))}
        />
      </Row>
      <Row term={t(messages.detailAddresses)}>
        <ListOrNone
          items={(member.addresses ?? []).map((address) => ({
            key: address.type,
            content: t(messages.addressLine, {
              kind: t(ADDRESS_TYPE_LABELS[address.type]),
              address: addressText(address),
            }),
          }))}
        />
      </Row>
    </dl>
  );
}

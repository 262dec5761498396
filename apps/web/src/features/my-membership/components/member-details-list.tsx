import type { MemberDetails } from "@portal/domain";
import type { ReactNode } from "react";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { ADDRESS_TYPE_LABELS, addressText, NOT_RECORDED, PHONE_TYPE_LABELS } from "../utils/labels";

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
  if (items.length === 0) return NOT_RECORDED;
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
  return (
    <dl className="row mb-0">
      <Row term="Title">{member.title ?? NOT_RECORDED}</Row>
      <Row term="First name">{member.firstName}</Row>
      <Row term="Last name">{member.lastName}</Row>
      <Row term="Membership number">{member.membershipNumber ?? NOT_RECORDED}</Row>
      <Row term="Date of birth">
        {member.dateOfBirth ? formatSchemeDate(member.dateOfBirth) : NOT_RECORDED}
      </Row>
      <Row term="Email addresses">
        <ListOrNone items={member.emails.map(({ address }) => ({ key: address, content: address }))} />
      </Row>
      <Row term="Phone numbers">
        <ListOrNone
          items={member.phoneNumbers.map((phone) => ({
            key: `${phone.type}|${phone.number}`,
            content: `${PHONE_TYPE_LABELS[phone.type]}: ${phone.number}`,
          }))}
        />
      </Row>
      <Row term="Addresses">
        <ListOrNone
          items={(member.addresses ?? []).map((address) => ({
            key: address.type,
            content: `${ADDRESS_TYPE_LABELS[address.type]}: ${addressText(address)}`,
          }))}
        />
      </Row>
    </dl>
  );
}

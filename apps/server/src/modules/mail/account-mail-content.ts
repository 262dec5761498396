import { type MemberLanguage, memberServicesLine } from "@portal/domain";
import { accountMailMessages as says } from "./languages/account-mail.messages.js";
import { mailTexts } from "./languages/mail-texts.js";
import { type Block, compose, type MailBrand, PARAGRAPH_STYLE, paragraph } from "./mail-content.js";
import type { OutgoingMail } from "./outbox.js";
import { SEALED_LINK_PLACEHOLDER } from "./sealed-links.js";

// The mails of registration and password reset. The ones with a link are queued with its
// placeholder; the link itself travels sealed (sealed-links.ts). They go only to addresses the
// register or the member's log-in holds, so they greet the member by first name; none says the
// membership number or username.

interface AccountMailTo {
  to: string;
  memberEntityNumber: number;
  /** The member's first name, for "Dear Thandi,"; absent: "Dear member,". */
  firstName?: string | null;
  /** The language the member chose (members.language); null or absent: English. */
  language?: MemberLanguage | null;
}

const addressed = (input: AccountMailTo) => ({
  to: [input.to],
  cc: [],
  memberEntityNumber: input.memberEntityNumber,
  referenceNumber: null,
});

const greeted = (input: AccountMailTo) => ({ firstName: input.firstName, texts: mailTexts(input.language) });

/** The values of a "call <0>{line} on {number}</0> ({hours})" sentence: the scheme's member services line. */
function memberServicesCall(brand: MailBrand) {
  const { label, number, hours } = memberServicesLine(brand);
  return { line: label, number, hours };
}

const LINK_STYLE = "color:#0b5cad;text-decoration:underline;word-break:break-all";

/** The link, as a paragraph of its own so that it can be copied whole. */
function linkBlock(): Block {
  return {
    html: `<p style="${PARAGRAPH_STYLE}"><a href="${SEALED_LINK_PLACEHOLDER}" style="${LINK_STYLE}">${SEALED_LINK_PLACEHOLDER}</a></p>`,
    text: SEALED_LINK_PLACEHOLDER,
  };
}

export function activationLinkMail(
  brand: MailBrand,
  input: AccountMailTo & { sealedLink: string; validMinutes: number },
): OutgoingMail {
  const t = mailTexts(input.language);
  const mail = compose(
    brand,
    addressed(input),
    "ACCOUNT_ACTIVATION",
    t.text(says.activationSubject),
    [
      paragraph(t.text(says.activationIntro)),
      linkBlock(),
      paragraph(...t.parts(says.linkExpires, { minutes: input.validMinutes })),
      paragraph(t.text(says.notYouLink)),
    ],
    greeted(input),
  );
  return { ...mail, sealedLink: input.sealedLink };
}

/** Registration asked for someone who already has a log-in: no link, a pointer to the reset. */
export function alreadyRegisteredMail(brand: MailBrand, input: AccountMailTo): OutgoingMail {
  const t = mailTexts(input.language);
  return compose(
    brand,
    addressed(input),
    "ACCOUNT_ALREADY_ACTIVE",
    t.text(says.alreadyRegisteredSubject),
    [paragraph(...t.parts(says.alreadyRegisteredBody)), paragraph(t.text(says.notYou))],
    greeted(input),
  );
}

export function passwordResetLinkMail(
  brand: MailBrand,
  input: AccountMailTo & { sealedLink: string; validMinutes: number },
): OutgoingMail {
  const t = mailTexts(input.language);
  const mail = compose(
    brand,
    addressed(input),
    "PASSWORD_RESET",
    t.text(says.resetSubject),
    [
      paragraph(t.text(says.resetIntro)),
      linkBlock(),
      paragraph(...t.parts(says.linkExpires, { minutes: input.validMinutes })),
      paragraph(t.text(says.notYouLink)),
    ],
    greeted(input),
  );
  return { ...mail, sealedLink: input.sealedLink };
}

export function passwordChangedMail(brand: MailBrand, input: AccountMailTo): OutgoingMail {
  const t = mailTexts(input.language);
  const phone = memberServicesCall(brand);
  return compose(
    brand,
    addressed(input),
    "PASSWORD_CHANGED",
    t.text(says.passwordChangedSubject),
    [paragraph(t.text(says.passwordChangedBody)), paragraph(...t.parts(says.passwordChangedCall, phone))],
    greeted(input),
  );
}

/** "m•••@example.com": enough for the owner to recognise an address, not enough to write to it. */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/**
 * To an address the member had before a change of their e-mail addresses or phone numbers: what
 * changed and when, and whom to call if it was not them (a borrowed session, a stolen cookie).
 */
export function contactDetailsChangedMail(
  brand: MailBrand,
  input: AccountMailTo & { emailsChanged: boolean; phonesChanged: boolean; newEmails: readonly string[] },
): OutgoingMail {
  const t = mailTexts(input.language);
  const what =
    input.emailsChanged && input.phonesChanged ? "both" : input.emailsChanged ? "emails" : "phones";
  const phone = memberServicesCall(brand);
  return compose(
    brand,
    addressed(input),
    "CONTACT_DETAILS_CHANGED",
    t.text(says.contactChangedSubject, { what }),
    [
      paragraph(t.text(says.contactChangedBody, { what })),
      ...(input.emailsChanged
        ? [
            paragraph(
              ...t.parts(says.contactChangedWritesTo, {
                addresses: input.newEmails.map(maskedEmail).join(", "),
              }),
            ),
          ]
        : []),
      paragraph(...t.parts(says.contactChangedCall, phone)),
    ],
    greeted(input),
  );
}

/** To the addresses a member had before a recent change, when a password-reset link goes to a new one. */
export function resetToNewAddressMail(
  brand: MailBrand,
  input: AccountMailTo & { newAddress: string },
): OutgoingMail {
  const t = mailTexts(input.language);
  const phone = memberServicesCall(brand);
  return compose(
    brand,
    addressed(input),
    "PASSWORD_RESET_TO_NEW_ADDRESS",
    t.text(says.resetToNewSubject),
    [
      paragraph(...t.parts(says.resetToNewBody, { address: maskedEmail(input.newAddress) })),
      paragraph(...t.parts(says.resetToNewCall, phone)),
    ],
    greeted(input),
  );
}

/**
 * To every address of a staff log-in once an authenticator app is confirmed as its second factor:
 * whoever set it up can sign in with the password and that app, so the staff member hears of it.
 */
export function secondFactorEnrolledMail(brand: MailBrand, input: AccountMailTo): OutgoingMail {
  return compose(
    brand,
    addressed(input),
    "SECOND_FACTOR_ENROLLED",
    "An authenticator app was set up for your staff log-in",
    [
      paragraph(
        "An authenticator app has just been set up as the second factor of your staff log-in to the member portal, and ten new recovery codes were made.",
      ),
      paragraph(
        "If you did not do this, tell your supervisor at once: whoever set it up can sign in as you with your password and that app. The portal's operator can remove it, and you then set up your own at your next sign-in.",
      ),
    ],
    greeted(input),
  );
}

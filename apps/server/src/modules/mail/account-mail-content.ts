import { memberServicesLine } from "@portal/domain";
import { type Block, compose, type MailBrand, PARAGRAPH_STYLE, paragraph, strong } from "./mail-content.js";
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
}

const addressed = (input: AccountMailTo) => ({
  to: [input.to],
  cc: [],
  memberEntityNumber: input.memberEntityNumber,
  referenceNumber: null,
});

const greeted = (input: AccountMailTo) => ({ firstName: input.firstName });

const LINK_STYLE = "color:#0b5cad;text-decoration:underline;word-break:break-all";

/** The link, as a paragraph of its own so that it can be copied whole. */
function linkBlock(): Block {
  return {
    html: `<p style="${PARAGRAPH_STYLE}"><a href="${SEALED_LINK_PLACEHOLDER}" style="${LINK_STYLE}">${SEALED_LINK_PLACEHOLDER}</a></p>`,
    text: SEALED_LINK_PLACEHOLDER,
  };
}

const minutesText = (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`);

const NOT_YOU = paragraph(
  "If you did not ask for this, you can ignore this email: nothing changes until the link is used.",
);

export function activationLinkMail(
  brand: MailBrand,
  input: AccountMailTo & { sealedLink: string; validMinutes: number },
): OutgoingMail {
  const mail = compose(
    brand,
    addressed(input),
    "ACCOUNT_ACTIVATION",
    "Finish registering for the member portal",
    [
      paragraph(
        "You asked to register for the member portal. To choose your username and password, open this link:",
      ),
      linkBlock(),
      paragraph("The link works once and expires in ", strong(minutesText(input.validMinutes)), "."),
      NOT_YOU,
    ],
    greeted(input),
  );
  return { ...mail, sealedLink: input.sealedLink };
}

/** Registration asked for someone who already has a log-in: no link, a pointer to the reset. */
export function alreadyRegisteredMail(brand: MailBrand, input: AccountMailTo): OutgoingMail {
  return compose(
    brand,
    addressed(input),
    "ACCOUNT_ALREADY_ACTIVE",
    "You already have a member portal log-in",
    [
      paragraph(
        "You asked to register for the member portal, but you already have a log-in. If you have forgotten your password, choose ",
        strong("Forgot your password?"),
        " on the portal's log-in page.",
      ),
      paragraph("If you did not ask for this, you can ignore this email."),
    ],
    greeted(input),
  );
}

export function passwordResetLinkMail(
  brand: MailBrand,
  input: AccountMailTo & { sealedLink: string; validMinutes: number },
): OutgoingMail {
  const mail = compose(
    brand,
    addressed(input),
    "PASSWORD_RESET",
    "Reset your member portal password",
    [
      paragraph("You asked to reset your member portal password. To choose a new password, open this link:"),
      linkBlock(),
      paragraph("The link works once and expires in ", strong(minutesText(input.validMinutes)), "."),
      NOT_YOU,
    ],
    greeted(input),
  );
  return { ...mail, sealedLink: input.sealedLink };
}

export function passwordChangedMail(brand: MailBrand, input: AccountMailTo): OutgoingMail {
  const line = memberServicesLine(brand);
  return compose(
    brand,
    addressed(input),
    "PASSWORD_CHANGED",
    "Your member portal password was changed",
    [
      paragraph(
        "The password of your member portal log-in has just been changed, and every device that was logged in has been logged out.",
      ),
      paragraph(
        "If you did not do this, please call ",
        strong(`${line.label} on ${line.number}`),
        ` (${line.hours}) at once: someone else may have access to your email.`,
      ),
    ],
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
  const what =
    input.emailsChanged && input.phonesChanged
      ? "email addresses and phone numbers"
      : input.emailsChanged
        ? "email addresses"
        : "phone numbers";
  const line = memberServicesLine(brand);
  return compose(
    brand,
    addressed(input),
    "CONTACT_DETAILS_CHANGED",
    `The ${what} of your member portal log-in were changed`,
    [
      paragraph(`The ${what} of your member portal log-in have just been changed, with your password.`),
      ...(input.emailsChanged
        ? [paragraph("The portal now writes to: ", strong(input.newEmails.map(maskedEmail).join(", ")), ".")]
        : []),
      paragraph(
        "If you did not make this change, call ",
        strong(`${line.label} on ${line.number}`),
        ` (${line.hours}) at once, and do not use any password-reset link you did not ask for.`,
      ),
    ],
    greeted(input),
  );
}

/** To the addresses a member had before a recent change, when a password-reset link goes to a new one. */
export function resetToNewAddressMail(
  brand: MailBrand,
  input: AccountMailTo & { newAddress: string },
): OutgoingMail {
  const line = memberServicesLine(brand);
  return compose(
    brand,
    addressed(input),
    "PASSWORD_RESET_TO_NEW_ADDRESS",
    "A password reset for your member portal log-in",
    [
      paragraph(
        "A link to reset the password of your member portal log-in was sent to ",
        strong(maskedEmail(input.newAddress)),
        ", an address added to your log-in in the last 24 hours.",
      ),
      paragraph(
        "If you did not ask for this, call ",
        strong(`${line.label} on ${line.number}`),
        ` (${line.hours}) at once.`,
      ),
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

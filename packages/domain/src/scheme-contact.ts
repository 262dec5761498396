/**
 * The scheme's contact numbers and hours, in one place for the portal's footer and its mails.
 *
 * EXAMPLE DATA: Meridian is a fictional scheme, and these numbers and hours are invented for the
 * demo. A real scheme replaces them with its own before going live.
 */
export interface SchemeContactLine {
  /** What the line is for, e.g. "Member services". */
  label: string;
  /** As members read and dial it. */
  number: string;
  /** The same number for a tel: link (international form, digits only after the +). */
  dial: string;
  /** When the line answers. */
  hours: string;
}

export const SCHEME_CONTACT_LINES: readonly SchemeContactLine[] = [
  {
    label: "Member services",
    number: "0860 100 247",
    dial: "+27860100247",
    hours: "Monday to Friday 08:00–18:00, Saturday 08:00–13:00",
  },
  {
    label: "Hospital pre-authorisation",
    number: "0860 100 248",
    dial: "+27860100248",
    hours: "24 hours, every day",
  },
  {
    label: "Emergency medical assistance",
    number: "0800 100 911",
    dial: "+27800100911",
    hours: "24 hours, every day",
  },
  {
    label: "Fraud hotline (anonymous)",
    number: "0800 100 372",
    dial: "+27800100372",
    hours: "24 hours, every day",
  },
];

/** The line a member calls about their account (a change they did not make). */
export const MEMBER_SERVICES_LINE: SchemeContactLine = SCHEME_CONTACT_LINES[0] as SchemeContactLine;

/** Member services is closed on these days; the other lines are not. */
export const SCHEME_CLOSED_DAYS = "Member services is closed on Sundays and public holidays.";

// The sentences of the "My membership" page when a call fails or succeeds. Plain and short; the
// page never shows a server's own wording, except the profile-picture sentences it knows.

const tryAgain = "Please try again later.";

export const MY_MEMBERSHIP_MESSAGES = {
  detailsLoad: `We could not load your details. ${tryAgain}`,
  planLoad: `We could not load your plan. ${tryAgain}`,
  schemeLoad: `We could not load your scheme. ${tryAgain}`,
  dependentsLoad: `We could not load your dependents. ${tryAgain}`,
  emergencyContactsLoad: `We could not load your emergency contacts. ${tryAgain}`,
  waitingPeriodsLoad: `We could not load your waiting periods. ${tryAgain}`,
  doctorLoad: `We could not load your GP. ${tryAgain}`,
  pictureLoad: `We could not load your profile picture. ${tryAgain}`,
  pictureSave: `We could not save your picture. ${tryAgain}`,
  pictureSaved: "Your profile picture has been saved.",
  pictureRemove: `We could not remove your picture. ${tryAgain}`,
  pictureRemoved: "Your profile picture has been removed.",
  cardDownload: `We could not download your membership card. ${tryAgain}`,
  certificateDownload: `We could not download your certificate. ${tryAgain}`,
  cardOrder: `We could not order your new card. ${tryAgain}`,
  cardOrderPrincipalOnly: "A new card can be ordered by the principal member of your policy.",
  cardOrderConfirmTitle: "Order a new membership card?",
  cardOrderConfirm: "Please only order a new card if yours is lost or damaged.",
  noDependents: "No dependants are registered on your policy.",
  noEmergencyContacts: "No emergency contacts are recorded.",
  noWaitingPeriods: "No waiting periods apply.",
  noGp: "No GP is allocated.",
  contactDetailsSave: `We could not save your email addresses and phone numbers. ${tryAgain}`,
  contactDetailsInvalid: "We could not save these details. Please check them and try again.",
  contactDetailsTooManyTries: "Too many wrong passwords. Please try again later.",
  contactDetailsSaved:
    "Your email addresses and phone numbers have been saved. We have told the addresses you had before.",
} as const;

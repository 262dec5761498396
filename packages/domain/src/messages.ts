// Member-facing sentences. Those of requirements §5 and §8 are verbatim requirements: do not reword them.

export const ERROR_MESSAGES = {
  openQueriesLoad: "We are unable to fetch your queries at this time. Please try again later.",
  submit: "Something went wrong while sending your query. Please try again later.",
  update: "Something went wrong while updating your query. Please try again later.",
  contentLoad: "Unable to load content.",
  outdatedQuery: "This feature is only available for new queries.",
  queryFetch: "We are unable to fetch your query at this time. Please try again later.",
  documentSubmission: "We are unable to fetch your Document Submission at this time. Please try again later.",
  // The spec's sentence has no final full stop.
  attachmentRule:
    "Please make sure your file is not larger than 10 MB and is either a TIFF, JPG, PNG, Doc, Docx, or PDF. Please try again",
} as const;

export const VALIDATION_MESSAGES = {
  category: "Please select a category",
  // The spec uses the same sentence for the subcategory ("Query category") select.
  subCategory: "Please select a category",
  email: "Please enter a valid email address",
  ccEmail: "Please enter a valid email address",
  queryDetail: "Please enter your query detail",
  updateDetail: "Please enter any additional information",
  username: "Please enter your username",
  password: "Please enter your password",
} as const;

export const REPLY_PROMISES = {
  newQuery: "Thank you for your query. We will respond within one to two business days.",
  update: "Thank you for your update. We will respond within two to three business days.",
} as const;

export const TIMELINE_NOTE =
  "Please note that a new query only appears on your interaction timeline 24 hours after it was logged.";

/** The same for unknown users and wrong passwords, so it reveals nothing about which accounts exist. */
export const LOGIN_FAILURE_MESSAGE = "Your username or password is incorrect.";

export const CONTENT_LOAD_FAILURE = ERROR_MESSAGES.contentLoad;

/** Shown on the view-query screen while the agent response is null. */
export const NO_AGENT_RESPONSE_YET = "No reply has been sent to you by email yet.";

import { defineMessages } from "../../i18n/define-messages";

/** The log-a-query form's labels and buttons (requirements §2, both origins) and the reply-address check. */
export const logQueryFormMessages = defineMessages({
  formName: {
    id: "logQueryForm.formName",
    message: "Log a query",
    comment: "The form's name for screen readers",
  },
  category: { id: "logQueryForm.category", message: "What do you want to log a query about:" },
  chooseCategory: { id: "logQueryForm.chooseCategory", message: "Choose a category" },
  subCategory: { id: "logQueryForm.subCategory", message: "Query category" },
  chooseSubCategory: { id: "logQueryForm.chooseSubCategory", message: "Choose a query category" },
  email: { id: "logQueryForm.email", message: "Email" },
  ccEmail: { id: "logQueryForm.ccEmail", message: "Additional Email address(optional):" },
  attachments: { id: "logQueryForm.attachments", message: "Attachments" },
  sendQuery: { id: "logQueryForm.sendQuery", message: "Send Query" },
  sendingQuery: {
    id: "logQueryForm.sendingQuery",
    message: "Sending your query",
    comment: "The upload progress bar's name",
  },
  aboutCcEmail: {
    id: "logQueryForm.aboutCcEmail",
    message: "About the additional email address",
    comment: "The name, for screen readers, of the info button beside the additional email field",
  },
  replyAddressNotice: {
    id: "logQueryForm.replyAddressNotice",
    message:
      "We do not hold this email address for you. Our reply may hold medical information: please check it.",
    comment: "Shown when the member types an email address that is none of theirs",
  },
  replyAddressConfirm: {
    id: "logQueryForm.replyAddressConfirm",
    message: "Yes, send the reply to {address}. It is not an address we hold for you.",
    comment: "A checkbox's label; address is the email address the member typed",
  },
  replyAddressNotConfirmed: {
    id: "logQueryForm.replyAddressNotConfirmed",
    message: "Please tick the box to confirm this address, or correct the address.",
  },
});

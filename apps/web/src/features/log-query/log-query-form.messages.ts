import { defineMessages } from "../../i18n/define-messages";

/** The log-a-query form's labels and buttons (requirements §2, default origin). */
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
});

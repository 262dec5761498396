// Words members use for what the help fragments say in the scheme's words. Each group is one
// meaning: a question that uses any phrase of a group is searched with the whole group, so
// "refund" finds the claims help and "PMB" the Prescribed Minimum Benefits. Phrases are written
// in lower case, as plain words; expandSynonyms matches them on word boundaries.
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["refund", "reimburse", "reimbursement", "pay back", "pay me back", "money back", "claim back"],
  ["chronic", "long-term medication", "long-term medicine", "chronic medicine", "chronic condition"],
  ["pmb", "pmbs", "prescribed minimum benefits", "prescribed minimum benefit"],
  ["medical aid card", "membership card", "member card", "card"],
  ["contribution", "premium", "monthly payment", "debit order", "arrears"],
  ["medicine", "medication", "meds", "pills", "tablets", "drugs"],
  ["prescription", "script", "repeat"],
  ["hospital", "admission", "operation", "procedure", "surgery"],
  ["cancer", "oncology", "chemotherapy", "chemo"],
  ["plan", "option", "package"],
  ["benefits", "cover", "covered", "limits"],
  ["bank details", "bank account", "banking details", "account number"],
  ["contact details", "phone number", "cell number", "cellphone", "mobile number", "email", "postal address"],
  ["documents", "certificate", "tax certificate", "statement", "letter"],
  ["delivery", "delivered", "courier", "parcel"],
  ["copayment", "co-payment", "co-pay", "copay", "shortfall"],
  ["shariah", "sharia", "islamic", "interest-free", "halal"],
  ["submit", "send", "upload", "claim form"],
  ["not paid", "unpaid", "rejected", "declined", "short paid"],
  ["reply", "respond", "response", "turnaround", "how long"],
];

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, " ")
    .trim()} `;

/** The question with every phrase of each group it touches appended (each group once). */
export function expandSynonyms(question: string): string {
  const asked = normalise(question);
  const additions: string[] = [];
  for (const group of SYNONYM_GROUPS) {
    if (group.some((phrase) => asked.includes(` ${phrase} `))) {
      additions.push(...group.filter((phrase) => !asked.includes(` ${phrase} `)));
    }
  }
  return additions.length === 0 ? question : `${question} ${additions.join(" ")}`;
}

// Why the outbox gave up on a mail, or why its last try failed, in words an agent understands and
// a supervisor can act on: on the failed mails page and beside a reply on the query page. The
// server keeps a code, never the mail server's own words (they may quote an address): the SMTP
// reply code (SMTP_550) or the transport's error code (nodemailer's ESOCKET, EAUTH, EENVELOPE…,
// Node's ENOTFOUND, EEXIST… when mails are written as files). A code not here is still named.

const TRANSPORT_FAILURES: Record<string, string> = {
  ESOCKET: "The connection to the mail server failed or was cut off.",
  ECONNECTION: "The mail server could not be reached.",
  ECONNREFUSED: "The mail server refused the connection.",
  ECONNRESET: "The mail server closed the connection.",
  EPIPE: "The mail server closed the connection.",
  EHOSTUNREACH: "The mail server could not be reached over the network.",
  ENETUNREACH: "The mail server could not be reached over the network.",
  EAI_AGAIN: "The mail server's name could not be looked up just then.",
  ETIMEDOUT: "The mail server took too long to answer.",
  EDNS: "The mail server's name could not be looked up.",
  ENOTFOUND: "The mail server's name could not be looked up.",
  EAUTH: "The portal could not log in to the mail server: check the user and password in SMTP_URL.",
  ETLS: "A secure connection to the mail server could not be made.",
  EENVELOPE: "The mail server did not accept the sender or the recipient's address.",
  EMESSAGE: "The mail could not be put together for sending.",
  ESTREAM: "The mail could not be put together for sending: a file it carries could not be read.",
  EMSGSIZE: "The mail is too large to send: send fewer or smaller files.",
  EPROTOCOL: "The mail server answered in a way the portal did not understand.",
  ENOSPC: "The disk the mails are written to is full.",
  EACCES: "The portal may not write to the folder the mails go to.",
  EPERM: "The portal may not write to the folder the mails go to.",
  EROFS: "The folder the mails go to cannot be written to.",
  EEXIST:
    "The portal could not write the mail to its mail folder: something of that name is in the way there.",
  ENOTDIR:
    "The portal could not write the mail to its mail folder: something of that name is in the way there.",
  ENOENT: "The folder the mails go to is missing.",
  SEND_FAILED: "Sending failed for a reason the mail server did not name.",
};

/** A sentence for a failure code; null: nothing was recorded. */
export function mailFailureText(code: string | null): string {
  if (code === null) return "No reason was recorded.";
  const known = TRANSPORT_FAILURES[code];
  if (known) return known;
  const smtp = /^SMTP_(\d)(\d\d)$/.exec(code);
  if (smtp) {
    const reply = `${smtp[1]}${smtp[2]}`;
    if (reply === "550" || reply === "551" || reply === "553")
      return `The recipient's mail server refused the address (SMTP ${reply}): it may be wrong or closed.`;
    if (reply === "552") return `The recipient's mailbox is full or the mail too large (SMTP ${reply}).`;
    if (reply === "523" || reply === "534")
      return `The mail is too large for the mail server (SMTP ${reply}): send fewer or smaller files.`;
    if (reply === "530" || reply === "535" || reply === "538")
      return `The mail server refused the portal's log-in (SMTP ${reply}): check the user and password in SMTP_URL.`;
    if (reply === "541" || reply === "571")
      return `The recipient's mail server refused the mail as unwanted (SMTP ${reply}).`;
    if (reply === "452") return `The recipient's mailbox or the mail server is full for now (SMTP ${reply}).`;
    if (smtp[1] === "5") return `The mail server refused the mail for good (SMTP ${reply}).`;
    if (smtp[1] === "4") return `The mail server was busy or refused the mail for now (SMTP ${reply}).`;
    return `The mail server answered SMTP ${reply}.`;
  }
  return `Sending failed (${code}).`;
}

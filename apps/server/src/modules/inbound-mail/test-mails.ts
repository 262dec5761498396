import MailComposer from "nodemailer/lib/mail-composer/index.js";

// Mails as members' mail programs send them, for the inbound-mail tests: the headers, the MIME
// structure and the quoting of Gmail and Outlook, an automatic reply and a delivery report.

export interface ThreadOf {
  /** Where the reply goes: support+<token>@… or the bare support address. */
  to: string;
  from: string;
  /** The Message-ID (with brackets) of the mail answered; absent: a forward or a new mail. */
  inReplyTo?: string;
  references?: string[];
  messageId: string;
  subject?: string;
  date?: Date;
}

const crlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

function threadHeaders(thread: ThreadOf): string {
  return [
    `From: Member <${thread.from}>`,
    `To: ${thread.to}`,
    `Subject: ${thread.subject ?? "Re: We have received your query"}`,
    `Date: ${(thread.date ?? new Date()).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: ${thread.messageId}`,
    ...(thread.inReplyTo ? [`In-Reply-To: ${thread.inReplyTo}`] : []),
    ...(thread.references?.length ? [`References: ${thread.references.join(" ")}`] : []),
    "MIME-Version: 1.0",
  ].join("\n");
}

/** Gmail: multipart/alternative, the history under "On … wrote:" as "> " lines and a gmail_quote div. */
export function gmailReply(thread: ThreadOf, reply: string): string {
  const boundary = "000000000000a1b2c3d4e5f6";
  return crlf(`${threadHeaders(thread)}
Content-Type: multipart/alternative; boundary="${boundary}"

--${boundary}
Content-Type: text/plain; charset="UTF-8"

${reply}

On Tue, 24 Nov 2026 at 09:12, Meridian Health <no-reply@localhost> wrote:

> Dear Test,
> Thank you for contacting us. Your query has been logged.
>

--${boundary}
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">${reply.replace(/\n/g, "<br>")}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, 24 Nov 2026 at 09:12, Meridian Health &lt;no-reply@localhost&gt; wrote:<br></div><blockquote class="gmail_quote">Dear Test,<br>Thank you for contacting us.</blockquote></div>

--${boundary}--
`);
}

/** Outlook: HTML only (as Outlook on the web sends with plain text off), its "From: … Sent: …" block under a rule. */
export function outlookHtmlReply(thread: ThreadOf, reply: string): string {
  return crlf(`${threadHeaders(thread)}
Thread-Topic: We have received your query
Thread-Index: AQHbPq0x1y2z3
X-MS-Has-Attach:
Content-Type: text/html; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

<html><head><meta http-equiv=3D"Content-Type" content=3D"text/html; charset=3D=
us-ascii"></head><body><div class=3D"elementToProof" style=3D"font-family: Ap=
tos"><p>${reply}</p></div><div id=3D"appendonsend"></div><hr style=3D"display:inlin=
e-block;width:98%"><div id=3D"divRplyFwdMsg" dir=3D"ltr"><font face=3D"Calibri=
" style=3D"font-size:11pt"><b>From:</b> Meridian Health &lt;no-reply@localhost=
&gt;<br><b>Sent:</b> Tuesday, November 24, 2026 9:12 AM<br><b>To:</b> Member<b=
r><b>Subject:</b> We have received your query</font><div>&nbsp;</div></div><div=
>Dear Test, thank you for contacting us.</div></body></html>
`);
}

/** Gmail's forward: no In-Reply-To, the forwarded mail under its own header line. */
export function forwardedMail(thread: ThreadOf, note: string, forwarded: string): string {
  return crlf(`${threadHeaders(thread)}
Content-Type: text/plain; charset="UTF-8"

${note}

---------- Forwarded message ---------
From: Dr Naidoo <rooms@clinic.example>
Date: Mon, 23 Nov 2026 at 16:40
Subject: Your referral
To: <member@example.com>

${forwarded}
`);
}

/** An out-of-office answer as Exchange sends it. */
export function autoReply(thread: ThreadOf): string {
  return crlf(`${threadHeaders({ ...thread, subject: "Automatic reply: We have received your query" })}
Auto-Submitted: auto-replied
X-Auto-Response-Suppress: All
Content-Type: text/plain; charset="us-ascii"

I am out of the office until Monday and will reply when I am back.
`);
}

/** A delivery status notification (RFC 3464) from the receiving side's mailer daemon. */
export function bounce(thread: ThreadOf): string {
  const boundary = "dsn-boundary-1";
  return crlf(`From: Mail Delivery System <MAILER-DAEMON@mx.example>
To: ${thread.to}
Subject: Undelivered Mail Returned to Sender
Date: ${new Date().toUTCString()}
Message-ID: ${thread.messageId}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"

--${boundary}
Content-Type: text/plain

The mail could not be delivered.

--${boundary}
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example
Final-Recipient: rfc822; gone@example.com
Action: failed
Status: 5.1.1

--${boundary}--
`);
}

/** A plain reply whose receiving server found its From domain failing DMARC. */
export function spoofedReply(thread: ThreadOf, reply: string): string {
  return crlf(`Authentication-Results: mx.scheme.example; spf=fail smtp.mailfrom=${thread.from.split("@")[1]}; dkim=none; dmarc=fail header.from=${thread.from.split("@")[1]}
${threadHeaders(thread)}
Content-Type: text/plain; charset="UTF-8"

${reply}
`);
}

/** A reply with files, built by nodemailer's composer as a mail program would (base64 parts). */
export async function replyWithFiles(
  thread: ThreadOf,
  reply: string,
  files: { filename: string; contentType: string; content: Buffer }[],
): Promise<string> {
  const composer = new MailComposer({
    from: `Member <${thread.from}>`,
    to: thread.to,
    subject: thread.subject ?? "Re: We have received your query",
    messageId: thread.messageId,
    ...(thread.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
    ...(thread.references ? { references: thread.references } : {}),
    text: reply,
    attachments: files,
  });
  const built = await composer.compile().build();
  return built.toString("utf8");
}

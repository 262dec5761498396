import { DEFAULT_BRAND, escapeHtml, type UpdateRefusal } from "@portal/domain";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  cleanReply,
  documentsReceivedMail,
  memberQueryLink,
  queryLoggedMail,
  replySentMail,
  updateLoggedMail,
} from "./mail-content.js";
import { replyText } from "./reply-text.js";

const about = { to: ["member@example.com"], cc: ["partner@example.com"], memberEntityNumber: 7 };

/** What a mail client shows of the HTML part: its text, without markup. */
const visibleText = (html: string) =>
  (new JSDOM(html).window.document.body.textContent ?? "").replace(/\s+/g, " ").trim();

describe("mail content", () => {
  it("acknowledges a new query with its reference number and the one to two business days promise", () => {
    const mail = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 123456,
      dueLatest: "2026-11-24",
    });
    expect(mail).toMatchObject({
      kind: "QUERY_LOGGED",
      to: ["member@example.com"],
      cc: ["partner@example.com"],
      memberEntityNumber: 7,
      referenceNumber: 123456,
      subject: "We have received your query (reference 123456)",
    });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain("reference number 123456");
      expect(part).toContain("We aim to reply within one to two business days, by 2026-11-24.");
    }
    expect(mail.html).toContain("<strong>123456</strong>");
  });

  it("keeps the promise without a date when there is no due date", () => {
    const mail = queryLoggedMail(DEFAULT_BRAND, { ...about, referenceNumber: 5, dueLatest: null });
    expect(mail.text).toContain("We aim to reply within one to two business days.");
  });

  it("acknowledges an update with its new reference, the query it updates and two to three business days", () => {
    const mail = updateLoggedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 200,
      parentReferenceNumber: 100,
      dueLatest: "2026-11-26",
    });
    expect(mail.kind).toBe("UPDATE_LOGGED");
    expect(mail.subject).toBe("We have received your update (reference 200)");
    expect(mail.text).toContain("Your update to query 100 has been logged with a new reference number: 200.");
    expect(mail.text).toContain("We aim to reply within two to three business days, by 2026-11-26.");
  });

  it("tells of documents received: how many, for what, under which reference; an unknown category escaped", () => {
    const one = documentsReceivedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 300,
      category: "MEDICAL_CLAIMS",
      fileCount: 1,
    });
    expect(one.kind).toBe("DOCUMENTS_RECEIVED");
    expect(one.text).toContain(
      "We have received 1 document from you and recorded it with reference number 300.",
    );
    expect(one.text).toContain("Category: Medical claims");
    const odd = documentsReceivedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 301,
      category: `<img src=x onerror="alert(1)">`,
      fileCount: 3,
    });
    expect(odd.text).toContain("3 documents");
    expect(odd.html).not.toContain("<img");
    expect(odd.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("sends the reply as the member sees it, with nothing in it that can run, load or submit", async () => {
    const mail = await replySentMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 400,
      replyHtml: [
        "<p>Dear member, your claim was <b>paid</b> on <i>3 November</i>.</p>",
        '<p onclick="steal()">See <a href="https://meridian.example/claims">your claims</a> or <a href="javascript:steal()">this</a>.</p>',
        "<ul><li>First</li><li>Second</li></ul>",
        "<ol><li>One</li><li>Two</li></ol>",
        "<table><tr><th>Date</th><th>Amount</th></tr><tr><td>3 Nov</td><td>R 450.00</td></tr></table>",
        '<script>steal()</script><img src="https://tracker.example/pixel.gif"><iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="password"></form><style>body{display:none}</style>',
      ].join(""),
    });
    expect(mail.kind).toBe("REPLY_SENT");
    expect(mail.subject).toBe("Our reply to your query (reference 400)");
    for (const dangerous of [
      "<script",
      "<img",
      "<iframe",
      "<form",
      "<input",
      "<style>body",
      "onclick",
      "javascript:",
    ]) {
      expect(mail.html).not.toContain(dangerous);
    }
    expect(mail.html).toContain(
      '<a href="https://meridian.example/claims" rel="noopener noreferrer">your claims</a>',
    );
    expect(mail.html).toContain("<b>paid</b>");
    expect(mail.html).toMatch(/<td style="[^"]*border[^"]*">3 Nov<\/td>/);
    // The page itself forbids scripts, should a client open it as one.
    expect(mail.html).toContain(`content="default-src 'none';`);
    expect(mail.text).toContain(
      [
        "Dear member, your claim was paid on 3 November.",
        "",
        "See your claims (https://meridian.example/claims) or this.",
        "",
        "- First",
        "- Second",
        "",
        // html-to-text sets an ordered list's numbers off by one space.
        " 1. One",
        " 2. Two",
        "",
        "Date | Amount",
        "3 Nov | R 450.00",
      ].join("\n"),
    );
    expect(mail.text).not.toContain("steal");
  });

  it("carries no e-mail address or membership number of the member", () => {
    const mails = [
      queryLoggedMail(DEFAULT_BRAND, { ...about, referenceNumber: 1, dueLatest: "2026-11-24" }),
      updateLoggedMail(DEFAULT_BRAND, {
        ...about,
        referenceNumber: 2,
        parentReferenceNumber: 1,
        dueLatest: "2026-11-25",
      }),
      documentsReceivedMail(DEFAULT_BRAND, { ...about, referenceNumber: 3, category: "OTHER", fileCount: 2 }),
    ];
    for (const mail of mails) {
      expect(mail.text).not.toContain("member@example.com");
      expect(mail.html).not.toContain("member@example.com");
      expect(mail.text).not.toMatch(/\b7\b/);
    }
  });

  it("greets the member by first name once, and 'Dear member' only when the name is not known", () => {
    const named = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      firstName: "Thandi",
      referenceNumber: 1,
      dueLatest: null,
    });
    expect(named.text).toMatch(/^Dear Thandi,\n\n/);
    expect(named.text).not.toContain("Dear member");
    const unnamed = queryLoggedMail(DEFAULT_BRAND, { ...about, referenceNumber: 1, dueLatest: null });
    expect(unnamed.text).toMatch(/^Dear member,\n\n/);
    const escaped = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      firstName: "<b>Zoë</b>",
      referenceNumber: 1,
      dueLatest: null,
    });
    expect(escaped.html).toContain("Dear &lt;b&gt;Zoë&lt;/b&gt;,");
  });

  it("copies the query into its acknowledgement and links to its page, where the member logs in to see it", () => {
    const link = memberQueryLink("https://portal.example", "MEMBER_WEB", 300001);
    expect(link).toBe("https://portal.example/#/update/default?reference=300001&timeline=true");
    const mail = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 300001,
      dueLatest: null,
      queryLink: link,
      copy: { category: "MEDICAL_CLAIMS", queryText: "My claim of 3 Nov\nwas <not> paid." },
    });
    expect(mail.text).toContain("Your query (Medical claims):\n\n> My claim of 3 Nov\n> was <not> paid.");
    expect(visibleText(mail.html)).toContain("Your query (Medical claims): My claim of 3 Novwas <not> paid.");
    expect(mail.html).toContain("My claim of 3 Nov<br>was &lt;not&gt; paid.");
    expect(mail.text).toContain(`You can follow your query in the member portal: ${link}`);
    expect(mail.html).toContain(`<a href="${link.replace("&", "&amp;")}"`);
    expect(mail.text).toContain("log in to the member portal and update the query there");

    const update = updateLoggedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 300002,
      parentReferenceNumber: 300001,
      dueLatest: null,
      queryLink: memberQueryLink("https://portal.example", "MEMBER_WEB", 300002),
      copy: { category: "MEDICAL_CLAIMS", queryText: "Here is the invoice." },
    });
    expect(update.text).toContain("Your update (Medical claims):\n\n> Here is the invoice.");
    expect(update.text).toContain("reference=300002&timeline=true");
  });

  it("tells a MedXpress member to log a new query, not to update one", () => {
    const link = memberQueryLink("https://portal.example", "MED_XPRESS", 5);
    expect(link).toContain("/#/update/medxpress?reference=5");
    const mail = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      referenceNumber: 5,
      dueLatest: null,
      queryLink: link,
      updatable: false,
    });
    expect(mail.text).toContain("A MedXpress query cannot be updated.");
    expect(mail.text).not.toContain("update the query there");
  });

  it("says after a reply what the member can do for that query, from the update rule", async () => {
    const link = "https://portal.example/#/update/default?reference=400&timeline=true";
    const reply = (nextStep: UpdateRefusal | null, queryLink: string | null = link) =>
      replySentMail(DEFAULT_BRAND, {
        ...about,
        referenceNumber: 400,
        replyHtml: "<p>Dear Thandi</p><p>Paid.</p><p>Kind regards,<br>Lerato</p>",
        queryLink,
        nextStep,
      });
    const open = await reply(null);
    expect(open.text).toContain(`You can also read this reply in the member portal: ${link}`);
    expect(open.text).toContain("log in and update it there");

    const closed = await reply("CLOSED");
    expect(closed.text).toContain("This query is now closed.");
    expect(closed.text).toContain("log a new query in the member portal and quote reference number 400.");
    expect(closed.text).not.toContain("update it there");

    const medxpress = await reply("OTHER_CHANNEL");
    expect(medxpress.text).toContain("A MedXpress query cannot be updated.");
    expect(medxpress.text).not.toContain("update it there");

    const old = await reply("TOO_OLD");
    expect(old.text).toContain("This query can no longer be updated.");

    const byPhone = await reply("LEGACY", null);
    expect(byPhone.text).toContain(
      "This query was not logged in the member portal, so it cannot be opened or updated there. If you need more help, call Member services on 0860 100 247",
    );
    expect(byPhone.text).not.toContain("portal.example");
    expect(byPhone.text).not.toContain("update it there");
  });

  it("adds no greeting or sign-off of its own around the agent's reply, which has both", async () => {
    const mail = await replySentMail(DEFAULT_BRAND, {
      ...about,
      firstName: "Thandi",
      referenceNumber: 400,
      replyHtml: "<p>Dear Thandi</p><p>Paid.</p><p>Kind regards,<br>Lerato</p>",
    });
    expect(mail.text.match(/Dear /g)).toHaveLength(1);
    expect(mail.text.match(/Kind regards/g)).toHaveLength(1);
    expect(mail.text).not.toContain(DEFAULT_BRAND.mail.signature.join("\n"));
  });

  it("ends each mail with the scheme's numbers from the brand", async () => {
    const numbers = DEFAULT_BRAND.contactLines.map((line) => `${line.label}: ${line.number} (${line.hours})`);
    const mails = [
      queryLoggedMail(DEFAULT_BRAND, { ...about, referenceNumber: 1, dueLatest: null }),
      await replySentMail(DEFAULT_BRAND, { ...about, referenceNumber: 4, replyHtml: "<p>Done.</p>" }),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(`-- \n${numbers.join("\n")}\nThis is an automatic message`);
      for (const number of numbers) expect(mail.html).toContain(escapeHtml(number));
    }
  });

  it("signs each mail but the reply with the scheme's brand: its signature lines, and its name in the footer", async () => {
    const brand = {
      ...DEFAULT_BRAND,
      name: "Kestrel Care Medical Fund",
      contactLines: [
        { label: "Member care", number: "0861 535 378", dial: "+27861535378", hours: "Mon–Fri" },
      ],
      mail: { senderName: "Kestrel Care", signature: ["With best wishes,", "The Kestrel Care team"] },
    };
    const mails = [
      queryLoggedMail(brand, { ...about, referenceNumber: 1, dueLatest: null }),
      updateLoggedMail(brand, { ...about, referenceNumber: 2, parentReferenceNumber: 1, dueLatest: null }),
      documentsReceivedMail(brand, { ...about, referenceNumber: 3, category: "OTHER", fileCount: 1 }),
    ];
    for (const mail of mails) {
      expect(mail.text).toMatch(
        /With best wishes,\nThe Kestrel Care team\n\n-- \nMember care: 0861 535 378 \(Mon–Fri\)\nThis is an automatic message from Kestrel Care Medical Fund\. Replies to this address are not read\.\n$/,
      );
      expect(visibleText(mail.html)).toContain(
        "With best wishes,The Kestrel Care team Member care: 0861 535 378 (Mon–Fri)This is an automatic message from Kestrel Care Medical Fund.",
      );
      expect(`${mail.text}${mail.html}`).not.toContain("Meridian");
    }
    const reply = await replySentMail(brand, { ...about, referenceNumber: 4, replyHtml: "<p>Done.</p>" });
    expect(reply.text).not.toContain("With best wishes");
    expect(reply.text).toContain("This is an automatic message from Kestrel Care Medical Fund.");
    expect(`${reply.text}${reply.html}`).not.toContain("Meridian");
  });

  it("turns HTML into readable plain text", async () => {
    const { text } = await cleanReply(
      '<h2>Summary</h2><p>Line one<br>line   two</p><ul><li>Outer<ul><li>Inner</li></ul></li></ul><p><a href="mailto:help@meridian.example">help@meridian.example</a></p>',
    );
    expect(text).toBe(
      ["Summary", "", "Line one", "line two", "", "- Outer", "  - Inner", "", "help@meridian.example"].join(
        "\n",
      ),
    );
    expect(replyText("<div>a</div><div>b</div>")).toBe("a\nb");
  });
});

describe("mail content in the member's language", () => {
  it("writes an isiZulu member's acknowledgement in isiZulu, the page marked as such", () => {
    const mail = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      language: "zu",
      firstName: "Thandi",
      referenceNumber: 123456,
      dueLatest: "2026-11-24",
    });
    expect(mail.subject).toBe("Siwutholile umbuzo wakho (ireferensi 123456)");
    expect(mail.text).toContain("Sawubona Thandi,");
    expect(mail.text).toContain("Umbuzo wakho ubhaliswe ngenombolo yereferensi 123456.");
    expect(mail.html).toContain('<html lang="zu">');
    expect(visibleText(mail.html)).toContain("Umbuzo wakho ubhaliswe ngenombolo yereferensi 123456.");
    expect(mail.text).not.toContain("Thank you for contacting us");
  });

  it("counts an Afrikaans member's documents by the language's plural", () => {
    const mail = documentsReceivedMail(DEFAULT_BRAND, {
      ...about,
      language: "af",
      referenceNumber: 300,
      category: "MEDICAL_CLAIMS",
      fileCount: 3,
    });
    expect(mail.subject).toBe("Ons het u dokumente ontvang (verwysing 300)");
    expect(mail.text).toContain(
      "Ons het 3 dokumente van u ontvang en dit met verwysingsnommer 300 aangeteken.",
    );
    expect(mail.text).toContain("Beste lid,");
    expect(mail.html).toContain('<html lang="af">');
  });

  it("writes English to a member without a chosen language, as before", () => {
    const chosen = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      language: "en",
      referenceNumber: 5,
      dueLatest: null,
    });
    const none = queryLoggedMail(DEFAULT_BRAND, {
      ...about,
      language: null,
      referenceNumber: 5,
      dueLatest: null,
    });
    expect(chosen).toEqual(none);
    expect(none.html).toContain('<html lang="en">');
  });
});

import { describe, expect, it } from "vitest";
import { agentReplyDocument, decodeBase64Utf8, sanitizeAgentReply } from "./agent-reply-document";

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe("the agent's reply", () => {
  it("decodes base64 as UTF-8", () => {
    expect(decodeBase64Utf8(base64("Zoë paid R 1 850,00 — thank you"))).toBe(
      "Zoë paid R 1 850,00 — thank you",
    );
  });

  it("keeps formatting, tables, links and data: images", () => {
    const html =
      '<p><strong>Paid</strong> <em>in part</em></p><table border="1"><tr><th>Claimed</th><td>R 100</td></tr></table>' +
      '<a href="https://example.com/claims">claims</a><img alt="logo" src="data:image/png;base64,iVBORw0KGgo=">';
    const clean = sanitizeAgentReply(html);
    expect(clean).toContain("<strong>Paid</strong>");
    expect(clean).toContain('<table border="1">');
    expect(clean).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it.each([
    ["a script element", "<p>hi</p><script>parent.stolen = document.cookie</script>"],
    ["an event handler", '<img src="data:image/png;base64,AA==" onerror="parent.stolen = 1">'],
    ["a javascript: link", '<a href="javascript:parent.stolen=1">click</a>'],
    ["a javascript: link in capitals and entities", '<a href="JaVaScRiPt&colon;alert(1)">click</a>'],
    ["an svg handler", '<svg onload="parent.stolen=1"><circle r="4"/></svg>'],
    ["a nested frame", '<iframe srcdoc="<script>parent.stolen=1</script>"></iframe>'],
    ["a form", '<form action="https://evil.example"><input name="password"></form>'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ])("removes %s", (_kind, html) => {
    const clean = sanitizeAgentReply(html).toLowerCase();
    expect(clean).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<form|<meta|srcdoc/);
  });

  it("drops remote images, which would tell the sender the mail was read", () => {
    expect(sanitizeAgentReply('<img alt="x" src="https://tracker.example/p.gif">')).not.toContain("tracker");
  });

  it("starts the frame's document with the reply's own Content-Security-Policy", () => {
    const document = agentReplyDocument(base64("<p>Hello</p>"));
    expect(document).toMatch(
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">/,
    );
    expect(document).toContain("<body><p>Hello</p></body>");
  });
});

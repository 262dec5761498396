import { ATTACHMENTS_FIELD, MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import { DEMO_MEMBERS } from "../../dist/modules/members/demo-credentials.js";

/** A logged-in member over plain HTTP, for the bench. */
export class PortalSession {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The anti-forgery token an unsafe request must echo. */
  xsrfToken(): string {
    return this.cookies.get("XSRF-TOKEN") ?? "";
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cookie", this.cookieHeader());
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (init.method && init.method !== "GET" && xsrf) headers.set("x-xsrf-token", xsrf);
    const response = await fetch(`${this.base}${pathname}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = (line.split(";")[0] ?? "").split("=");
      if (name) this.cookies.set(name, value.join("="));
    }
    return response;
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.fetch("/wsg/session");
    const response = await this.fetch("/wsg/rest", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        schemaVersion: 1,
        Login: username,
        Password: password,
        ddid: {
          authorizationCode: "",
          domain: "memberportal",
          clientId: "member-portal-web",
          redirectUri: `${this.base}/`,
        },
      }),
    });
    if (!response.ok) throw new Error(`log-in failed: ${response.status}`);
  }

  /** One submission with two PDFs totalling exactly 10 MB. */
  async uploadTenMegabytes(index: number): Promise<number> {
    const half = MAX_ATTACHMENTS_TOTAL_BYTES / 2;
    const pdf = () => {
      const bytes = new Uint8Array(half).fill(0x20);
      bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
      return bytes;
    };
    const form = new FormData();
    form.append("subCategory", "CLAIM_NOT_PAID");
    form.append("query", `Bench upload ${index}`);
    form.append("email", "bench@example.com");
    form.append("category", "MEDICAL_CLAIMS");
    form.append("origin", "MEMBER_WEB");
    form.append("ccEmail", "");
    form.append(ATTACHMENTS_FIELD, new File([pdf()], "a.pdf", { type: "application/pdf" }));
    form.append(ATTACHMENTS_FIELD, new File([pdf()], "b.pdf", { type: "application/pdf" }));
    const response = await this.fetch("/api/smart-inquiry/member-queries/query-additional-info", {
      method: "POST",
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  }
}

/** A demo member, logged in: the first is who every bench run acts as. */
export async function demoMemberSession(base: string, index: 0 | 1 | 2 = 0): Promise<PortalSession> {
  const member = DEMO_MEMBERS[index];
  const session = new PortalSession(base);
  await session.logIn(member.username, member.password);
  return session;
}

import { ATTACHMENTS_FIELD } from "@portal/domain";

// A member's client over plain HTTP, for process-level tests (crash, restart): keeps cookies and
// sends the anti-forgery header like the SPA does.

export class PortalClient {
  private readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) this.cookies.set(name.trim(), value.join("="));
    }
  }

  /** The cookie and anti-forgery headers the next request of this method carries. */
  async headersFor(method: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    };
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (method !== "GET" && method !== "HEAD" && xsrf) headers["x-xsrf-token"] = xsrf;
    return headers;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const method = (init.method ?? "GET").toUpperCase();
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (method !== "GET" && method !== "HEAD" && xsrf) headers.set("x-xsrf-token", xsrf);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers });
    this.remember(response);
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
          redirectUri: `${this.baseUrl}/`,
        },
      }),
    });
    if (response.status !== 200)
      throw new Error(`log-in failed: ${response.status} ${await response.text()}`);
  }

  async postForm(
    path: string,
    fields: Record<string, string>,
    files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[],
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files)
      form.append(ATTACHMENTS_FIELD, new File([file.bytes], file.name, { type: file.type }));
    return this.fetch(path, { method: "POST", body: form });
  }
}

/** A PDF of the given size: the magic bytes, then padding. */
export function pdfBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
  return bytes;
}

import { createPrivateKey, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The key file of a Google service account (INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE), read and
// checked at start: a file that cannot be read, is not a service account's key or holds a key that
// cannot sign stops the start with the reason. The key is parsed here once and kept as a KeyObject,
// which prints as nothing; no problem repeats any part of the file (not even JSON.parse's message,
// which quotes the text it failed on).

/** Google's key files are about 2.3 KB; anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

export interface ServiceAccount {
  /** The service account's address: the assertion's issuer. */
  clientEmail: string;
  /** Its RSA private key (RS256), parsed. */
  privateKey: KeyObject;
  /** Names the key to the token endpoint (the JWT header's kid), when the file has it. */
  privateKeyId?: string;
  /** Where the assertion is exchanged for an access token, and the assertion's audience. */
  tokenUri: string;
}

export type ServiceAccountFileResult =
  | { serviceAccount: ServiceAccount; problem?: undefined }
  | { serviceAccount?: undefined; problem: string };

/** https://, or http:// to this machine only (a test's token endpoint). */
function isSafeTokenUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** The service account in `file` (relative to the working directory), or what is wrong with it. */
export function readServiceAccountFile(file: string): ServiceAccountFileResult {
  const where = path.resolve(file);
  let content: string;
  try {
    const size = fs.statSync(where).size;
    if (size > MAX_KEY_FILE_BYTES) {
      return { problem: `${where} is ${size} bytes, more than a service account's key file` };
    }
    content = fs.readFileSync(where, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    return { problem: `${where} cannot be read (${code})` };
  }
  let json: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
    json = parsed as Record<string, unknown>;
  } catch {
    return { problem: `${where} is not a JSON object (Google gives a service account's key as one)` };
  }
  if (json.type !== "service_account") {
    return { problem: `${where}: type must be service_account (a service account's JSON key from Google)` };
  }
  const clientEmail = text(json.client_email);
  if (!clientEmail?.includes("@")) {
    return { problem: `${where}: client_email must be the service account's address` };
  }
  const tokenUri = text(json.token_uri);
  if (!tokenUri || !isSafeTokenUri(tokenUri)) {
    return {
      problem: `${where}: token_uri must be an https:// address, such as https://oauth2.googleapis.com/token`,
    };
  }
  const pem = text(json.private_key);
  let privateKey: KeyObject;
  try {
    if (!pem) throw new Error();
    privateKey = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    return { problem: `${where}: private_key must be a PEM private key` };
  }
  // RS256, as Google signs and checks a service account's assertion; jose asks 2048 bits at least.
  if (
    privateKey.asymmetricKeyType !== "rsa" ||
    (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048
  ) {
    return { problem: `${where}: private_key must be an RSA key of at least 2048 bits` };
  }
  const privateKeyId = text(json.private_key_id);
  return {
    serviceAccount: { clientEmail, privateKey, tokenUri, ...(privateKeyId ? { privateKeyId } : {}) },
  };
}

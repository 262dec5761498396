import { describe, expect, it } from "vitest";
import { authenticationRequestMessageSchema } from "../contracts/gateway.js";
import { buildAuthenticationRequestMessage } from "../login-message.js";
import { loginFormSchema } from "./login.js";

describe("loginFormSchema", () => {
  it("accepts a username and password, trimming the username only", () => {
    expect(loginFormSchema.parse({ username: " alice ", password: " secret " })).toEqual({
      username: "alice",
      password: " secret ",
    });
  });

  it("requires both fields, with their messages", () => {
    const result = loginFormSchema.safeParse({ username: "   ", password: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(messages).toEqual({
      username: "Please enter your username",
      password: "Please enter your password",
    });
  });
});

const VALID_MESSAGE = {
  schemaVersion: 1,
  Login: "alice",
  Password: "correct horse 7",
  ddid: {
    authorizationCode: "",
    domain: "memberportal",
    redirectUri: "https://portal.example/index.html",
    clientId: "member-portal-web",
  },
};

describe("authenticationRequestMessageSchema", () => {
  it("accepts the required message", () => {
    expect(authenticationRequestMessageSchema.parse(VALID_MESSAGE)).toEqual(VALID_MESSAGE);
  });

  it("accepts an http redirect URI such as a local development origin", () => {
    const message = {
      ...VALID_MESSAGE,
      ddid: { ...VALID_MESSAGE.ddid, redirectUri: "http://localhost:3000/" },
    };
    expect(authenticationRequestMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    ["schema version 2", { ...VALID_MESSAGE, schemaVersion: 2 }],
    ["schema version as text", { ...VALID_MESSAGE, schemaVersion: "1" }],
    ["an empty Login", { ...VALID_MESSAGE, Login: "" }],
    ["a Login of 201 characters", { ...VALID_MESSAGE, Login: "a".repeat(201) }],
    ["an empty Password", { ...VALID_MESSAGE, Password: "" }],
    ["a Password of 1025 characters", { ...VALID_MESSAGE, Password: "p".repeat(1025) }],
    ["no ddid", { ...VALID_MESSAGE, ddid: undefined }],
    ["an empty domain", { ...VALID_MESSAGE, ddid: { ...VALID_MESSAGE.ddid, domain: "" } }],
    ["an empty clientId", { ...VALID_MESSAGE, ddid: { ...VALID_MESSAGE.ddid, clientId: "" } }],
    [
      "a javascript: redirect URI",
      { ...VALID_MESSAGE, ddid: { ...VALID_MESSAGE.ddid, redirectUri: "javascript:alert(1)" } },
    ],
    [
      "a relative redirect URI",
      { ...VALID_MESSAGE, ddid: { ...VALID_MESSAGE.ddid, redirectUri: "/index.html" } },
    ],
    [
      "an authorization code of 2049 characters",
      { ...VALID_MESSAGE, ddid: { ...VALID_MESSAGE.ddid, authorizationCode: "c".repeat(2049) } },
    ],
  ])("refuses %s", (_, message) => {
    expect(authenticationRequestMessageSchema.safeParse(message).success).toBe(false);
  });

  it("accepts the boundary lengths", () => {
    const message = { ...VALID_MESSAGE, Login: "a".repeat(200), Password: "p".repeat(1024) };
    expect(authenticationRequestMessageSchema.safeParse(message).success).toBe(true);
  });
});

describe("buildAuthenticationRequestMessage", () => {
  it("builds a message the schema accepts, with an empty authorization code", () => {
    const message = buildAuthenticationRequestMessage({
      username: "alice",
      password: "correct horse 7",
      domain: "memberportal",
      clientId: "member-portal-web",
      redirectUri: "https://portal.example/index.html",
    });
    expect(message).toEqual(VALID_MESSAGE);
    expect(authenticationRequestMessageSchema.safeParse(message).success).toBe(true);
  });
});

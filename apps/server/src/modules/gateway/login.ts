import type { AuthenticationRequestMessage, MemberLanguage } from "@portal/domain";
import type { AppContext } from "../../app-context.js";
import { clearFailures, reserveAttempt } from "../../db/attempt-counter.js";
import { hmac } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import { unknownUserHash, verifyPassword } from "../../lib/passwords.js";
import { findMemberByUsername, keptLanguage, normaliseUsername } from "../members/index.js";
import { createSession } from "../session/index.js";
import { LocalStaffPasswordRefusedError, localStaffPasswordRefused } from "../staff-sign-in/index.js";
import { newDeviceCookie, trustedDeviceNonce } from "./device-cookie.js";
import { failureDelayMs, THROTTLE_POLICY } from "./login-throttle.js";
import { createPendingSignIn, type SecondFactorStep, secondFactorStepFor } from "./second-factor.js";
import { recordPasswordSignIn } from "./staff-sign-in-audit.js";

export interface LoginRequestOrigin {
  /** `${protocol}://${host}` of the request. */
  ownOrigin: string;
  clientAddress: string;
  /** The browser's device cookie (device-cookie.ts), if it sent one. */
  deviceCookie: string | undefined;
  /** The request's id, for a staff log-in's audit row (staff-sign-in-audit.ts). */
  requestId: string;
}

export interface LoginSuccess {
  sessionToken: string;
  /** A fresh device cookie for this browser: its next log-ins are counted apart. */
  deviceCookie: string;
  member: { entityNumber: number; firstName: string; lastName: string; language: MemberLanguage | null };
}

/**
 * A local staff log-in's right password while a second factor is owed (second-factor.ts): no
 * session, a pending sign-in instead (its token goes in a cookie of its own).
 */
export interface LoginSecondFactorOwed {
  pendingToken: string;
  secondFactor: SecondFactorStep;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The gateway checks that the message was made for this portal before it looks at credentials. */
function checkMessageIsForUs(
  message: AuthenticationRequestMessage,
  context: AppContext,
  ownOrigin: string,
): void {
  const { config } = context;
  if (message.ddid.domain !== config.AUTH_DOMAIN)
    throw errors.badLoginMessage("The login domain is not recognised.");
  if (message.ddid.clientId !== config.AUTH_CLIENT_ID) {
    throw errors.badLoginMessage("The login client is not recognised.");
  }
  const redirectOrigin = new URL(message.ddid.redirectUri).origin;
  if (redirectOrigin !== ownOrigin && !config.AUTH_REDIRECT_ORIGINS.includes(redirectOrigin)) {
    throw errors.badLoginMessage("The login redirect address is not allowed.");
  }
}

export async function logIn(
  context: AppContext,
  message: AuthenticationRequestMessage,
  origin: LoginRequestOrigin,
): Promise<LoginSuccess | LoginSecondFactorOwed> {
  checkMessageIsForUs(message, context, origin.ownOrigin);
  const { db, secret } = context;
  const username = normaliseUsername(message.Login);
  // A browser this account logged in from before has its own allowance; every other client of
  // the account shares one. Either way the attempt is counted before the password is checked.
  const deviceNonce = trustedDeviceNonce(secret, username, origin.deviceCookie);
  const accountKey = deviceNonce
    ? `device:${hmac(secret, deviceNonce)}`
    : `account:${hmac(secret, username)}`;
  const limit = deviceNonce ? THROTTLE_POLICY.checksPerDevice : THROTTLE_POLICY.checksPerUntrustedAccount;
  const now = context.now();
  const account = await reserveAttempt(db, accountKey, limit, now);
  // Addresses are counted only to slow their failures: a shared NAT must not lock everyone out.
  const address = await reserveAttempt(db, `address:${hmac(secret, origin.clientAddress)}`, Infinity, now);
  if (!account.allowed) throw errors.loginLocked(account.retryAfterSeconds);

  const member = await findMemberByUsername(db, username);
  // Unknown users cost the same hash as wrong passwords: the answer and its timing say nothing.
  const passwordMatches = await verifyPassword(
    message.Password,
    member?.passwordHash ?? unknownUserHash(context.config.PASSWORD_HASH_COST),
  );
  // While staff sign in through the scheme's OpenID provider, a local staff password opens nothing
  // (unless STAFF_LOCAL_LOGIN=true): answered as a wrong password, after the same hash and delay.
  if (
    member &&
    passwordMatches &&
    !member.disabledAt &&
    (await localStaffPasswordRefused(context, member.entityNumber))
  ) {
    await sleep(failureDelayMs(account.count, address.count, context.config.LOGIN_SLOWDOWN_MS));
    throw new LocalStaffPasswordRefusedError(member.entityNumber);
  }
  // A disabled log-in (cli staff:disable) is answered as a wrong password, after the same hash.
  const accepted = member && passwordMatches && !member.disabledAt ? member : null;
  // A local staff log-in may owe a second factor: then a pending sign-in, and no session yet.
  const secondFactor = accepted ? await secondFactorStepFor(context, accepted.entityNumber) : null;
  if (accepted && secondFactor) {
    await clearFailures(db, accountKey);
    return {
      pendingToken: await createPendingSignIn(db, accepted.entityNumber, context.now()),
      secondFactor,
    };
  }
  const sessionToken = accepted
    ? await createSession(db, accepted.entityNumber, context.now(), "password")
    : null;
  if (!member || !sessionToken) {
    // A known staff account's refusal is on record (no row for members or unknown usernames).
    if (member) await recordPasswordSignIn(context, member.entityNumber, "failed", origin.requestId);
    await sleep(failureDelayMs(account.count, address.count, context.config.LOGIN_SLOWDOWN_MS));
    throw errors.loginFailed();
  }

  await clearFailures(db, accountKey);
  await recordPasswordSignIn(context, member.entityNumber, "succeeded", origin.requestId);
  return {
    sessionToken,
    deviceCookie: newDeviceCookie(secret, username),
    member: {
      entityNumber: member.entityNumber,
      firstName: member.firstName,
      lastName: member.lastName,
      language: keptLanguage(member.language),
    },
  };
}

import type { AuthenticationRequestMessage } from "@portal/domain";
import type { AppContext } from "../../app-context.js";
import { hmac } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import { findMemberByUsername, normaliseUsername } from "../members/members-repository.js";
import { unknownUserHash, verifyPassword } from "../members/passwords.js";
import {
  clearFailures,
  failureDelayMs,
  recordFailure,
  secondsUntilUnlocked,
  THROTTLE_POLICY,
  type ThrottleKey,
} from "./login-throttle.js";
import { createSession } from "./sessions.js";

export interface LoginRequestOrigin {
  /** `${protocol}://${host}` of the request. */
  ownOrigin: string;
  clientAddress: string;
}

export interface LoginSuccess {
  sessionToken: string;
  member: { entityNumber: number; firstName: string; lastName: string };
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
): Promise<LoginSuccess> {
  checkMessageIsForUs(message, context, origin.ownOrigin);
  const { db, secret } = context;
  const accountKey: ThrottleKey = {
    key: `account:${hmac(secret, normaliseUsername(message.Login))}`,
    lockThreshold: THROTTLE_POLICY.accountLockThreshold,
  };
  const addressKey: ThrottleKey = {
    key: `address:${hmac(secret, origin.clientAddress)}`,
    lockThreshold: THROTTLE_POLICY.addressLockThreshold,
  };
  const keys = [accountKey, addressKey];

  const lockedFor = await secondsUntilUnlocked(db, keys, context.now());
  if (lockedFor !== null) throw errors.loginLocked(lockedFor);

  const member = await findMemberByUsername(db, message.Login);
  // Unknown users cost the same hash as wrong passwords: the answer and its timing say nothing.
  const passwordMatches = await verifyPassword(
    message.Password,
    member?.passwordHash ?? unknownUserHash(context.config.PASSWORD_HASH_COST),
  );
  if (!member || !passwordMatches) {
    const failures = await recordFailure(db, keys, context.now());
    await sleep(failureDelayMs(failures, context.config.LOGIN_SLOWDOWN_MS));
    throw errors.loginFailed();
  }

  await clearFailures(db, accountKey.key);
  const sessionToken = await createSession(db, member.entityNumber, context.now());
  return {
    sessionToken,
    member: { entityNumber: member.entityNumber, firstName: member.firstName, lastName: member.lastName },
  };
}

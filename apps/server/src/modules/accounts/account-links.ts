import { ACCOUNT_LINK_ROUTES } from "@portal/domain";
import type { AppContext } from "../../app-context.js";
import { sealLink } from "../mail/index.js";

/** The page a mailed token opens, on the portal's configured address (PUBLIC_URL), sealed for the outbox. */
export function sealedAccountLink(
  context: AppContext,
  route: keyof typeof ACCOUNT_LINK_ROUTES,
  token: string,
): string {
  return sealLink(context.secret, `${context.config.publicUrl}/#${ACCOUNT_LINK_ROUTES[route]}${token}`);
}

/**
 * Holds an answer back until `minimumMs` after it began: the requests answer the same sentence
 * whether or not anyone matched, and should take the same time too (a match queues a mail).
 */
export async function answerNoSoonerThan(startedAt: number, minimumMs: number): Promise<void> {
  const wait = startedAt + minimumMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

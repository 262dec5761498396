import type { MemberSummary } from "@portal/domain";
import { createContext, useContext } from "react";

/** Who is using the console, and which of its parts are theirs. */
export interface ConsoleUser {
  person: MemberSummary;
  /** An agent or a supervisor: the queue, queries and documents. */
  isDesk: boolean;
  isSupervisor: boolean;
  /** The information officer: the audit trail, members' requests about their data, legal holds. */
  isInformationOfficer: boolean;
}

export const ConsoleUserContext = createContext<ConsoleUser | null>(null);

export function useConsoleUser(): ConsoleUser {
  const user = useContext(ConsoleUserContext);
  if (!user) throw new Error("useConsoleUser needs the console layout around it");
  return user;
}

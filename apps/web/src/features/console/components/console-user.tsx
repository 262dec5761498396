import type { MemberSummary } from "@portal/domain";
import { createContext, useContext } from "react";

/** Who is using the console, and whether they may do a supervisor's part. */
export interface ConsoleUser {
  person: MemberSummary;
  isSupervisor: boolean;
}

export const ConsoleUserContext = createContext<ConsoleUser | null>(null);

export function useConsoleUser(): ConsoleUser {
  const user = useContext(ConsoleUserContext);
  if (!user) throw new Error("useConsoleUser needs the console layout around it");
  return user;
}

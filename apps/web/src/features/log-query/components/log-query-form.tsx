import { type CreateQueryResponse, isDefaultRouteOrigin } from "@portal/domain";
import { useState } from "react";
import { DefaultQueryForm } from "./default-query-form";
import type { HandOver } from "./hand-over";
import { MedxpressQueryForm } from "./medxpress-query-form";
import type { NextQueryStart } from "./next-query-start";

interface LogQueryFormProps {
  /** The route origin: "default", or anything else for the medxpress channel (requirements §1). */
  origin: string;
  onLogged?: (response: CreateQueryResponse) => void;
  /** Set by the virtual assistant: the form chooses its category and takes focus. */
  handOver?: HandOver;
}

/**
 * The log-a-query form of the route's origin. "Log another query" on the success message starts a
 * new form in its place: a fresh one (a new key) so nothing of the query just sent is left behind,
 * except the e-mail address the member chose.
 */
export function LogQueryForm({ origin, onLogged, handOver }: LogQueryFormProps) {
  const [next, setNext] = useState<{ round: number; start?: NextQueryStart }>({ round: 0 });
  const logAnother = (start: NextQueryStart) => setNext(({ round }) => ({ round: round + 1, start }));
  const Form = isDefaultRouteOrigin(origin) ? DefaultQueryForm : MedxpressQueryForm;
  return (
    <Form
      key={next.round}
      onLogged={onLogged}
      onLogAnother={logAnother}
      start={next.start}
      handOver={handOver}
    />
  );
}

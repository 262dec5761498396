import { type CreateQueryResponse, isDefaultRouteOrigin } from "@portal/domain";
import { DefaultQueryForm } from "./default-query-form";
import { MedxpressQueryForm } from "./medxpress-query-form";

interface LogQueryFormProps {
  /** The route origin: "default", or anything else for the medxpress channel (requirements §1). */
  origin: string;
  onLogged?: (response: CreateQueryResponse) => void;
}

/** The log-a-query form of the route's origin. */
export function LogQueryForm({ origin, onLogged }: LogQueryFormProps) {
  return isDefaultRouteOrigin(origin) ? (
    <DefaultQueryForm onLogged={onLogged} />
  ) : (
    <MedxpressQueryForm onLogged={onLogged} />
  );
}

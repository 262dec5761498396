import type { ReactNode } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { LoadingStatus } from "../../../components/spinner/spinner";
import type { LoadState } from "../utils/load-state";

interface LoadStateContentProps<T> {
  state: LoadState<T>;
  loadingLabel: string;
  errorMessage: string;
  children: (data: T) => ReactNode;
}

/** A section's body: its own spinner, its own red alert, or its data. One failure stays in its card. */
export function LoadStateContent<T>({
  state,
  loadingLabel,
  errorMessage,
  children,
}: LoadStateContentProps<T>) {
  if (state.isError) return <ErrorAlert className="mb-0">{errorMessage}</ErrorAlert>;
  if (state.isPending || state.data === undefined) return <LoadingStatus label={loadingLabel} />;
  return <>{children(state.data)}</>;
}

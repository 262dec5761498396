/** What a section needs to know of a call: loading, failed, or its answer. */
export interface LoadState<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/**
 * The state of a call that waits for the member's details (for their entity number). It never
 * starts when the details fail, so it counts as failed too rather than loading for ever.
 */
export function afterMemberDetails<T>(details: { isError: boolean }, call: LoadState<T>): LoadState<T> {
  return {
    isPending: call.isPending && !details.isError,
    isError: call.isError || details.isError,
    data: call.data,
  };
}

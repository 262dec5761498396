import type { DataExport, PrepareMemberExport } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { memberExportsUrl } from "./get-member-exports";

/**
 * POST {CONSOLE_BASE}/members/{entityNumber}/data-exports (202): an archive of everything the
 * scheme holds on the member, made in the background for an access request.
 */
export function prepareMemberExport(entityNumber: number, grounds: PrepareMemberExport): Promise<DataExport> {
  return postJson<DataExport>(memberExportsUrl(entityNumber), grounds);
}

export function usePrepareMemberExport(entityNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** The grounds: the access request it answers, or the reason given. */
    mutationFn: (grounds: PrepareMemberExport) => prepareMemberExport(entityNumber, grounds),
    // The list shows the new archive at once, and polls it from there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.memberExports(entityNumber) }),
  });
}

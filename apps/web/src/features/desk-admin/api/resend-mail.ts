import { CONSOLE_BASE } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

/** POST {CONSOLE_BASE}/mails/{mailId}/resend (204, supervisors): back in the outbox for another try. */
export function resendMail(mailId: number): Promise<void> {
  return postJson(`${CONSOLE_BASE}/mails/${mailId}/resend`, {});
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.failedMails }),
  });
}

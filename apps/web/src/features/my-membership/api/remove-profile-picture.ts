import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { apiFetch } from "../../../lib/http";
import { profilePictureKeyRoot } from "./get-profile-picture";

/** DELETE {MEMBER_DETAILS_BASE}/profile-picture (204). */
export async function removeProfilePicture(url: string): Promise<void> {
  await apiFetch(url, { method: "DELETE" });
}

export function useRemoveProfilePicture() {
  const { memberDetailsBase } = useAppConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeProfilePicture(`${memberDetailsBase}/profile-picture`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilePictureKeyRoot }),
  });
}

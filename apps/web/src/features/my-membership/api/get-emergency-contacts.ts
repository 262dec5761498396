import type { EmergencyContact, EmergencyContactsResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** GET {MEMBER_DETAILS_BASE}/v2/member-details/emergency-contacts */
export async function getEmergencyContacts(url: string): Promise<EmergencyContact[]> {
  const response = await getJson<EmergencyContactsResponse>(url);
  return response.emergencyContacts;
}

export function useEmergencyContacts() {
  const { memberDetailsBase } = useAppConfig();
  const url = `${memberDetailsBase}/v2/member-details/emergency-contacts`;
  return useQuery(
    queryOptions({
      queryKey: ["my-membership", "emergency-contacts", url],
      queryFn: () => getEmergencyContacts(url),
    }),
  );
}

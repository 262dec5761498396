import type { DoctorAllocation, DoctorAllocationDetails } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

export function doctorAllocationsUrl(memberDetailsBase: string, entityNumber: number): string {
  return `${memberDetailsBase}/patient/${entityNumber}/doctor-allocation-details`;
}

/** GET …/patient/{entityNumber}/doctor-allocation-details: every allocation, newest first. */
export async function getDoctorAllocations(url: string): Promise<DoctorAllocation[]> {
  const response = await getJson<DoctorAllocationDetails>(url);
  return response.allocations;
}

/** Waits for the member's own entity number (from their details) before asking. */
export function useDoctorAllocations(entityNumber: number | undefined) {
  const { memberDetailsBase } = useAppConfig();
  const url = entityNumber === undefined ? "" : doctorAllocationsUrl(memberDetailsBase, entityNumber);
  return useQuery(
    queryOptions({
      queryKey: ["my-membership", "doctor-allocations", url],
      queryFn: () => getDoctorAllocations(url),
      enabled: entityNumber !== undefined,
    }),
  );
}

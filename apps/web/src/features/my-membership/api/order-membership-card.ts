import { useMutation } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { postText } from "../../../lib/http";

/**
 * POST …/v2/member-details/order-membership-card (no body): answers a sentence with the order
 * number. A second order the same day answers the first one, so a double click orders one card.
 */
export async function orderMembershipCard(url: string): Promise<string> {
  return postText(url);
}

export function useOrderMembershipCard() {
  const { memberDetailsBase } = useAppConfig();
  return useMutation({
    mutationFn: () => orderMembershipCard(`${memberDetailsBase}/v2/member-details/order-membership-card`),
  });
}

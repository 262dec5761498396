import { type AgentResponseResponse, toServerOrigin } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

export function agentResponseUrl(
  smartInquiryBase: string,
  referenceNumber: number,
  routeOrigin: string,
): string {
  return `${smartInquiryBase}/member-queries/${referenceNumber}/agent-response?origin=${toServerOrigin(routeOrigin)}`;
}

/** The reply as its own HTML document, for the sandboxed frame. */
export function agentReplyDocumentUrl(
  smartInquiryBase: string,
  referenceNumber: number,
  routeOrigin: string,
): string {
  return `${smartInquiryBase}/member-queries/${referenceNumber}/agent-response/document?origin=${toServerOrigin(routeOrigin)}`;
}

/** GET …/agent-response: the base64 of the e-mailed HTML reply, or null while none was sent. */
export async function getAgentResponse(url: string): Promise<string | null> {
  const response = await getJson<AgentResponseResponse>(url);
  return response.encodedResponse;
}

export function useAgentResponse(referenceNumber: number, routeOrigin: string) {
  const { smartInquiryBase } = useAppConfig();
  const url = agentResponseUrl(smartInquiryBase, referenceNumber, routeOrigin);
  return useQuery(queryOptions({ queryKey: ["agent-response", url], queryFn: () => getAgentResponse(url) }));
}

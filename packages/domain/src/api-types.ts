// Response bodies of the services (spec §3), as the server sends them and the web app reads them.

export interface QueryListItem {
  referenceNumber: number;
  category: string;
  queryDetail: string;
  /** ISO date-time; shown with formatDate. */
  dateLogged: string;
}

export interface QueryListResponse {
  queries: QueryListItem[];
}

export interface AttachmentRef {
  attachmentId: number;
  fileName: string;
}

export interface QueryView extends QueryListItem {
  attachments: AttachmentRef[];
  /** False when the query is closed or too old: the screen then hides the update option. */
  canUpdate: boolean;
}

export interface QueryViewResponse {
  query: QueryView;
}

export interface AgentResponseResponse {
  /** Base64 of the UTF-8 HTML e-mail; null while no reply has been sent. */
  encodedResponse: string | null;
}

export interface DocumentSubmission {
  referenceNumber: number;
  category: string;
  dateLogged: string;
  attachments: AttachmentRef[];
}

export interface DocumentSubmissionResponse {
  documentSubmission: DocumentSubmission;
}

/** Answer to creating a query and to adding an update (the update's own new reference number). */
export interface CreateQueryResponse {
  referenceNumber: number;
}

export interface MemberSummary {
  entityNumber: number;
  firstName: string;
  lastName: string;
}

export type SessionInfo = { authenticated: false } | { authenticated: true; member: MemberSummary };

/** GET /app-config.json: what the SPA needs before it renders. */
export interface AppConfig {
  /** Relative or protocol-relative base path of the smart-inquiry service. */
  smartInquiryBase: string;
  /** Relative or protocol-relative base path of the member-details service. */
  memberDetailsBase: string;
  /** Host names containing this use the preview content tree. */
  contentPreviewMarker: string;
  authDomain: string;
  authClientId: string;
  schemeName: string;
}

export interface MemberDetailsEmail {
  address: string;
}

/** GET {MEMBER_DETAILS_BASE}/v2/member-details: the member's own details (sections added by flags). */
export interface MemberDetailsResponse {
  entityNumber: number;
  firstName: string;
  lastName: string;
  /** The first address prefills the query form. */
  emails: MemberDetailsEmail[];
}

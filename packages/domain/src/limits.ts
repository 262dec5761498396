// Business constants and limits of requirements §9, plus UI and protocol constants shared by web and server.

/** 10 MB means 10 × 1024 × 1024 bytes, for all files of one submission together (requirements §10.9). */
export const MAX_ATTACHMENTS_TOTAL_BYTES = 10 * 1024 * 1024;
/** Files one submission may carry, by the form or by e-mail. */
export const MAX_ATTACHMENT_FILES = 20;
export const MAX_QUERY_DETAIL_LENGTH = 20000;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const OPEN_QUERIES_DAYS_AGO = 7;
export const QUERY_STATUS_OPEN = "OPEN";
export const QUERY_STATUSES = ["OPEN", "CLOSED"] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];
/** A query's status as the member's pages word it. */
export const QUERY_STATUS_LABELS: Readonly<Record<QueryStatus, string>> = { OPEN: "Open", CLOSED: "Closed" };

/** Fixed product value sent with every medxpress query. */
export const MEDXPRESS_PRODUCT = "Health";
export const DATE_FORMAT = "yyyy-MM-dd";
export const DEFAULT_LOCALE = "en-US";

export const COOKIE_SIZE_WARNING_BYTES = 4096;
export const MODAL_BACKDROP_Z_INDEX = 1050;
export const BLOCK_UI_Z_INDEX = 30000;
export const DEFAULT_BLOCK_UI_NAME = "block-ui-main";
export const DEFAULT_BLOCK_UI_DELAY_MS = 0;

export const GATEWAY_PATH = "/wsg/rest";
export const PORTAL_PING_PATH = "/portal/wlxapp/Ping.srv";
/** The gateway's session answer; also where a browser without an anti-forgery token gets one. */
export const SESSION_PATH = "/wsg/session";
/** PUT: the logged-in member chooses the language the portal and its mails speak to them in. */
export const MEMBER_LANGUAGE_PATH = "/wsg/language";
export const AUTH_SCHEMA_VERSION = 1;
/** Set to PORTAL_ID_COOKIE_VALUE for the portal ping during login, then removed. */
export const PORTAL_ID_COOKIE = "PORTALID";
export const PORTAL_ID_COOKIE_VALUE = "WSGPORTAL";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

export const INTERACTION_TIMELINE_PATH = "/portal/medical-aid/interaction-timeline";
/** A new query appears on the interaction timeline only this long after it was logged. */
export const TIMELINE_DELAY_HOURS = 24;

/** The scheme's main website when SCHEME_SITE_URL is not set: a placeholder, like the rest of the demo scheme. */
export const DEFAULT_SCHEME_SITE_URL = "https://www.meridian.example";

// The membership card, certificate, card orders and profile pictures of the member-details service
// (requirements §7). Shared by the server (limits it enforces) and the web app (limits it checks first and
// the sentences it shows). The spec says only "text" for these answers; docs/decisions/0005 records
// what the text is.

/** Formats a profile picture may be uploaded in, told apart by content (magic bytes), never by name. */
export const PROFILE_PICTURE_TYPES = ["image/png", "image/jpeg"] as const;
export type ProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];

export const PROFILE_PICTURE_LIMITS = {
  /** Largest upload accepted, in bytes. */
  maxBytes: 5 * 1024 * 1024,
  /** Largest picture accepted, in pixels (width × height): refuses decompression bombs. */
  maxPixels: 36_000_000,
  /** The stored picture fits inside this many pixels each way; smaller pictures are kept as they are. */
  storedSize: 1024,
  /** Largest width or height a caller may ask for when reading the picture. */
  maxRequestedSize: 1024,
} as const;

export const PROFILE_PICTURE_MESSAGES = {
  wrongType: "Please choose a PNG or JPEG picture.",
  tooLarge: "Please choose a picture of at most 5 MB.",
  tooManyPixels: "This picture is too large. Please choose one of at most 36 megapixels.",
  unreadable: "This picture could not be read. Please choose another PNG or JPEG picture.",
  notFound: "No profile picture has been uploaded.",
} as const;

/** The multipart field a profile picture is uploaded in (POST /profile-picture/). */
export const PROFILE_PICTURE_FIELD = "file";

/** Stored pictures are re-encoded as JPEG, which also drops every piece of metadata (EXIF, GPS). */
export const PROFILE_PICTURE_STORED_TYPE = "image/jpeg";

/** The text answer of GET /profile-picture/ and /{entityNumber}: a data URI an <img> can show. */
export function profilePictureDataUri(base64: string): string {
  return `data:${PROFILE_PICTURE_STORED_TYPE};base64,${base64}`;
}

/** A membership-card order number as members see it: MC- and six digits. */
export function membershipCardOrderNumber(orderId: number): string {
  return `MC-${String(orderId).padStart(6, "0")}`;
}

/** The text answer of order-membership-card. A second order the same day answers the first one. */
export function membershipCardOrderConfirmation(orderNumber: string): string {
  return `Your new membership card has been ordered. Your order number is ${orderNumber}.`;
}

/** File names of the PDFs the membership page offers for download. */
export const MEMBERSHIP_DOCUMENT_FILE_NAMES = {
  card: "membership-card.pdf",
  certificate: "membership-certificate.pdf",
} as const;

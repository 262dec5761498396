import {
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_TYPES,
  type ProfilePictureType,
} from "@portal/domain";

const isAllowedType = (type: string): type is ProfilePictureType =>
  (PROFILE_PICTURE_TYPES as readonly string[]).includes(type);

/**
 * Why a chosen file cannot be a profile picture, or null when it may be sent. Checked in the
 * browser first, so the member does not wait for an upload the server would refuse; the server
 * checks again, by content.
 */
export function profilePictureProblem(file: File): string | null {
  if (!isAllowedType(file.type)) return PROFILE_PICTURE_MESSAGES.wrongType;
  if (file.size > PROFILE_PICTURE_LIMITS.maxBytes) return PROFILE_PICTURE_MESSAGES.tooLarge;
  return null;
}

/** The same check for the picture's size in pixels, once the preview has decoded it. */
export function profilePicturePixelProblem(width: number, height: number): string | null {
  return width * height > PROFILE_PICTURE_LIMITS.maxPixels ? PROFILE_PICTURE_MESSAGES.tooManyPixels : null;
}

const SERVER_SENTENCES = new Set<string>(Object.values(PROFILE_PICTURE_MESSAGES));

/**
 * The server's refusal when it is one of the profile-picture sentences, else undefined: the page
 * never shows other server text as it is.
 */
export function knownProfilePictureMessage(message: string | undefined): string | undefined {
  return message !== undefined && SERVER_SENTENCES.has(message) ? message : undefined;
}

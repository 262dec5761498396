import type { MessageDescriptor } from "@lingui/core";
import { PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import type { translate } from "../../../i18n/translate";
import { myMembershipMessages as messages } from "../my-membership.messages";

/** Each profile-picture sentence of the domain (the browser's checks and the server's), and its message. */
export const PROFILE_PICTURE_MESSAGE_DESCRIPTORS = new Map<string, MessageDescriptor>([
  [PROFILE_PICTURE_MESSAGES.wrongType, messages.pictureWrongType],
  [PROFILE_PICTURE_MESSAGES.tooLarge, messages.pictureTooLarge],
  [PROFILE_PICTURE_MESSAGES.tooManyPixels, messages.pictureTooManyPixels],
  [PROFILE_PICTURE_MESSAGES.unreadable, messages.pictureUnreadable],
  [PROFILE_PICTURE_MESSAGES.notFound, messages.pictureNotFound],
]);

/**
 * A profile-picture sentence in the member's language. The checks and the server say them in
 * the domain's English; any other sentence stays as it is.
 */
export function translateProfilePictureMessage(sentence: string, t: typeof translate): string {
  const descriptor = PROFILE_PICTURE_MESSAGE_DESCRIPTORS.get(sentence);
  return descriptor ? t(descriptor) : sentence;
}

import { EXCEPTION_CODES } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getText, isHttpError } from "../../../lib/http";

/** The picture as the page shows it: a 160-pixel square, cropped by the server. */
export function profilePictureUrl(memberDetailsBase: string): string {
  const size = new URLSearchParams({ width: "160", height: "160", crop: "true" });
  return `${memberDetailsBase}/profile-picture/?${size.toString()}`;
}

/**
 * GET …/profile-picture/: a data URI (text/plain), or null while none has been uploaded (404
 * NOT_FOUND is an ordinary answer here, not a failure).
 */
export async function getProfilePicture(url: string): Promise<string | null> {
  let text: string;
  try {
    text = await getText(url);
  } catch (error) {
    if (
      isHttpError(error) &&
      error.status === 404 &&
      error.body?.exceptionCode === EXCEPTION_CODES.NOT_FOUND
    ) {
      return null;
    }
    throw error;
  }
  // Only a picture may become an <img> source.
  if (!text.startsWith("data:image/"))
    throw new Error("The profile picture answer is not an image data URI.");
  return text;
}

/** Every cached picture lives below this key, so an upload or a removal can refresh it. */
export const profilePictureKeyRoot = ["my-membership", "profile-picture"] as const;

export function useProfilePicture() {
  const { memberDetailsBase } = useAppConfig();
  const url = profilePictureUrl(memberDetailsBase);
  return useQuery(
    queryOptions({ queryKey: [...profilePictureKeyRoot, url], queryFn: () => getProfilePicture(url) }),
  );
}

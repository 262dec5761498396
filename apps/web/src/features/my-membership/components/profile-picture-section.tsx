import { PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import { PageSection } from "../../../components/page-section/page-section";
import { useProfilePicture } from "../api/get-profile-picture";
import { MY_MEMBERSHIP_MESSAGES } from "../utils/messages";
import { LoadStateContent } from "./load-state-content";
import { ProfilePictureUpload } from "./profile-picture-upload";
import { RemoveProfilePicture } from "./remove-profile-picture";

/** The current picture (or a line saying there is none), a way to remove it, and a way to upload a new one. */
export function ProfilePictureSection() {
  const picture = useProfilePicture();
  return (
    <PageSection title="Profile picture">
      <div className="mb-3">
        <LoadStateContent
          state={picture}
          loadingLabel="Loading your profile picture..."
          errorMessage={MY_MEMBERSHIP_MESSAGES.pictureLoad}
        >
          {(dataUri) =>
            dataUri === null ? (
              <p className="mb-0">{PROFILE_PICTURE_MESSAGES.notFound}</p>
            ) : (
              <img
                className="profile-picture"
                src={dataUri}
                // biome-ignore lint/a11y/noRedundantAlt: the words name what is shown (the member's profile picture), not the element.
                alt="Your profile picture"
                width={160}
                height={160}
              />
            )
          }
        </LoadStateContent>
      </div>
      <RemoveProfilePicture hasPicture={typeof picture.data === "string"} />
      <ProfilePictureUpload />
    </PageSection>
  );
}

import { PageSection } from "../../../components/page-section/page-section";
import { useTranslate } from "../../../i18n/translate";
import { useProfilePicture } from "../api/get-profile-picture";
import { myMembershipMessages as messages } from "../my-membership.messages";
import { LoadStateContent } from "./load-state-content";
import { ProfilePictureUpload } from "./profile-picture-upload";
import { RemoveProfilePicture } from "./remove-profile-picture";

/** The current picture (or a line saying there is none), a way to remove it, and a way to upload a new one. */
export function ProfilePictureSection() {
  const picture = useProfilePicture();
  const { t } = useTranslate();
  return (
    <PageSection title={t(messages.profilePicture)}>
      <div className="mb-3">
        <LoadStateContent
          state={picture}
          loadingLabel={t(messages.pictureLoading)}
          errorMessage={t(messages.pictureLoad)}
        >
          {(dataUri) =>
            dataUri === null ? (
              <p className="mb-0">{t(messages.pictureNotFound)}</p>
            ) : (
              <img
                className="profile-picture"
                src={dataUri}
                alt={t(messages.pictureAlt)}
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

import { useTranslate } from "../../../i18n/translate";
import { myMembershipMessages as messages } from "../my-membership.messages";

interface PictureCropPreviewProps {
  src: string;
  /** The decoded size, for the pixel limit; called once the browser has read the picture. */
  onDecoded: (width: number, height: number) => void;
  onUnreadable: () => void;
}

/**
 * The chosen picture in a square, cut the way the server will crop it (centred, covering the
 * square). The square and object-fit come from app.css: the CSP forbids style attributes.
 */
export function PictureCropPreview({ src, onDecoded, onUnreadable }: PictureCropPreviewProps) {
  const { t } = useTranslate();
  return (
    <figure className="mb-3">
      <div className="profile-picture-crop">
        <img
          className="profile-picture-crop__image"
          src={src}
          alt={t(messages.previewAlt)}
          onLoad={(event) => onDecoded(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
          onError={onUnreadable}
        />
      </div>
      <figcaption className="form-text">{t(messages.previewCaption)}</figcaption>
    </figure>
  );
}

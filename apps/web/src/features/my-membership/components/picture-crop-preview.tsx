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
  return (
    <figure className="mb-3">
      <div className="profile-picture-crop">
        <img
          className="profile-picture-crop__image"
          src={src}
          // biome-ignore lint/a11y/noRedundantAlt: the words name what is shown (the member's profile picture), not the element.
          alt="Preview of your new profile picture"
          onLoad={(event) => onDecoded(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
          onError={onUnreadable}
        />
      </div>
      <figcaption className="form-text">This is how your picture will be cropped.</figcaption>
    </figure>
  );
}

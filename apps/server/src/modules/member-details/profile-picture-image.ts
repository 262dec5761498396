import {
  EXCEPTION_CODES,
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_TYPES,
  type ProfilePictureType,
} from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { createConcurrencyLimit } from "../../lib/concurrency-limit.js";
import { AppError } from "../../lib/errors.js";

// Profile pictures are decoded and re-encoded by sharp (libvips) on upload: what is stored is a JPEG
// the server made, never the bytes a browser sent, so metadata (EXIF, GPS, comments) and anything
// hidden after the image data are gone.

export const pictureRefused = {
  wrongType: () =>
    new AppError(415, EXCEPTION_CODES.PROFILE_PICTURE_RULE, PROFILE_PICTURE_MESSAGES.wrongType),
  tooLarge: () => new AppError(413, EXCEPTION_CODES.PROFILE_PICTURE_RULE, PROFILE_PICTURE_MESSAGES.tooLarge),
  tooManyPixels: () =>
    new AppError(413, EXCEPTION_CODES.PROFILE_PICTURE_RULE, PROFILE_PICTURE_MESSAGES.tooManyPixels),
  unreadable: () =>
    new AppError(400, EXCEPTION_CODES.PROFILE_PICTURE_RULE, PROFILE_PICTURE_MESSAGES.unreadable),
};

export interface StoredPicture {
  image: Buffer;
  width: number;
  height: number;
}

const isAllowedType = (mime: string | undefined): mime is ProfilePictureType =>
  PROFILE_PICTURE_TYPES.some((type) => type === mime);

// A 36-megapixel picture takes about 150 MB to decode: one libvips thread per picture, and two
// pictures at a time in the whole process, so a burst of uploads or resized reads queues up.
sharp.concurrency(1);
const decoding = createConcurrencyLimit(2);

/** sharp refuses to decode more pixels than this, whatever the header claims. */
const decodeOptions = { limitInputPixels: PROFILE_PICTURE_LIMITS.maxPixels, failOn: "error" } as const;

/**
 * Checks an upload by content and turns it into the stored picture: PNG or JPEG by magic bytes,
 * at most maxPixels, turned upright by its EXIF orientation, fitted inside storedSize each way,
 * transparency on white, re-encoded as JPEG without metadata.
 */
export async function normaliseProfilePicture(upload: Buffer): Promise<StoredPicture> {
  if (upload.length > PROFILE_PICTURE_LIMITS.maxBytes) throw pictureRefused.tooLarge();
  if (!isAllowedType((await fileTypeFromBuffer(upload))?.mime)) throw pictureRefused.wrongType();
  let metadata: Metadata;
  try {
    // Reading the header decodes nothing, so it may look at any size: a decompression bomb is
    // refused below, by what its header claims, before a pixel is expanded.
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw pictureRefused.unreadable();
  }
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0) throw pictureRefused.unreadable();
  if (width * height > PROFILE_PICTURE_LIMITS.maxPixels) throw pictureRefused.tooManyPixels();
  try {
    const { data, info } = await decoding(() =>
      sharp(upload, decodeOptions)
        .rotate()
        .resize({
          width: PROFILE_PICTURE_LIMITS.storedSize,
          height: PROFILE_PICTURE_LIMITS.storedSize,
          fit: "inside",
          withoutEnlargement: true,
        })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
    );
    return { image: data, width: info.width, height: info.height };
  } catch {
    throw pictureRefused.unreadable();
  }
}

export interface PictureSize {
  width?: number | undefined;
  height?: number | undefined;
  crop?: boolean | undefined;
}

/**
 * The stored picture at the size asked for. Without width or height it is sent as stored. With
 * crop it fills the box exactly, cut from the centre (a square of the shorter side when only crop
 * is asked); without, it fits inside the box with its proportions kept.
 */
export async function renderProfilePicture(stored: StoredPicture, size: PictureSize): Promise<Buffer> {
  const { width, height, crop = false } = size;
  if (width === undefined && height === undefined && !crop) return stored.image;
  const side = Math.min(stored.width, stored.height);
  const box = width === undefined && height === undefined ? { width: side, height: side } : { width, height };
  return decoding(() =>
    sharp(stored.image, decodeOptions)
      .resize({ ...box, fit: crop ? "cover" : "inside", position: "centre" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer(),
  );
}

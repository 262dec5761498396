import {
  formatFileSize,
  PROFILE_PICTURE_LIMITS,
  PROFILE_PICTURE_MESSAGES,
  PROFILE_PICTURE_TYPES,
} from "@portal/domain";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { SendButton } from "../../../components/form-fields/send-button";
import { type translate, useTranslate } from "../../../i18n/translate";
import { isHttpError } from "../../../lib/http";
import { useUploadProfilePicture } from "../api/upload-profile-picture";
import { myMembershipMessages as messages } from "../my-membership.messages";
import {
  knownProfilePictureMessage,
  profilePicturePixelProblem,
  profilePictureProblem,
} from "../utils/profile-picture-problem";
import { readAsDataUri } from "../utils/read-as-data-uri";
import { translateProfilePictureMessage } from "../utils/translate-profile-picture-message";
import { PictureCropPreview } from "./picture-crop-preview";

/** The server's own sentence when it is a known one (wrong type, too large…), else ours. */
function uploadErrorMessage(error: Error, t: typeof translate): string {
  const serverMessage = knownProfilePictureMessage(isHttpError(error) ? error.body?.message : undefined);
  return serverMessage ? translateProfilePictureMessage(serverMessage, t) : t(messages.pictureSave);
}

/** Choose a PNG or JPEG, see it cropped, then "Save picture" (with upload progress). */
export function ProfilePictureUpload() {
  const upload = useUploadProfilePicture();
  const { t } = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input after a save or a cancel.
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const saved = useRef<HTMLDivElement>(null);
  // The focused "Save picture" goes away once saved: focus moves to the sentence that says so.
  useEffect(() => {
    if (upload.isSuccess) saved.current?.focus();
  }, [upload.isSuccess]);

  useEffect(() => {
    setPreview(null);
    if (!file) return;
    let current = true;
    readAsDataUri(file).then(
      (dataUri) => current && setPreview(dataUri),
      () => {
        if (!current) return;
        setProblem(PROFILE_PICTURE_MESSAGES.unreadable);
        setFile(null);
      },
    );
    return () => {
      current = false;
    };
  }, [file]);

  const clearChoice = () => {
    setFile(null);
    setInputKey((key) => key + 1);
  };
  const choose = (chosen: File | undefined) => {
    upload.reset();
    const refusal = chosen ? profilePictureProblem(chosen) : null;
    setProblem(refusal);
    setFile(chosen && refusal === null ? chosen : null);
  };
  const refuse = (message: string) => {
    setProblem(message);
    clearChoice();
  };

  return (
    <form
      noValidate
      aria-label={t(messages.uploadFormName)}
      onSubmit={(event) => {
        event.preventDefault();
        if (file) upload.mutate(file, { onSuccess: clearChoice });
      }}
    >
      <div className="mb-3">
        <label className="form-label" htmlFor={inputId}>
          {t(messages.choosePicture)}
        </label>
        <input
          key={inputKey}
          id={inputId}
          className="form-control"
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(",")}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          disabled={upload.isPending}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <p className="form-text mb-0" id={hintId}>
          {t(messages.pictureHint, { size: formatFileSize(PROFILE_PICTURE_LIMITS.maxBytes) })}
        </p>
      </div>
      {problem ? (
        <div id={problemId}>
          <ErrorAlert>{translateProfilePictureMessage(problem, t)}</ErrorAlert>
        </div>
      ) : null}
      {file && preview ? (
        <>
          <PictureCropPreview
            src={preview}
            onDecoded={(width, height) => {
              const tooBig = profilePicturePixelProblem(width, height);
              if (tooBig) refuse(tooBig);
            }}
            onUnreadable={() => refuse(PROFILE_PICTURE_MESSAGES.unreadable)}
          />
          {upload.error ? <ErrorAlert>{uploadErrorMessage(upload.error, t)}</ErrorAlert> : null}
          <div className="d-flex flex-wrap align-items-start gap-2">
            <SendButton
              label={t(messages.savePicture)}
              progressLabel={t(messages.uploadingPicture)}
              sending={upload.isPending}
              progress={upload.progress}
            />
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={clearChoice}
              disabled={upload.isPending}
            >
              {t(messages.cancel)}
            </button>
          </div>
        </>
      ) : null}
      {upload.isSuccess ? (
        <div ref={saved} tabIndex={-1} className="alert alert-success mb-0" role="status">
          {t(messages.pictureSaved)}
        </div>
      ) : null}
    </form>
  );
}

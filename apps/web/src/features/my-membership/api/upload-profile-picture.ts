import { PROFILE_PICTURE_FIELD } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAppConfig } from "../../../config/app-config";
import { type UploadProgress, uploadWithProgress } from "../../../lib/upload-with-progress";
import { profilePictureKeyRoot } from "./get-profile-picture";

export function uploadProfilePictureUrl(memberDetailsBase: string): string {
  return `${memberDetailsBase}/profile-picture/`;
}

/** The multipart body: the picture alone, in the field the server reads. */
export function profilePictureFormData(file: File): FormData {
  const form = new FormData();
  form.append(PROFILE_PICTURE_FIELD, file, file.name);
  return form;
}

/** POST …/profile-picture/ with upload progress; answers the stored picture as a data URI. */
export function useUploadProfilePicture() {
  const { memberDetailsBase } = useAppConfig();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(null);
      return uploadWithProgress<string>(
        uploadProfilePictureUrl(memberDetailsBase),
        profilePictureFormData(file),
        {
          onProgress: setProgress,
          responseType: "text",
        },
      );
    },
    // The page shows a cropped size of its own: ask for it again rather than reuse the answer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilePictureKeyRoot }),
  });
  return { ...mutation, progress };
}

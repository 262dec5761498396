/**
 * Hands a Blob to the browser as a download named `fileName`, through a temporary <a download>:
 * the only way to name the file when the bytes came from an API call rather than a link.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked a while later: some browsers start reading the file only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

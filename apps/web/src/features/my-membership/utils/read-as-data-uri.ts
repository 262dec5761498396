/**
 * Reads a chosen file as a data: URI for the preview. Not URL.createObjectURL: the portal's CSP
 * allows images from 'self' and data: only, so a blob: URL would show as a broken image.
 */
export function readAsDataUri(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => resolve(String(reader.result)));
    reader.addEventListener("error", () => reject(reader.error ?? new Error("The file could not be read.")));
    reader.readAsDataURL(file);
  });
}

/** Decodes base64 text (line breaks allowed) into a Blob of the given type. Throws on bad base64. */
export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

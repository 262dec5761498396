import { classifyFileKind } from "@portal/domain";
import { useTranslate } from "../../i18n/translate";
import { FILE_KIND_GLYPHS, PAGE_OUTLINE } from "./file-kind-glyphs";
import { FILE_KIND_WORDS } from "./file-kind-words";

interface FileKindIconProps {
  fileName: string;
  /** The declared type of a chosen file; a stored attachment has only its name, so its extension decides. */
  mimeType?: string;
}

/**
 * The icon of a file's kind (requirements §5 "File kind classification"), with the kind in words
 * for screen readers: the icon itself is decorative.
 */
export function FileKindIcon({ fileName, mimeType = "" }: FileKindIconProps) {
  const kind = classifyFileKind(mimeType, fileName);
  const { t } = useTranslate();
  return (
    <>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="file-kind-icon me-1"
        aria-hidden="true"
        focusable="false"
        data-file-kind={kind}
      >
        <path d={PAGE_OUTLINE} />
        {FILE_KIND_GLYPHS[kind]}
      </svg>
      <span className="visually-hidden">{t(FILE_KIND_WORDS[kind])}: </span>
    </>
  );
}

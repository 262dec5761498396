import type { MessageDescriptor } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { portalI18n } from "./portal-i18n";

/** A message in the active language (its English when the catalogue lacks it), values filled in. */
export function translate(descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  return portalI18n._(descriptor.id, values, { message: descriptor.message });
}

const subscribe = (onChange: () => void) => portalI18n.on("change", onChange);
const activeLanguage = () => portalI18n.locale;

/**
 * `translate` for a component, which renders again when the member switches language (no page
 * reload). Returns the function and the active language's code.
 */
export function useTranslate(): { t: typeof translate; language: string } {
  const language = useSyncExternalStore(subscribe, activeLanguage);
  return { t: translate, language };
}

import { useAppConfig } from "../../config/app-config";

/**
 * The browser tab's title for the screen: "<what this screen is> · <scheme's short name>", so tabs, history and
 * a screen reader's announcement of the new page tell screens apart (index.html's "Member portal"
 * is only the title until the app has loaded). React places it in the document's head. One per
 * screen.
 */
export function PageTitle({ children }: { children: string }) {
  const { brand } = useAppConfig();
  return <title>{`${children} · ${brand.shortName}`}</title>;
}

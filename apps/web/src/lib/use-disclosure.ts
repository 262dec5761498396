import { useId, useState } from "react";

/**
 * A button that shows and hides a region: whether it is open, the region's id, and the props that
 * make the button toggle it and tell assistive technology which region it controls and its state.
 */
export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const regionId = useId();
  const toggleProps = {
    "aria-expanded": open,
    "aria-controls": regionId,
    onClick: () => setOpen((wasOpen) => !wasOpen),
  };
  return { open, regionId, toggleProps };
}

import { DEFAULT_BLOCK_UI_NAME } from "@portal/domain";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Spinner } from "../spinner/spinner";

type Counts = Readonly<Record<string, number>>;

interface BlockerActions {
  start: (name: string) => void;
  stop: (name: string) => void;
}

// Two contexts: components that only start/stop do not re-render whenever a counter changes.
const CountsContext = createContext<Counts | null>(null);
const ActionsContext = createContext<BlockerActions | null>(null);

/**
 * Holds one counter per blocker name (requirements §4): every start() needs its stop(), so overlapping
 * operations keep the screen blocked until the last one ends. Renders the full-screen main blocker.
 */
export function ScreenBlockerProvider({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Counts>({});
  const start = useCallback((name: string) => {
    setCounts((current) => ({ ...current, [name]: (current[name] ?? 0) + 1 }));
  }, []);
  const stop = useCallback((name: string) => {
    // An unmatched stop() must not go below zero, or the next start() would not show the overlay.
    setCounts((current) => ({ ...current, [name]: Math.max(0, (current[name] ?? 0) - 1) }));
  }, []);
  const actions = useMemo(() => ({ start, stop }), [start, stop]);
  return (
    <ActionsContext value={actions}>
      <CountsContext value={counts}>
        {children}
        <ScreenBlockerOverlay name={DEFAULT_BLOCK_UI_NAME} fullScreen />
      </CountsContext>
    </ActionsContext>
  );
}

function required<T>(value: T | null): T {
  if (value === null) throw new Error("Screen blocker hooks must be used below ScreenBlockerProvider");
  return value;
}

export interface ScreenBlocker {
  /** Stable between renders, so it is safe in effect dependencies. */
  start: () => void;
  stop: () => void;
}

export function useScreenBlocker(name: string = DEFAULT_BLOCK_UI_NAME): ScreenBlocker {
  const { start, stop } = required(useContext(ActionsContext));
  return useMemo(() => ({ start: () => start(name), stop: () => stop(name) }), [name, start, stop]);
}

export function useIsBlocking(name: string = DEFAULT_BLOCK_UI_NAME): boolean {
  return (required(useContext(CountsContext))[name] ?? 0) > 0;
}

interface OverlayProps {
  name: string;
  /** Covers the viewport; otherwise it covers the nearest positioned ancestor. */
  fullScreen?: boolean;
  label?: string;
}

/** Shown at once (the default delay is 0 ms) while the named counter is above zero. */
export function ScreenBlockerOverlay({ name, fullScreen = false, label }: OverlayProps) {
  if (!useIsBlocking(name)) return null;
  return (
    <div
      className={`block-ui-overlay ${fullScreen ? "block-ui-overlay--fixed" : "block-ui-overlay--local"}`}
      data-block-ui={name}
      role="status"
      aria-live="polite"
    >
      <Spinner label={label} className="text-light" />
    </div>
  );
}

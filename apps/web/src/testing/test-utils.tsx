import type { AppConfig } from "@portal/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactElement, type ReactNode, useLayoutEffect } from "react";
import {
  createMemoryRouter,
  type NavigateFunction,
  RouterProvider,
  useLocation,
  useNavigate,
} from "react-router";
import { ScreenBlockerProvider } from "../components/screen-blocker/screen-blocker";
import { AppConfigContext } from "../config/app-config";

export const testConfig: AppConfig = {
  smartInquiryBase: "/api/smart-inquiry",
  memberDetailsBase: "/api/member-details",
  contentPreviewMarker: "",
  authDomain: "memberportal",
  authClientId: "portal-web-test",
  brand: {
    name: "Test Medical Scheme",
    shortName: "Test Scheme",
    logo: null,
    colours: { primary: "#0e5e6f", ink: "#0a3d47", inkText: "#dee2e6", accent: "#f2b544" },
    contactLines: [
      {
        label: "Member services",
        number: "0860 000 001",
        dial: "+27860000001",
        hours: "Weekdays 08:00–17:00",
      },
      { label: "Emergencies", number: "0800 000 002", dial: "+27800000002", hours: "24 hours, every day" },
    ],
    closedDays: "Member services is closed on Sundays.",
    footerLinks: [
      { label: "Privacy notice", href: "https://www.scheme.example/privacy-notice" },
      { label: "PAIA manual", href: "https://www.scheme.example/paia-manual" },
    ],
    footerNote:
      "Test Medical Scheme is a fictional medical scheme: the contact details above are example data.",
  },
  sessionIdleMinutes: 15,
  staffSignIn: false,
  timeZone: "Africa/Johannesburg",
  memberLanguages: ["en", "zu", "af"],
};

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function TestProviders({
  children,
  queryClient,
  config = testConfig,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  config?: AppConfig;
}) {
  return (
    <AppConfigContext value={config}>
      <QueryClientProvider client={queryClient}>
        <ScreenBlockerProvider>{children}</ScreenBlockerProvider>
      </QueryClientProvider>
    </AppConfigContext>
  );
}

/** Renders `ui` at `route` inside the app's providers and a memory router (for links and navigation). */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = "/",
    config,
    extraRoutes = [],
  }: { route?: string; config?: AppConfig; extraRoutes?: string[] } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [{ path: "*", element: ui }, ...extraRoutes.map((path) => ({ path, element: <p>Arrived at {path}</p> }))],
    { initialEntries: [route] },
  );
  const result = render(
    <TestProviders queryClient={queryClient} config={config}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, queryClient, router };
}

/** Where a test's router is: the location last shown (path and query), and a way to move. */
export interface ShownLocation {
  href: string;
  navigate: NavigateFunction | undefined;
}

export function shownLocation(): ShownLocation {
  return { href: "", navigate: undefined };
}

/** Placed inside a router, keeps `into` up to date with the location on screen. */
export function LocationProbe({ into }: { into: ShownLocation }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    into.href = `${location.pathname}${location.search}`;
    into.navigate = navigate;
  });
  return null;
}

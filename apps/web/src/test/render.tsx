import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter, Routes, useLocation } from "react-router";
import { AppProvider } from "@/app/provider";
import { createQueryClient } from "@/shared/api/query-client";

/** A query client for tests: no retries, so a failure shows at once. */
export const createTestQueryClient = () => {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  return client;
};

/** Renders a component inside the app's real providers and a router at `route`. */
export const renderWithApp = (ui: ReactElement, { route = "/" }: { route?: string } = {}) =>
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProvider>,
  );

/** Where the router is: its path, and its query string too when `withSearch`. */
const Address = ({ withSearch }: { withSearch: boolean }) => {
  const location = useLocation();
  return (
    <output aria-label="address">
      {withSearch ? `${location.pathname}${location.search}` : location.pathname}
    </output>
  );
};

/** What the address under `renderRoutes`' screens says now. */
export const address = () => screen.getByLabelText("address").textContent ?? "";

/**
 * Renders `routes` at `route` inside the app's providers, with the address under them for tests
 * that follow the navigation; answers the user that drives them.
 */
export const renderRoutes = (routes: ReactNode, route: string, { withSearch = false } = {}) => {
  renderWithApp(
    <>
      <Routes>{routes}</Routes>
      <Address withSearch={withSearch} />
    </>,
    { route },
  );
  return userEvent.setup();
};

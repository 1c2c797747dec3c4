import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
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

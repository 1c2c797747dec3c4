import { act, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { changeLanguage } from "@/shared/i18n/i18n";
import { appInfoHandler, requests, server } from "@/test/api-server";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import { signIn } from "@/test/session-api";
import { AppRoutes } from "../router";
import { AccountLayout } from "./account-layout";

// Proves the staging banner: the SPA asks GET /api/app-info at run time and, on a production
// server running sandboxes, says "Sandbox: no real money moves" (in the page's language) on top of
// the public pages and of the signed-in area; anywhere else (development, test, an API that does not
// answer) nothing is shown and nobody is told of the failed question.

type AppInfoAnswer = Parameters<typeof appInfoHandler>[0];

const stubAppInfo = (answer: AppInfoAnswer) => server.use(appInfoHandler(answer), ...sendMoneyHandlers());

const appInfo = (sandbox: boolean): AppInfoAnswer => ({
  body: { success: true, message: null, data: { sandbox } },
});

const banner = () => screen.findByRole("region", { name: "Sandbox notice" });

afterEach(async () => {
  useAuthStore.getState().logout();
  await changeLanguage("en");
});

describe("the sandbox banner", () => {
  it("shows on a public page of a sandboxed production server, as a status, in English and Spanish", async () => {
    stubAppInfo(appInfo(true));
    renderWithApp(<AppRoutes />, { route: "/help" });

    const region = await banner();
    expect(within(region).getByRole("status").textContent).toBe("Sandbox: no real money moves");
    // Above the header, the first thing on the page after the skip link.
    expect(region.compareDocumentPosition(screen.getByRole("banner"))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // Asked without session headers, once.
    const asked = requests.filter((request) => request.url === "/api/app-info");
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers.has("authorization")).toBe(false);

    await act(() => changeLanguage("es"));
    const spanish = await screen.findByRole("region", { name: "Aviso de entorno de pruebas" });
    expect(within(spanish).getByRole("status").textContent).toBe("Sandbox: no se mueve dinero real");
  });

  it("shows in the signed-in area's header", async () => {
    server.use(...signIn());
    stubAppInfo(appInfo(true));
    renderWithApp(
      <Routes>
        <Route path="account" element={<AccountLayout />}>
          <Route index element={<h1>Dashboard</h1>} />
        </Route>
      </Routes>,
      { route: "/account" },
    );

    const region = await banner();
    expect(within(screen.getByRole("banner")).getByRole("region", { name: "Sandbox notice" })).toBe(region);
  });

  it.each([
    ["the server runs no sandbox in production (or is a development server)", appInfo(false)],
    ["the server does not answer", { status: 503, body: { success: false, message: "Down" } }],
  ])("stays hidden, without a notice, when %s", async (_case, appInfo) => {
    stubAppInfo(appInfo);
    renderWithApp(<AppRoutes />, { route: "/help" });

    await screen.findByRole("heading", { level: 1, name: "This page is on its way" });
    await vi.waitFor(() => expect(requests.some((request) => request.url === "/api/app-info")).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("region", { name: "Sandbox notice" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Down")).toBeNull();
  });
});

import { screen } from "@testing-library/react";
import { Route } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { kybBackend } from "@/features/kyb/testing/kyb-backend";
import { verificationBackend } from "@/features/verification/testing/verification-backend";
import { registerAuthSource } from "@/shared/api/auth-source";
import { server } from "@/test/api-server";
import { renderRoutes } from "@/test/render";
import { VerificationAreaRoute } from "./verification-area-route";

// `/account/verification` is the business verification (KYB) for a business account and the
// person's identity verification for anyone else.

const renderAs = (role: "client" | "business") => {
  registerAuthSource(() => ({ token: `${role}-token`, type: role, userType: role, countryId: 4 }));
  useAuthStore.setState({ token: `${role}-token`, type: role, userType: role });
  server.use(...kybBackend().handlers, ...verificationBackend().handlers);
  renderRoutes(
    <Route path="/account/verification" element={<VerificationAreaRoute />} />,
    "/account/verification",
  );
};

describe("the verification area's composition", () => {
  afterEach(() => useAuthStore.setState({ token: null, type: null, userType: null }));

  it("shows a business its business verification, with the levels", async () => {
    renderAs("business");
    expect(await screen.findByRole("heading", { level: 1, name: "Business verification" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1, name: "Identity verification" })).toBeNull();
  });

  it("shows a client their identity verification", async () => {
    renderAs("client");
    expect(await screen.findByRole("heading", { level: 1, name: "Identity verification" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1, name: "Business verification" })).toBeNull();
  });
});

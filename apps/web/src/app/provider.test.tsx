import { useQuery } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/shared/api/api-client";
import { changeLanguage } from "@/shared/i18n/i18n";
import { ok, renderWithApp, stubApi } from "@/test/render";

// The API words its display texts by the request's `language` header. A query whose key does not
// name the language (a quotation, an order) is asked again when the language changes, so a page
// switched to Spanish does not keep the English the first answer carried.

const DeliveryMethod = () => {
  const quotation = useQuery({
    queryKey: ["quotations", 7],
    queryFn: () => api.get<{ shipping_method: { name: string } }>("quotations/7"),
  });
  return <p>{quotation.data?.shipping_method.name ?? "…"}</p>;
};

describe("the app's provider", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the server again in the new language when the language changes", async () => {
    const stub = stubApi({
      "/api/quotations/7": ({ headers }) =>
        ok({
          shipping_method: { name: headers?.get("language") === "es" ? "Depósito bancario" : "Bank deposit" },
        }),
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    renderWithApp(<DeliveryMethod />);
    expect(await screen.findByText("Bank deposit")).toBeTruthy();
    await act(() => changeLanguage("es"));
    try {
      expect(await screen.findByText("Depósito bancario")).toBeTruthy();
      expect(stub.requests.map((request) => request.headers.get("language"))).toEqual(["en", "es"]);
    } finally {
      await act(() => changeLanguage("en"));
    }
  });
});

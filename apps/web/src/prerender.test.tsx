import { act, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app/app";
import { renderPage } from "./prerender";

// Proves the build-time render: the home page's content is in the HTML itself (not a spinner
// waiting for its chunk), it needs no inline script (the CSP forbids them), and the browser's
// first render matches it, so hydration keeps the prerendered elements instead of replacing them.
describe("prerendered home page", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("holds the home page's content, not the loading spinner", async () => {
    const html = await renderPage("/");
    expect(html).toContain("<main");
    expect(html).toContain('id="home-title"');
    expect(html).toContain("Send money home");
    expect(html).toContain("Start a transfer");
    expect(html).toContain("<footer");
    expect(html).not.toMatch(/<script|<template/i);
    // The page itself right inside <main>, not the route's loading spinner.
    expect(html).toMatch(/<main[^>]*>(<!--\$-->)*<section/);
  });

  it("is hydrated in place, without a mismatch", async () => {
    // The API never answers during this test: the page stays as it was prerendered.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const container = document.createElement("div");
    container.id = "root";
    container.innerHTML = await renderPage("/");
    document.body.append(container);
    const title = container.querySelector("#home-title");
    expect(title?.textContent).toContain("Send money home");

    // Testing Library does this for its own renders; this test hydrates by hand.
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true);
    const recoverableErrors: unknown[] = [];
    const consoleErrors = vi.spyOn(console, "error");
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });
    await vi.waitFor(() => expect(container.querySelector("#home-title")).not.toBeNull());

    expect(recoverableErrors).toEqual([]);
    // React's development build notes that the server and the browser renderer used the same
    // providers in one process; in production they never share one.
    const errors = consoleErrors.mock.calls.map((call) => String(call[0]));
    expect(errors.filter((message) => !message.includes("multiple renderers"))).toEqual([]);
    // The very element the HTML brought is the one React now owns.
    expect(container.querySelector("#home-title")).toBe(title);
  });
});

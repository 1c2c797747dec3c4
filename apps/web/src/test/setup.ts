import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { assertNoViolations, recordViolation, resetRecords, server } from "./api-server";

// findBy*/waitFor give up after 1 s by default, which a loaded CI machine can exceed while React
// and Mantine render; a genuine miss still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Mantine uses for layout and media queries.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}

Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// A request no handler answers is a gap in the test's backend: it errors, and the test fails.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      recordViolation(`No handler for ${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  server.resetHandlers();
  try {
    assertNoViolations();
  } finally {
    resetRecords();
  }
});

afterAll(() => server.close());

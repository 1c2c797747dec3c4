import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "./page-loader";
import { RouteError } from "./route-error";

type BoundaryProps = { children: ReactNode; fallback: ReactNode };
type BoundaryState = { hasError: boolean };

/** Catches a page that throws while rendering, or whose code fails to load. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { hasError: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The page shows a friendly message; the console keeps the real cause for whoever debugs it.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}

/**
 * A layout's page area: the page's code loads behind a spinner, a failing page is contained to
 * this area (the header and navigation stay usable), and a new page starts at the top.
 */
export const RouteOutlet = () => {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return (
    // Keyed by path, so that navigating away from a failed page clears the error.
    <RouteErrorBoundary key={pathname} fallback={<RouteError />}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
};

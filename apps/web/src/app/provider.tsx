import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { getSession } from "@/features/auth/api/get-session";
import { useAuthStore, waitForSignIn } from "@/features/auth/stores/auth-store";
import { registerAuthSource, registerSessionHandlers } from "@/shared/api/auth-source";
import { createQueryClient } from "@/shared/api/query-client";
import { i18n } from "@/shared/i18n/i18n";
import { theme } from "./theme";

// The api client (shared) reads the session from the auth feature's store through this hook-up,
// so that shared code never imports a feature. role = the stored `type`, grant = `userType`.
registerAuthSource(() => {
  const { token, type, userType, refreshToken, user } = useAuthStore.getState();
  return { token, type, userType, refreshToken, countryId: user?.country_id ?? null };
});
registerSessionHandlers({
  storeSession: (session) => useAuthStore.getState().setAuthSession(session),
  expireSession: () => {
    // A renewal that failed after the user signed out is no news to anyone.
    if (useAuthStore.getState().token) useAuthStore.getState().expireSession();
  },
  syncSession: () => useAuthStore.persist.rehydrate(),
  reloadSession: async () => {
    useAuthStore.getState().applySessionCheck(await getSession());
  },
  waitForSignIn,
});

const NotificationsHost = lazy(() =>
  import("./notifications-host").then((m) => ({ default: m.NotificationsHost })),
);

/**
 * The notification container (and its animation library) is only downloaded once there is
 * something to show: `notifications.show()` fills a store that works without it, and the
 * container renders what the store holds as soon as it mounts. Once mounted it stays.
 */
const LazyNotifications = () => {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
};

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client so that caches never leak from one test to the next. */
  queryClient?: ReturnType<typeof createQueryClient>;
};

export const AppProvider = ({ children, queryClient }: AppProviderProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <LazyNotifications />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
};

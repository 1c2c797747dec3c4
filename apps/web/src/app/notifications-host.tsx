import { Notifications } from "@mantine/notifications";
import { NOTIFICATION_AUTO_CLOSE_MS } from "@/shared/api/notify";

/** Mantine's notification container, in its own chunk (see provider.tsx). */
export const NotificationsHost = () => (
  <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" zIndex={1000} />
);

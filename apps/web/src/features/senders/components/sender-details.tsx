import { Stack, Text } from "@mantine/core";
import type { Sender } from "@vela/shared/senders";

/** A sender's name with how to reach them, one per line. */
export const SenderDetails = ({ sender }: { sender: Sender }) => {
  const phone = sender.phone_number ? `${sender.phone_prefix ?? ""} ${sender.phone_number}`.trim() : null;
  return (
    <Stack gap={0} miw={0}>
      <Text fw={600} truncate>
        {sender.full_name}
      </Text>
      {sender.email ? (
        <Text size="sm" c="dimmed" truncate>
          {sender.email}
        </Text>
      ) : null}
      {phone ? (
        <Text size="sm" c="dimmed">
          {phone}
        </Text>
      ) : null}
    </Stack>
  );
};

import { Group, Pagination, Radio, Stack } from "@mantine/core";
import type { Sender } from "@vela/shared/senders";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/shared/ui/status-badge";
import { SenderDetails } from "./sender-details";

type SenderChoiceProps = {
  /** One page of senders. */
  rows: Sender[];
  chosenId: number | null;
  onChoose: (senderId: number) => void;
  /** The list's pages; the pager shows only when there is more than one. */
  pages: { last_page: number; current_page: number } | undefined;
  onPage: (page: number) => void;
};

/** A page of senders to pick one from (a disabled one cannot be), with the pager: the SENDER steps' list. */
export const SenderChoice = ({ rows, chosenId, onChoose, pages, onPage }: SenderChoiceProps) => {
  const { t } = useTranslation();
  return (
    <>
      {rows.length > 0 ? (
        <Radio.Group
          label={t("senders.step.choose")}
          value={chosenId === null ? null : String(chosenId)}
          onChange={(value) => onChoose(Number(value))}
        >
          <Stack gap="xs" mt="xs">
            {rows.map((sender) => (
              <Radio.Card
                key={sender.id}
                value={String(sender.id)}
                disabled={!sender.is_active}
                radius="md"
                p="md"
                aria-label={sender.full_name}
              >
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <Radio.Indicator disabled={!sender.is_active} />
                  <SenderDetails sender={sender} />
                  {sender.is_active ? null : (
                    <StatusBadge isPositive={false} size="sm">
                      {t("senders.inactive")}
                    </StatusBadge>
                  )}
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {pages && pages.last_page > 1 ? (
        <Pagination
          total={pages.last_page}
          value={pages.current_page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": t(`senders.pagination.${control}`) })}
        />
      ) : null}
    </>
  );
};

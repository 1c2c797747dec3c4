import { Tabs } from "@mantine/core";
import { IconBuildingSkyscraper, IconBuildingStore, IconUser } from "@tabler/icons-react";
import { ROLES } from "@vela/shared/api";
import { useTranslation } from "react-i18next";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { AgentRegisterForm } from "./agent-register-form";
import { BusinessRegisterForm } from "./business-register-form";
import { ClientRegisterForm } from "./client-register-form";
import classes from "./register-view.module.css";

const isRole = (value: string | null) => ROLES.find((role) => role === value);

/** The register view: a tab per kind of account, each with its own form. */
export const RegisterView = () => {
  const { t } = useTranslation();
  const kind = useAuthModalStore((state) => state.registerKind);
  const setRegisterKind = useAuthModalStore((state) => state.setRegisterKind);
  return (
    <Tabs
      value={kind}
      onChange={(value) => {
        const role = isRole(value);
        if (role) setRegisterKind(role);
      }}
      keepMounted={false}
      classNames={{ tabSection: classes.tabIcon }}
    >
      <Tabs.List grow mb="lg" aria-label={t("auth.register.kindLabel")}>
        <Tabs.Tab value="client" leftSection={<IconUser size={16} aria-hidden />}>
          {t("auth.register.client")}
        </Tabs.Tab>
        <Tabs.Tab value="agent" leftSection={<IconBuildingStore size={16} aria-hidden />}>
          {t("auth.register.agent")}
        </Tabs.Tab>
        <Tabs.Tab value="business" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
          {t("auth.register.business")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="client">
        <ClientRegisterForm />
      </Tabs.Panel>
      <Tabs.Panel value="agent">
        <AgentRegisterForm />
      </Tabs.Panel>
      <Tabs.Panel value="business">
        <BusinessRegisterForm />
      </Tabs.Panel>
    </Tabs>
  );
};

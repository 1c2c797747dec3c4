/** The public area's main navigation (header and phone menu). Labels are i18n keys under `nav`. */
export const PUBLIC_NAV_LINKS = [
  { to: "/send-money", label: "nav.sendMoney" },
  { to: "/tracking", label: "nav.tracking" },
  { to: "/help", label: "nav.help" },
  { to: "/business", label: "nav.business" },
] as const;

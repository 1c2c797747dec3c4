import { Button, Card, createTheme, type MantineColorsTuple, NativeSelect, TextInput } from "@mantine/core";

/** Vela indigo: confident, calm, and readable with white text from shade 6 up (5.1:1). */
const vela: MantineColorsTuple = [
  "#eef0ff",
  "#dfe2ff",
  "#bdc3ff",
  "#98a1fb",
  "#7682f7",
  "#5f6cf5",
  "#4f5bf0",
  "#3f49d6",
  "#343cb0",
  "#28308a",
];

/** Deep navy for dark bands (hero, footer). */
const ink: MantineColorsTuple = [
  "#e9ebf5",
  "#c9cde3",
  "#a5abcd",
  "#7f87b6",
  "#5b6499",
  "#3d477c",
  "#2a3366",
  "#1c2454",
  "#121a4a",
  "#0b1033",
];

/**
 * Slate greys, darker than Mantine's defaults from shade 6 so that `dimmed` text keeps a 4.5:1
 * contrast on white and on the light grey section background (accessibility, WCAG AA).
 */
const gray: MantineColorsTuple = [
  "#f8f9fc",
  "#f1f3f8",
  "#e6e9f0",
  "#d5dae4",
  "#b3bac8",
  "#8e97a8",
  "#5f6878",
  "#4a5262",
  "#363d4b",
  "#222834",
];

/** Fresh mint used sparingly for highlights on dark backgrounds. */
const mint: MantineColorsTuple = [
  "#e6fcf3",
  "#d3f6e7",
  "#a8ebcf",
  "#79e0b5",
  "#53d69f",
  "#3ad091",
  "#2bcd89",
  "#1bb575",
  "#0aa166",
  "#008b55",
];

/**
 * Red for errors, darker than Mantine's from shade 6 so that a field's error text keeps a 4.5:1
 * contrast on white (Mantine's own #fa5252 has 3.3:1).
 */
const red: MantineColorsTuple = [
  "#fff5f5",
  "#ffe3e3",
  "#ffc9c9",
  "#ffa8a8",
  "#ff8787",
  "#f25f5c",
  "#d42a2a",
  "#c22525",
  "#a91f1f",
  "#8f1a1a",
];

const SYSTEM_SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: "vela",
  primaryShade: { light: 6, dark: 4 },
  colors: { vela, ink, gray, mint, red },
  white: "#ffffff",
  black: "#161a2b",
  fontFamily: `'Inter Variable', ${SYSTEM_SANS}`,
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  headings: {
    fontFamily: `'Plus Jakarta Sans Variable', 'Inter Variable', ${SYSTEM_SANS}`,
    fontWeight: "750",
    sizes: {
      h1: { fontSize: "clamp(2.25rem, 1.6rem + 2.6vw, 3.5rem)", lineHeight: "1.08" },
      h2: { fontSize: "clamp(1.75rem, 1.4rem + 1.4vw, 2.5rem)", lineHeight: "1.15" },
      h3: { fontSize: "1.25rem", lineHeight: "1.3" },
    },
  },
  defaultRadius: "md",
  radius: { xs: "4px", sm: "6px", md: "10px", lg: "16px", xl: "24px" },
  shadows: {
    xs: "0 1px 2px rgba(16, 24, 64, 0.06)",
    sm: "0 1px 3px rgba(16, 24, 64, 0.08), 0 1px 2px rgba(16, 24, 64, 0.04)",
    md: "0 8px 24px rgba(16, 24, 64, 0.08), 0 2px 6px rgba(16, 24, 64, 0.05)",
    lg: "0 20px 48px rgba(11, 16, 51, 0.18), 0 4px 12px rgba(11, 16, 51, 0.08)",
    xl: "0 32px 80px rgba(11, 16, 51, 0.28)",
  },
  cursorType: "pointer",
  focusRing: "auto",
  components: {
    Button: Button.extend({ defaultProps: { radius: "xl" }, styles: { label: { fontWeight: 600 } } }),
    Card: Card.extend({ defaultProps: { radius: "lg" } }),
    TextInput: TextInput.extend({ defaultProps: { size: "md" } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { size: "md" } }),
    // Every field of a form the same size, so that labels and inputs line up side by side. Plain
    // objects, not `Select.extend(…)`: importing those components here would put the combobox
    // and its positioning library into the first page's bundle.
    PasswordInput: { defaultProps: { size: "md" } },
    Select: { defaultProps: { size: "md" } },
  },
});

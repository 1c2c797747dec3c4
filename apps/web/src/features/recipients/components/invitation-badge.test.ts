import {
  createTheme,
  DEFAULT_THEME,
  getContrastColor,
  mergeMantineTheme,
  parseThemeColor,
} from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme as velaTheme } from "@/app/theme";
import { INVITATION_BADGE_COLOR } from "./invitations-panel";

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme(velaTheme));

/** WCAG 2 relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

// Issue 18: the light "CONFIRMED" badge of the invitations failed contrast. Every status badge is
// filled, its text white or black as autoContrast picks, at 4.5:1 or more in both schemes.
describe("the invitation status badges", () => {
  it.each(Object.entries(INVITATION_BADGE_COLOR))("%s keeps 4.5:1 in light and dark", (_status, color) => {
    const background = parseThemeColor({ color, theme }).value;
    expect(background).toMatch(/^#[0-9a-f]{6}$/i);
    for (const colorScheme of ["light", "dark"] as const) {
      const text = getContrastColor({ color, theme, autoContrast: true, colorScheme }).includes("white")
        ? theme.white
        : theme.black;
      expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

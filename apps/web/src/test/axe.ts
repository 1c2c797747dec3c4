import axe from "axe-core";
import { expect } from "vitest";

/**
 * Audits what is rendered with axe: no serious or critical violations. Colour contrast is left to
 * the browser journeys (jsdom draws nothing, so axe cannot measure it here).
 */
export const expectNoSeriousAxeViolations = async (root: Element = document.body) => {
  const results = await axe.run(root, { rules: { "color-contrast": { enabled: false } } });
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes[0]?.target.join(" ")})`);
  expect(serious).toEqual([]);
};

import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { create } from "zustand";

/**
 * DOM nodes of the account layout's right panel and summary panel. The layout registers them;
 * a feature renders into them with `<RightPanelContent>` / `<SummaryPanelContent>` without the
 * layout having to know the feature.
 */
type SlotState = {
  rightPanelNode: HTMLElement | null;
  summaryPanelNode: HTMLElement | null;
  setRightPanelNode: (node: HTMLElement | null) => void;
  setSummaryPanelNode: (node: HTMLElement | null) => void;
};

export const usePanelSlots = create<SlotState>()((set) => ({
  rightPanelNode: null,
  summaryPanelNode: null,
  setRightPanelNode: (rightPanelNode) => set({ rightPanelNode }),
  setSummaryPanelNode: (summaryPanelNode) => set({ summaryPanelNode }),
}));

export const RightPanelContent = ({ children }: { children: ReactNode }) => {
  const node = usePanelSlots((state) => state.rightPanelNode);
  return node ? createPortal(children, node) : null;
};

export const SummaryPanelContent = ({ children }: { children: ReactNode }) => {
  const node = usePanelSlots((state) => state.summaryPanelNode);
  return node ? createPortal(children, node) : null;
};

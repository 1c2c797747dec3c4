import { create } from "zustand";

/**
 * The account layout's panels (spec §2: "Sidebar with a right panel and a summary panel; a
 * responsive form flag exists"). Features open and close them; the layout only reads them.
 */
type LayoutState = {
  /** The right panel beside the page on wide screens (details such as a transfer quote). */
  rightPanelOpen: boolean;
  /** The summary panel: a sheet with what the current flow adds up to (amounts, fees, recipient). */
  summaryPanelOpen: boolean;
  /** A flow's form is showing: on phones the page gives it the whole width and offers the summary as a button. */
  responsiveForm: boolean;
  setRightPanelOpen: (open: boolean) => void;
  setSummaryPanelOpen: (open: boolean) => void;
  setResponsiveForm: (responsive: boolean) => void;
};

export const useLayoutStore = create<LayoutState>()((set) => ({
  rightPanelOpen: true,
  summaryPanelOpen: false,
  responsiveForm: false,
  setRightPanelOpen: (rightPanelOpen) => set({ rightPanelOpen }),
  setSummaryPanelOpen: (summaryPanelOpen) => set({ summaryPanelOpen }),
  setResponsiveForm: (responsiveForm) => set({ responsiveForm }),
}));

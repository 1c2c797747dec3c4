import type { ReactNode } from "react";
import classes from "./divided-list.module.css";

/** A labelled list without bullets or indent whose items are divided by a line: the rows of a card. */
export const DividedList = ({ label, children }: { label: string; children: ReactNode }) => (
  <ul className={classes.list} aria-label={label}>
    {children}
  </ul>
);

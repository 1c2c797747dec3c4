import { Box, Container } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./home.module.css";

/** One band of the home page at the page's width, named by its heading (the `SectionHeading` with `titleId`). */
export const HomeSection = ({
  titleId,
  muted = false,
  children,
}: {
  titleId: string;
  /** A grey band, to set it apart from its neighbours. */
  muted?: boolean;
  children: ReactNode;
}) => (
  <Box
    component="section"
    className={muted ? `${classes.section} ${classes.sectionMuted}` : classes.section}
    aria-labelledby={titleId}
  >
    <Container size="lg">{children}</Container>
  </Box>
);

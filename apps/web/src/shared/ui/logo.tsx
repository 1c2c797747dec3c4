import { Group, Text } from "@mantine/core";
import { useId } from "react";

type LogoProps = {
  /** "light" for dark backgrounds. */
  variant?: "dark" | "light";
  size?: number;
};

/** The Vela mark (a sail) and wordmark. The word carries the name; the mark is decorative. */
export const Logo = ({ variant = "dark", size = 32 }: LogoProps) => {
  const gradientId = useId();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7682f7" />
            <stop offset="1" stopColor="#343cb0" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path d="M14.6 6.5c-3.4 4.9-4.9 10.4-5.1 16h5.1z" fill="#fff" fillOpacity="0.6" />
        <path d="M16.6 5.5c4.6 4.2 7.3 10.2 7.6 17h-7.6z" fill="#fff" />
        <path d="M7.5 24.5h17c-1.3 1.9-3.4 3-5.7 3h-5.6c-2.3 0-4.4-1.1-5.7-3z" fill="#2bcd89" />
      </svg>
      <Text
        component="span"
        fz={size * 0.72}
        fw={800}
        lh={1}
        c={variant === "light" ? "white" : "ink.9"}
        ff="heading"
        style={{ letterSpacing: "-0.02em" }}
      >
        Vela
      </Text>
    </Group>
  );
};

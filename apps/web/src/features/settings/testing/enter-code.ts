import { screen, waitFor } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { expect } from "vitest";
import { requests } from "@/test/api-server";

/**
 * Types the 6-digit code into the code form, presses its verify button, and checks that the code
 * (and only the code) went to the verify endpoint ending in `path`.
 */
export const enterCode = async (
  user: ReturnType<typeof userEvent.setup>,
  { verifyLabel, path }: { verifyLabel: string; path: string },
) => {
  await user.type(screen.getByLabelText(/6-digit code/), "123456");
  await user.click(screen.getByRole("button", { name: verifyLabel }));
  await waitFor(() =>
    expect(requests.find((request) => request.url.endsWith(path))?.body).toEqual({ code: "123456" }),
  );
};

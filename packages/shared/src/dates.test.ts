import { describe, expect, it } from "vitest";
import { dateText, dateTimeText, dayMonthText, utcDateTimeText } from "./dates";

// The one date formatter: a day, a day and time, a chart's day and a UTC stamp, in English and
// Spanish, and text that is no date shown as it came rather than thrown.
describe("dates", () => {
  const instant = "2026-11-23T10:59:00.000Z";

  it("writes a day in the page's language", () => {
    expect(dateText(instant, "en")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(instant)),
    );
    expect(dateText("2026-11-23", "en")).toBe("Nov 23, 2026");
    expect(dateText("2026-11-23", "es")).toBe("23 nov 2026");
  });

  it("reads a calendar day as that day whatever the time zone", () => {
    expect(dateText("2026-01-01", "en")).toBe("Jan 1, 2026");
  });

  it("writes a date and time in the page's language", () => {
    const expected = new Intl.DateTimeFormat("es", { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(instant),
    );
    expect(dateTimeText(instant, "es")).toBe(expected);
  });

  it("shows text that is no date as it came", () => {
    expect(dateText("soon", "en")).toBe("soon");
    expect(dateTimeText("", "en")).toBe("");
  });

  it("writes a chart's day and a UTC stamp", () => {
    expect(dayMonthText("2026-11-23", "en")).toBe("Nov 23");
    expect(dayMonthText("2026-11-23", "es")).toBe("23 nov");
    expect(utcDateTimeText(instant)).toBe("2026-11-23 10:59 UTC");
  });
});

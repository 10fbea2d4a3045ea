import { describe, expect, it } from "vitest";
import {
  billionsText,
  contributionText,
  ethText,
  percentText,
  thousandsText,
  unitText,
  vestingText,
} from "./launchFigures";

describe("launch figures", () => {
  it("writes the spec's sample figures", () => {
    expect(billionsText(250)).toBe("250B");
    expect(percentText(8)).toBe("8%");
    expect(thousandsText(20)).toBe("20K");
    expect(ethText(60)).toBe("60 ETH");
    expect(contributionText(0.01, 2)).toBe("0.01 to 2 ETH");
    expect(unitText(30, "%")).toBe("30%");
    expect(unitText(5, "M")).toBe("5 M");
  });

  it("counts vesting days", () => {
    expect(vestingText(30)).toBe("30 days");
    expect(vestingText(1)).toBe("1 day");
    expect(vestingText(0)).toBe("None");
  });

  it("drops float noise", () => expect(percentText(0.1 + 0.2)).toBe("0.3%"));
});

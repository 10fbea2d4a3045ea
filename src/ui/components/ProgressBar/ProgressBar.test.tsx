// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProgressBar } from "./ProgressBar";

afterEach(cleanup);

describe("ProgressBar", () => {
  it("is a progressbar labelled 'Processing...' by default, as wide as its scale", () => {
    const { container } = render(<ProgressBar value={77} scalePx={220} endText="300000 POO" />);
    const bar = screen.getByRole("progressbar", { name: "Processing..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("77");
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue("--scale")).toBe("220px");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("77%");
    expect(container.textContent).toContain("300000 POO");
  });

  it("clamps the value and reports the error style", () => {
    render(<ProgressBar value={140} scalePx={376} error label="Uploading" />);
    const bar = screen.getByRole("progressbar", { name: "Uploading" });
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    expect(bar.getAttribute("aria-valuetext")).toBe("100%, failed");
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  EMPTY_LAUNCH_APPLICATION,
  type LaunchApplicationInput,
} from "../../../domain/launch/launchApplication";
import { LaunchApplicationDialog, type ApplicationState } from "./LaunchApplicationDialog";

afterEach(cleanup);

const valid: LaunchApplicationInput = {
  projectName: "Moon Rocket",
  tokenSymbol: "MOON",
  website: "https://moon.example.com",
  contact: "@moonteam",
  description: "A community token that funds rocket hobbyists.",
};

function Harness({
  initial = EMPTY_LAUNCH_APPLICATION,
  state = { status: "editing" },
  onSubmit,
  onClose = () => {},
}: {
  initial?: LaunchApplicationInput;
  state?: ApplicationState;
  onSubmit: (values: LaunchApplicationInput) => void;
  onClose?: () => void;
}): ReactNode {
  const [values, setValues] = useState(initial);
  return (
    <LaunchApplicationDialog
      values={values}
      state={state}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

const field = (name: string): HTMLInputElement => screen.getByRole("textbox", { name }) as HTMLInputElement;
const send = (): HTMLButtonElement =>
  screen.getByRole("button", { name: "Send application" }) as HTMLButtonElement;
const describedBy = (element: HTMLElement): string =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

describe("LaunchApplicationDialog", () => {
  it("is the Apply for a Launch form with five labelled fields", () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Apply for a Launch" })).toBeTruthy();
    for (const name of ["Project name", "Token symbol", "Website", "Contact", "Description"]) {
      expect(field(name)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field("Project name"));
  });

  it("shows no message before the user leaves a field, then that field's message only", () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(field("Token symbol"), { target: { value: "moon" } });
    expect(describedBy(field("Token symbol"))).not.toContain("Use 2 to 11");
    fireEvent.blur(field("Token symbol"));
    expect(field("Token symbol").getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(field("Token symbol"))).toContain(
      "Use 2 to 11 uppercase letters or digits, e.g. POO.",
    );
    expect(field("Project name").getAttribute("aria-invalid")).toBe("false");
  });

  it("on Send with problems shows every message, focuses the first and sends nothing", () => {
    const onSubmit = vi.fn();
    render(<Harness initial={{ ...valid, projectName: "M", contact: "moon" }} onSubmit={onSubmit} />);
    fireEvent.click(send());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field("Project name"));
    expect(describedBy(field("Project name"))).toContain("Enter a project name of 2 to 64 characters.");
    expect(describedBy(field("Contact"))).toContain("Enter an email address or an @handle.");
    expect(field("Website").getAttribute("aria-invalid")).toBe("false");
  });

  it.each([
    ["Website", "http://moon.example.com", "Enter the website's https:// address, e.g. https://example.com."],
    ["Description", "Too short.", "Describe the project in 20 to 1000 characters."],
    ["Token symbol", "TOOLONGSYMBOL", "Use 2 to 11 uppercase letters or digits, e.g. POO."],
  ])("refuses %s %j before sending", (name, value, message) => {
    const onSubmit = vi.fn();
    render(<Harness initial={valid} onSubmit={onSubmit} />);
    fireEvent.change(field(name), { target: { value } });
    fireEvent.click(send());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field(name));
    expect(describedBy(field(name))).toContain(message);
  });

  it("sends valid values", () => {
    const onSubmit = vi.fn();
    render(<Harness initial={valid} onSubmit={onSubmit} />);
    fireEvent.click(send());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(valid);
  });

  it("counts the description's characters", () => {
    render(<Harness initial={valid} onSubmit={vi.fn()} />);
    expect(describedBy(field("Description"))).toContain("46/1000 characters");
  });

  it("counts characters as a reader does: an emoji sequence or e + accent is one", () => {
    const description = "Crew: 👩\u200d🚀👨\u200d👩\u200d👧, cafe\u0301.";
    render(<Harness initial={{ ...valid, description }} onSubmit={vi.fn()} />);
    expect(describedBy(field("Description"))).toContain("15/1000 characters");
  });

  it("disables Send while sending", () => {
    const onSubmit = vi.fn();
    render(<Harness initial={valid} state={{ status: "sending" }} onSubmit={onSubmit} />);
    const button = screen.getByRole("button", { name: "Sending…" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest("form") as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the values", () => {
    render(
      <Harness
        initial={valid}
        state={{ status: "failed", message: "Too many requests; retry in 60 s." }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "The application was not sent: Too many requests; retry in 60 s.",
    );
    expect(field("Project name").value).toBe("Moon Rocket");
  });

  it("confirms a sent application with its reference", () => {
    const onClose = vi.fn();
    render(
      <Harness initial={valid} state={{ status: "sent", id: "a36e" }} onSubmit={vi.fn()} onClose={onClose} />,
    );
    expect(screen.getByRole("status").textContent).toContain("Application sent");
    expect(screen.getByRole("status").textContent).toContain("Moon Rocket (MOON)");
    expect(screen.getByRole("status").textContent).toContain("Reference: a36e");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("closes with Cancel", () => {
    const onClose = vi.fn();
    render(<Harness onSubmit={vi.fn()} onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

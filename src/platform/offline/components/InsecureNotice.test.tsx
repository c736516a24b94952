import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { InsecureNotice } from "./InsecureNotice";

afterEach(cleanup);

describe("InsecureNotice", () => {
  it("on a page that is not a secure context, names what is lost and links to 'Zaufaj hubowi' at /ca", () => {
    renderWithApp(<InsecureNotice secure={false} />);
    const region = screen.getByRole("complementary", { name: "Połączenie nieszyfrowane" });
    expect(region.textContent).toContain(
      "Połączenie nie jest szyfrowane: bez HTTPS nie działa praca bez sieci, instalacja ani ekran zawsze włączony.",
    );
    const link = screen.getByRole("link", { name: "Zaufaj hubowi" });
    expect(link.getAttribute("href")).toBe("/ca");
    expect(region.contains(link)).toBe(true);
  });

  it("is never shown in a secure context (HTTPS or localhost)", () => {
    renderWithApp(<InsecureNotice secure />);
    expect(screen.queryByTestId("insecure-notice")).toBeNull();
    expect(screen.queryByRole("link", { name: "Zaufaj hubowi" })).toBeNull();
  });

  it("follows window.isSecureContext when not told", () => {
    const before = Object.getOwnPropertyDescriptor(window, "isSecureContext");
    try {
      for (const secure of [false, true]) {
        Object.defineProperty(window, "isSecureContext", { value: secure, configurable: true });
        renderWithApp(<InsecureNotice />);
        expect(screen.queryByTestId("insecure-notice") !== null).toBe(!secure);
        cleanup();
      }
    } finally {
      if (before) Object.defineProperty(window, "isSecureContext", before);
      else Reflect.deleteProperty(window, "isSecureContext");
    }
  });
});

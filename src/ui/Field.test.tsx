import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";

afterEach(cleanup);

describe("labelled form fields", () => {
  it("a text field is named by its label and links its error, which is announced", () => {
    const view = render(<TextField label="Nazwa" className="wide" error="Podaj nazwę." defaultValue="" />);
    const input = view.getByRole("textbox", { name: "Nazwa" });
    expect(input.className).toBe("field__input wide");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const alert = view.getByRole("alert");
    expect(alert.textContent).toBe("Podaj nazwę.");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  });

  it("a select is named by its label, offers its options and is valid without an error", () => {
    const options = [
      { value: "a", label: "Salon" },
      { value: "b", label: "Kuchnia" },
    ];
    const view = render(<SelectField label="Pokój" options={options} defaultValue="b" />);
    const select = view.getByRole("combobox", { name: "Pokój" }) as HTMLSelectElement;
    expect(select.className).toBe("field__input");
    expect([...select.options].map((option) => option.text)).toEqual(["Salon", "Kuchnia"]);
    expect(select.value).toBe("b");
    expect(select.hasAttribute("aria-invalid")).toBe(false);
    expect(select.hasAttribute("aria-describedby")).toBe(false);
    expect(view.queryByRole("alert")).toBeNull();
  });
});

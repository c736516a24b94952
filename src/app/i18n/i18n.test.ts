import { describe, expect, it } from "vitest";
import { en as authEn } from "../../platform/auth/i18n/en";
import { pl as authPl } from "../../platform/auth/i18n/pl";
import { mergeResources } from "../../shared/i18n";
import { en } from "./en";
import { addStrings, createI18n, loadLocale } from "./index";
import { pl } from "./pl";
import { plFirstScreen } from "./pl-first-screen";
import { plLoggedIn } from "./pl-logged-in";

function keysOf(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]: [string, unknown]) => {
    if (typeof child === "object" && child !== null) return keysOf(child, `${prefix}${key}.`);
    return [`${prefix}${key}`];
  });
}

describe("i18n (spec §2: pl default, en second, Polish plurals)", () => {
  it("speaks Polish by default with the spec's exact strings", () => {
    const i18n = createI18n();
    expect(i18n.language).toBe("pl");
    expect(i18n.t("login.errors.badCredentials")).toBe("Niepoprawne hasło lub login");
    expect(i18n.t("lock.tapToStart")).toBe("Dotknij, aby rozpocząć.");
  });

  it("starts with the first screen's texts; the logged-in features' texts are added with the router", () => {
    const i18n = createI18n("pl");
    expect(i18n.t("lock.tapToStart")).toBe("Dotknij, aby rozpocząć.");
    expect(i18n.exists("sensors.count_one")).toBe(false);
    addStrings(i18n, "pl", plLoggedIn);
    expect(i18n.t("sensors.count", { count: 1 })).toBe("1 czujnik");
    expect(i18n.t("lock.tapToStart")).toBe("Dotknij, aby rozpocząć.");
    // The two parts together are every Polish text, none defined in both.
    expect(keysOf(mergeResources(plFirstScreen, plLoggedIn)).sort()).toEqual(keysOf(pl).sort());
  });

  it("uses the Polish one/few/many plural forms", () => {
    const i18n = createI18n("pl");
    addStrings(i18n, "pl", plLoggedIn);
    const { t } = i18n;
    expect(t("sensors.count", { count: 1 })).toBe("1 czujnik");
    expect(t("sensors.count", { count: 2 })).toBe("2 czujniki");
    expect(t("sensors.count", { count: 4 })).toBe("4 czujniki");
    expect(t("sensors.count", { count: 5 })).toBe("5 czujników");
    expect(t("sensors.count", { count: 12 })).toBe("12 czujników");
    expect(t("sensors.count", { count: 22 })).toBe("22 czujniki");
    expect(t("sensors.count", { count: 25 })).toBe("25 czujników");
    expect(t("nav.switchesWithoutPurpose", { count: 3 })).toBe("3 przełączniki bez przeznaczenia");
    expect(t("nav.switchesWithoutPurpose", { count: 11 })).toBe("11 przełączników bez przeznaczenia");
  });

  it("switches to English with English plurals", async () => {
    const i18n = createI18n("pl");
    await i18n.changeLanguage("en");
    expect(i18n.t("sensors.count", { count: 1 })).toBe("1 sensor");
    expect(i18n.t("sensors.count", { count: 5 })).toBe("5 sensors");
    expect(i18n.t("login.title")).toBe("Sign in");
  });

  it("has the same keys in both locales", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(pl).sort());
  });
});

describe("feature-owned texts", () => {
  it("bundles only Polish; English loads lazily, before the first render when it is the saved locale", async () => {
    const i18n = createI18n("pl");
    expect(i18n.hasResourceBundle("en", "translation")).toBe(false);
    await loadLocale(i18n, "en");
    expect(i18n.language).toBe("en");
    expect(i18n.t("offline.offline")).toBe("No connection to the server — data may be out of date");
  });

  it("merges each feature's texts into the app's resources, with the offline notice's exact Polish", () => {
    expect(pl.login).toEqual(authPl.login);
    expect(pl.menu.lock).toBe("Zablokuj sesję");
    expect(pl.menu.carLayout).toBe("Układ samochodowy");
    expect(pl.offline.offline).toBe("Brak połączenia z serwerem — dane mogą być nieaktualne");
    expect(keysOf(authEn).sort()).toEqual(keysOf(authPl).sort());
  });

  it("refuses two features defining the same key", () => {
    expect(() => mergeResources({ menu: { lock: "a" } }, { menu: { lock: "b" } })).toThrow(
      "menu.lock is defined twice",
    );
  });
});

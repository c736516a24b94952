/** The id of the sensors' room tiles among home's sections (they sit at order 0 in the app's order). */
export const SENSORS_SECTION = "sensors";

/**
 * Home's sections in the order a panel's profile gives (contract/panels.ts PanelProfile `home`): its
 * ids that home has (`sensors` = the rooms' tiles), those left out hidden. Null without a profile
 * order: home keeps the app's order (src/app/features.ts).
 */
export function arrangeHome(
  sections: readonly { name: string }[],
  home: readonly string[] | undefined,
): string[] | null {
  if (home === undefined) return null;
  const known = new Set([SENSORS_SECTION, ...sections.map((section) => section.name)]);
  return [...new Set(home)].filter((id) => known.has(id));
}

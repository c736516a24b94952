/** The car feature's own sections of the car dashboard: the chosen switches and the garage door and gate. */
export const CAR_OWN_SECTIONS = { switches: "switches", garage: "garage" } as const;

/**
 * Every car dashboard section id in the app's order (contract/panels.ts PanelProfile `carButtons`
 * names these): the chosen switches, the parts' sections (`partIds`, the parts' names in the
 * parts' order), the garage.
 */
export function carSectionIds(partIds: readonly string[]): string[] {
  return [CAR_OWN_SECTIONS.switches, ...partIds, CAR_OWN_SECTIONS.garage];
}

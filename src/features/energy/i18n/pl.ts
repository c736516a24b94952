/**
 * Polish texts of energy monitoring (a switch's power meter): each feature owns its strings; loaded
 * with the logged-in app (src/app/i18n/pl-logged-in.ts).
 */
export const pl = {
  energy: {
    reading: "Pobór mocy",
    today: "dziś {{energy}}",
    power: "Moc",
    openChart: "Wykres dnia: pobór mocy: {{label}}",
  },
};

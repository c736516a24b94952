/** Polish texts of PV logging (merged and typed in src/app/i18n). */
export const pl = {
  pv: {
    title: "Fotowoltaika",
    intro: "Wgraj plik CSV z falownika: czas, moc (W) i licznik energii (kWh).",
    file: "Plik z logiem (CSV)",
    fileHint: "Kolumny timestamp, power_w i energy_kwh, separator ; lub , z nagłówkiem; do 2 MB.",
    upload: "Wyślij",
    uploading: "Wysyłanie… {{percent}}%",
    progress: "Postęp wysyłania",
    result: "Wgrany log: {{name}}",
    rows: "Odczyty",
    period: "Okres",
    energy: "Energia",
    peak: "Moc szczytowa",
    badLine: "Błąd w wierszu {{line}}: {{message}}",
    failed: "Nie udało się wysłać logu",
    chooseFile: "Najpierw wybierz plik",
    logs: "Wgrane logi",
    noLogs: "Nie wgrano jeszcze żadnego logu. Wybierz plik CSV z falownika i wyślij go.",
    logsFailed: "Nie udało się pobrać listy logów",
    uploadedAt: "wgrano {{time}}",
  },
} as const;

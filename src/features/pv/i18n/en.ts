import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of PV logging: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  pv: {
    title: "Solar (PV)",
    intro: "Upload the inverter's CSV file: time, power (W) and the energy meter (kWh).",
    file: "Log file (CSV)",
    fileHint: "Columns timestamp, power_w and energy_kwh, ; or , separated with a header; up to 2 MB.",
    upload: "Upload",
    uploading: "Uploading… {{percent}}%",
    progress: "Upload progress",
    result: "Uploaded log: {{name}}",
    rows: "Readings",
    period: "Period",
    energy: "Energy",
    peak: "Peak power",
    badLine: "Error on line {{line}}: {{message}}",
    failed: "The log could not be uploaded",
    chooseFile: "Choose a file first",
    logs: "Uploaded logs",
    noLogs: "No log uploaded yet. Choose the inverter's CSV file and upload it.",
    logsFailed: "The list of logs could not be loaded",
    uploadedAt: "uploaded {{time}}",
  },
};

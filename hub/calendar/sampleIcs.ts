/**
 * A large ICS file for tests and benches, shaped like a busy household's export: `events` VEVENTs
 * (UTC starts through 2026, one hour each, every tenth weekly), each with a DESCRIPTION padded so the
 * whole file is close to `bytes` (CRLF lines, each under 75 octets apart from the DESCRIPTION, which is
 * under the hub's line bound). With the defaults: 19,000 events, about 5 MB, just under MAX_ICS_BYTES.
 */
export function largeIcs(events = 19_000, bytes = 5 * 1024 * 1024 - 64 * 1024): Uint8Array {
  const head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//household//bench//PL"];
  const fixed = (i: number) => [
    "BEGIN:VEVENT",
    `UID:e${i}@example`,
    `SUMMARY:Wydarzenie ${i}`,
    `DTSTART:2026${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")}T090000Z`,
    "DURATION:PT1H",
    ...(i % 10 === 0 ? ["RRULE:FREQ=WEEKLY"] : []),
    "END:VEVENT",
  ];
  const build = (pad: number) => {
    const lines = [...head];
    for (let i = 0; i < events; i++) {
      const [begin, ...rest] = fixed(i);
      lines.push(begin!, `DESCRIPTION:${"x".repeat(pad)}`, ...rest);
    }
    lines.push("END:VCALENDAR");
    return lines.join("\r\n") + "\r\n";
  };
  const bare = build(0).length;
  const text = build(Math.max(0, Math.floor((bytes - bare) / events)));
  return new TextEncoder().encode(text);
}

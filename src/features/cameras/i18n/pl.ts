/**
 * Polish texts of cameras and the doorbell (issue 12; merged and typed in src/app/i18n). Exact
 * where the spec names them: 'Łączenie', 'Ktoś dzwoni przy bramce.', 'Zamknij'.
 */
export const pl = {
  camera: {
    connecting: "Łączenie",
    open: "Podgląd na żywo: {{label}}",
    preview: "Podgląd: {{label}}",
    disabled: "Kamera wyłączona",
    failed: "Brak obrazu: {{message}}",
    paused: "Wstrzymano",
    controls: "Sterowanie podglądem",
    mode: "Tryb: {{mode}}",
    modes: { rtc: "WebRTC", hls: "HLS", mjpeg: "MJPEG" },
    scaling: "Skalowanie: {{scaling}}",
    scalings: { stretch: "rozciągnięty", contain: "cały obraz", cover: "wypełniony" },
    stream: "Strumień: {{stream}}",
    streams: { full: "pełny", mobile: "mobilny" },
    play: "Odtwarzaj",
    pause: "Wstrzymaj",
    audioOn: "Dźwięk włączony",
    audioOff: "Dźwięk wyłączony",
    blackAndWhite: "Czarno-biały",
    nightmode: "Tryb nocny",
    gridHint: "Dotknij podglądu, aby otworzyć obraz na żywo.",
  },
  doorbell: {
    title: "Ktoś dzwoni przy bramce.",
    close: "Zamknij",
  },
} as const;

/** Length of the key-press beep, seconds. */
const BEEP_SECONDS = 0.08;
/** Pitch per digit: a rising scale so each key sounds different (Hz). */
const BASE_HZ = 440;

type AudioContextCtor = new () => AudioContext;

let context: AudioContext | null | undefined;

function audioContext(): AudioContext | null {
  if (context !== undefined) return context;
  const scope: { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor } = globalThis;
  const Ctor = scope.AudioContext ?? scope.webkitAudioContext;
  try {
    context = Ctor ? new Ctor() : null;
  } catch {
    context = null;
  }
  return context;
}

/**
 * Plays a short beep for a keypad digit (spec §2: a tone per digit) with a Web Audio OscillatorNode.
 * Silently does nothing without Web Audio or when the browser refuses (autoplay policy); never throws.
 */
export function playDigitTone(digit: string): void {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    const step = Number.parseInt(digit, 10) || 0;
    oscillator.type = "sine";
    oscillator.frequency.value = BASE_HZ * 2 ** (step / 12);
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + BEEP_SECONDS);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start();
    oscillator.stop(ctx.currentTime + BEEP_SECONDS);
  } catch {
    // A tone is a nicety; a refused AudioContext must not break unlocking.
  }
}

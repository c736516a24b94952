import { PANEL_COMMAND_MAX_AGE_MS, type PanelCommand } from "../../../contract/panels";

/**
 * Whether a command that arrived is carried out now: not when it is older than
 * {@link PANEL_COMMAND_MAX_AGE_MS} by the hub's clock (`hubNow`: this browser's clock plus the hub
 * clock offset), nor when it was carried out already (its `id` in `done`). A command stamped in the
 * future by more than the same margin is refused too (a wrong clock, not a fresh command).
 */
export function shouldCarryOut(command: PanelCommand, hubNow: number, done: ReadonlySet<string>): boolean {
  if (done.has(command.id)) return false;
  const age = hubNow - command.at;
  return age <= PANEL_COMMAND_MAX_AGE_MS && age >= -PANEL_COMMAND_MAX_AGE_MS;
}

/** Where this tab keeps the ids of the commands it carried out (sessionStorage): a reload does not repeat one. */
export const DONE_COMMANDS_KEY = "panel.doneCommands";
/** How many carried-out command ids are kept. */
const DONE_KEPT = 20;

/**
 * The ids of the commands this tab carried out, kept in `storage` across reloads (a `reload`
 * command must not run again when the page comes back with the message in its restored live state).
 * `add` keeps the last {@link DONE_KEPT}. Without storage: this load only.
 */
export function doneCommands(storage: Pick<Storage, "getItem" | "setItem"> | null): {
  ids: Set<string>;
  add: (id: string) => void;
} {
  let ids: string[] = [];
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DONE_COMMANDS_KEY) ?? "[]");
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === "string").slice(-DONE_KEPT);
  } catch {
    ids = [];
  }
  const set = new Set(ids);
  return {
    ids: set,
    add: (id) => {
      set.add(id);
      ids = [...ids, id].slice(-DONE_KEPT);
      try {
        storage?.setItem(DONE_COMMANDS_KEY, JSON.stringify(ids));
      } catch {
        // kept for this load only
      }
    },
  };
}

/** A short beep (WebAudio: 880 Hz, 0.2 s) for a notify command's sound; nothing where the browser has no AudioContext. */
export function beep(): void {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    const context = new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.2);
    oscillator.onended = () => void context.close();
  } catch {
    // no sound (autoplay policy, no audio device): the toast still shows
  }
}

/** Reads `text` aloud with the browser's speech synthesis in `lang` (`pl-PL`); nothing where there is none. */
export function speak(text: string, lang: string): void {
  const synthesis = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  const Utterance = (globalThis as { SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance })
    .SpeechSynthesisUtterance;
  if (!synthesis || !Utterance) return;
  const utterance = new Utterance(text);
  utterance.lang = lang;
  synthesis.speak(utterance);
}

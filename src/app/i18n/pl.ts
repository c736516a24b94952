import { mergeResources, type Strings } from "../../shared/i18n";
import { plFirstScreen } from "./pl-first-screen";
import { plLoggedIn } from "./pl-logged-in";

/**
 * Polish resources (default locale): every feature's texts merged (each feature owns its
 * strings in `features/<x>/i18n/pl.ts`). Strings named in the spec (§2, §5, §8) and the UI contract
 * are exact. At run time they come in two parts: `plFirstScreen` in the entry chunk,
 * `plLoggedIn` with the router; this whole object is the type every locale follows, and tests'.
 */
export const pl = mergeResources(plFirstScreen, plLoggedIn);

/** Shape every locale must follow (keys of the Polish resources). */
export type Resources = Strings<typeof pl>;

import { hashSecret } from "./kdf";
import { canonicalPin } from "./pin-policy";
import type { UserStore } from "./user-store";

/** Demo credentials (DESIGN.md §2): login `demo`, password `demo`, PIN `1357`. */
export const DEMO_USER = { login: "demo", password: "demo", pin: "1357" } as const;

/** Creates the demo user when absent; answers true when it was created. Existing users are left untouched. */
export async function seedDemoUser(users: UserStore): Promise<boolean> {
  if (users.find(DEMO_USER.login)) return false;
  users.add(DEMO_USER.login, await hashSecret(DEMO_USER.password), await hashSecret(canonicalPin(DEMO_USER.pin)));
  return true;
}

import type { ApiBases } from "../../shared/apiBases";
import type { ApiClient } from "./client";

/** One ApiClient per API base (spec §7): auth, general (v2), generalV1, cameras, camerasV5, garage. */
export type ApiClients = Readonly<Record<keyof ApiBases, ApiClient>>;

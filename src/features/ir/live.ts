import { atom } from "jotai";
import { IrFeaturesSchema, IrStateSchema, type IrFeatures, type IrState } from "../../../contract/ir";
import { liveFamily } from "../../platform/live/family";
import { comparePolish } from "../../shared/collation";

/** `features/ir/<device>`: an IR blaster of the household (label, room), null until valid features arrive. */
export const irFeatures = liveFamily({
  pattern: "features/ir/+",
  schema: IrFeaturesSchema,
  map: (payload): IrFeatures => payload,
});

/** `ir/<device>`: the blaster's saved buttons, learning mode and the code received while learning. */
export const irState = liveFamily({
  pattern: "ir/+",
  schema: IrStateSchema,
  map: (payload): IrState => payload,
});

/** A remote on the screen: the blaster's device name and its features. */
export type Remote = { device: string } & IrFeatures;

/** Every IR blaster announced on `features/ir/+`, sorted by label. */
export const allRemotesAtom = atom((get): Remote[] =>
  get(irFeatures.children())
    .flatMap((device) => {
      const features = get(irFeatures(device));
      return features ? [{ device, ...features }] : [];
    })
    .sort((a, b) => comparePolish(a.label, b.label)),
);

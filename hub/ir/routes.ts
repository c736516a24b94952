import type { FastifyInstance } from "fastify";
import {
  IR_CODE_PATH,
  IR_LEARN_PATH,
  IR_SEND_PATH,
  IrCodeBodySchema,
  IrLearnBodySchema,
  IrSendBodySchema,
  type IrCodeAnswer,
  type IrLearnAnswer,
  type IrSendAnswer,
} from "../../contract/ir";
import { parseBody } from "../http/body";
import type { IrService } from "./service";

/**
 * The IR routes on the general base (spec §7; docs/contract.md "Infrared remotes"; shapes in
 * contract/ir.ts): `POST /ir/send` `{device, code}` -> `{item:{device, code, sentAt}}`;
 * `POST /ir/learn` `{device, enable}` -> `{item:{device, learning}}`; `POST /ir/code` `{device,
 * name, code}` -> `{item:{device, name, code}}`. Unknown device 404, bad body 400 naming the field.
 */
export function irRoutes({ ir }: { ir: IrService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(IR_SEND_PATH, async (request) => {
      const body = parseBody(IrSendBodySchema, request.body);
      const code = await ir.send(body.device, body.code);
      return { item: { device: body.device, code, sentAt: new Date().toISOString() } } satisfies IrSendAnswer;
    });
    app.post(IR_LEARN_PATH, async (request) => {
      const body = parseBody(IrLearnBodySchema, request.body);
      return { item: { device: body.device, learning: ir.learn(body.device, body.enable) } } satisfies IrLearnAnswer;
    });
    app.post(IR_CODE_PATH, async (request) => {
      const body = parseBody(IrCodeBodySchema, request.body);
      ir.save(body.device, body.name, body.code);
      return { item: { device: body.device, name: body.name, code: body.code } } satisfies IrCodeAnswer;
    });
  };
}

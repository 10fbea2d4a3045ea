import type { Config } from "@wagmi/core";
import { ChainContracts } from "../../src/adapters/chain/ChainContracts.ts";
import { toAddress } from "../../src/domain/address.ts";
import type { LocalChain } from "./localChain.ts";

/** The app's contract book for the in-process chain's deployment (chain 31337 only). */
export function localContracts(config: Config, local: LocalChain): ChainContracts {
  return new ChainContracts(
    config,
    new Map([
      [
        31337,
        {
          pooToken: toAddress(local.deployment.pooToken),
          crapToken: toAddress(local.deployment.crapToken),
          staking: toAddress(local.deployment.staking),
        },
      ],
    ]),
  );
}

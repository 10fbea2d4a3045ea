import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

/** POO, the staked token: its whole supply minted to the deployer, who owns it. */
export default buildModule("PooToken", (m) => {
  const owner = m.getAccount(0);
  const pooToken = m.contract("PooToken", [owner, m.getParameter<bigint>("initialSupply")]);
  return { pooToken };
});

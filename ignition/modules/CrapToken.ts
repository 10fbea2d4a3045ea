import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";

/** CRAP, the reward token: its supply minted to the deployer, who owns it and funds the pool from it. */
export default buildModule("CrapToken", (m) => {
  const owner = m.getAccount(0);
  const crapToken = m.contract("CrapToken", [owner, m.getParameter<bigint>("initialSupply")]);
  return { crapToken };
});

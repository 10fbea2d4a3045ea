// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only token that calls back into a target during transfers, to prove the target's
/// reentrancy guard holds.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public callbackData;

    constructor(uint256 supply) ERC20("Reentrant", "REENT") {
        _mint(msg.sender, supply);
    }

    /// @notice Arms the callback: every later transfer calls `target_` with `data` and bubbles its revert.
    function arm(address target_, bytes calldata data) external {
        target = target_;
        callbackData = data;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address callee = target;
        if (callee != address(0)) {
            target = address(0); // one shot, so the reentrant call itself cannot recurse
            (bool ok, bytes memory data) = callee.call(callbackData);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(data, 0x20), mload(data))
                }
            }
        }
    }
}

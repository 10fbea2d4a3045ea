// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Batch executor for EIP-7702 delegated test accounts (test-only)
/// @notice The code a test account delegates to through EIP-7702 so that the injected test wallet can
/// run an EIP-5792 `wallet_sendCalls` batch atomically: one transaction from the account to itself
/// whose data is `execute(calls)`. Every call runs with the account as `msg.sender`; if one fails, the
/// whole batch reverts with its index and revert data.
/// @dev Runs in the delegating account's context, so it keeps no storage and has no constructor: the
/// wallet installs its runtime code with `hardhat_setCode`. Never deployed to a real network.
contract BatchExecutor {
    /// @notice One call of a batch.
    /// @param to The contract or account to call.
    /// @param value Wei sent with the call, from the account's balance.
    /// @param data The calldata.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice Thrown when anyone but the account itself calls `execute`.
    error Unauthorized(address caller);
    /// @notice Thrown when call `index` failed; `reason` is the revert data it returned, unchanged.
    error CallFailed(uint256 index, bytes reason);

    /// @notice Runs `calls` in order, all or nothing.
    /// @dev Only the account may call this (a transaction it signed to itself): with the code
    /// delegated, `address(this)` is the account, so `msg.sender == address(this)`.
    /// @param calls The calls, run in order; the first failure reverts them all with CallFailed.
    function execute(Call[] calldata calls) external {
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        uint256 count = calls.length;
        for (uint256 i = 0; i < count; ++i) {
            Call calldata call = calls[i];
            (bool success, bytes memory reason) = call.to.call{value: call.value}(call.data);
            if (!success) revert CallFailed(i, reason);
        }
    }

    /// @notice Accepts plain ether transfers, so a delegated account still receives ether like an EOA
    /// (a wallet's "cancel" sends 0 ETH from the account to itself).
    receive() external payable {}
}

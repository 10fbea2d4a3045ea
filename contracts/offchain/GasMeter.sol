// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title GasMeter
/// @notice Never deployed. The app runs it with eth_call, its runtime code placed at the user's own
/// address by a state override, so the calls it is given run in order with msg.sender = the user, on
/// the chain's current state, and it returns the gas each one used. That measures a stake together
/// with the approval it needs, which eth_estimateGas cannot: the stake alone would revert on the
/// missing allowance.
contract GasMeter {
    /// @notice One call to measure.
    struct Call {
        address target;
        bytes data;
    }

    /// @notice Call number `index` reverted with `data` (its revert data, to decode with the callee's ABI).
    error CallFailed(uint256 index, bytes data);

    /// @notice Runs `calls` in order and returns the gas each used, measured around the CALL (the
    /// callee's execution plus the call's own cost, a cold access included); reverts with CallFailed
    /// at the first call that reverts.
    function measure(Call[] calldata calls) external returns (uint256[] memory gasUsed) {
        gasUsed = new uint256[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            uint256 start = gasleft();
            (bool ok, bytes memory returned) = calls[i].target.call(calls[i].data);
            uint256 used = start - gasleft();
            if (!ok) revert CallFailed(i, returned);
            gasUsed[i] = used;
        }
    }
}

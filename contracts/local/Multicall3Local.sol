// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Minimal Multicall3-compatible batcher for the local chain
/// @notice Implements the subset of Multicall3 that viem's `batch.multicall` uses, so the local chain
/// can serve batched reads at the canonical address 0xcA11bde05977b3631167028862bE2a173976CA11.
/// @dev Installed with `hardhat_setCode`, so it must not rely on a constructor or storage.
contract Multicall3Local {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Thrown when call `index` failed and did not allow failure; carries its revert data.
    error CallFailed(uint256 index, bytes returnData);

    /// @notice Runs each call in order and returns every outcome.
    /// @dev Payable for interface compatibility; any ether sent stays here (no value is forwarded).
    /// @param calls The calls; a failing call reverts the whole batch unless it allows failure.
    /// @return results One entry per call, in order.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        uint256 count = calls.length;
        results = new Result[](count);
        for (uint256 i = 0; i < count; ++i) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory returnData) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert CallFailed(i, returnData);
            results[i] = Result(success, returnData);
        }
    }

    /// @notice The current block number.
    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    /// @notice The current block timestamp.
    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    /// @notice The ether balance of `account`, in wei.
    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}

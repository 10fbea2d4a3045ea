// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @title POO Finance token
/// @notice The staked token of POO Finance. The owner can pause transfers, lock single accounts and
/// sweep tokens or ether sent to this contract by mistake.
/// @dev While paused, transfers from or to the staking contract still go through so that stakers
/// can always withdraw (and the pool keeps its books straight). Locks apply even then.
contract PooToken is ERC20, Ownable, Pausable {
    using SafeERC20 for IERC20;

    /// @notice Thrown when a transfer involves a locked account.
    error AccountLocked(address account);
    /// @notice Thrown when the zero address is given where a real address is required.
    error ZeroAddress();

    /// @notice Emitted after the owner locked `account`.
    event Locked(address indexed account);
    /// @notice Emitted after the owner unlocked `account`.
    event Unlocked(address indexed account);
    /// @notice Emitted after the staking contract address changed.
    event StakingContractSet(address indexed previousStaking, address indexed newStaking);
    /// @notice Emitted after the swap contract address changed.
    event SwapContractSet(address indexed previousSwap, address indexed newSwap);
    /// @notice Emitted after the owner withdrew stray ERC20 tokens held by this contract.
    event TokensWithdrawn(address indexed token, address indexed to, uint256 amount);
    /// @notice Emitted after the owner withdrew ether held by this contract.
    event EtherWithdrawn(address indexed to, uint256 amount);

    /// @notice Accounts that can neither send nor receive POO.
    mapping(address account => bool) public isLocked;
    /// @notice The staking contract, exempt from the transfer pause.
    address public stakingContract;
    /// @notice The swap contract the front end routes trades through (informational).
    address public swapContract;

    /// @param initialOwner Receives ownership and the whole initial supply.
    /// @param initialSupply Amount minted to `initialOwner`, in base units (18 decimals).
    constructor(address initialOwner, uint256 initialSupply) ERC20("POO Finance", "POO") Ownable(initialOwner) {
        _mint(initialOwner, initialSupply);
    }

    /// @notice Accepts ether so it can later be withdrawn by the owner.
    receive() external payable {}

    /// @notice Stops transfers, except those from or to the staking contract.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes transfers.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Prevents `account` from sending or receiving POO.
    /// @param account The account to lock; must not be the zero address.
    function lock(address account) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        isLocked[account] = true;
        emit Locked(account);
    }

    /// @notice Lets a locked `account` send and receive POO again.
    /// @param account The account to unlock.
    function unlock(address account) external onlyOwner {
        isLocked[account] = false;
        emit Unlocked(account);
    }

    /// @notice Sets the staking contract, whose transfers keep working while paused.
    /// @param newStaking The staking contract address; must not be zero.
    function setStakingContract(address newStaking) external onlyOwner {
        if (newStaking == address(0)) revert ZeroAddress();
        address previous = stakingContract;
        stakingContract = newStaking;
        emit StakingContractSet(previous, newStaking);
    }

    /// @notice Sets the swap contract address.
    /// @param newSwap The swap contract address; must not be zero.
    function setSwapContract(address newSwap) external onlyOwner {
        if (newSwap == address(0)) revert ZeroAddress();
        address previous = swapContract;
        swapContract = newSwap;
        emit SwapContractSet(previous, newSwap);
    }

    /// @notice Sends ERC20 tokens held by this contract (POO included) to `to`.
    /// @param token The token to withdraw.
    /// @param to The recipient; must not be zero.
    /// @param amount The amount in the token's base units.
    function withdrawTokens(IERC20 token, address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        emit TokensWithdrawn(address(token), to, amount);
        token.safeTransfer(to, amount);
    }

    /// @notice Sends ether held by this contract to `to`.
    /// @param to The recipient; must not be zero.
    /// @param amount The amount in wei.
    function withdrawEther(address payable to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        emit EtherWithdrawn(to, amount);
        Address.sendValue(to, amount);
    }

    /// @dev The single hook every transfer, mint and burn goes through.
    function _update(address from, address to, uint256 value) internal override {
        if (isLocked[from]) revert AccountLocked(from);
        if (isLocked[to]) revert AccountLocked(to);
        if (paused()) {
            address staking = stakingContract;
            if (staking == address(0) || (from != staking && to != staking)) revert EnforcedPause();
        }
        super._update(from, to, value);
    }
}

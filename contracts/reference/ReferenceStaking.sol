// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title Staking pool written from the product spec's interface alone
/// @notice The real POO Finance contracts are known to the app only by the interface in section 3 of
/// the product spec. This contract has exactly that interface and nothing more: `stake`, `withdraw`,
/// `rewards`, `stakedAmount`, `stakedTime`, `stakeDuration`, `stakers`, `MIN_STAKE`,
/// `MIN_STAKE_DURATION`, `paused` and owner functions. It reverts with `require` strings, as
/// contracts of its kind do, and exposes no reward rate, totals, reserve or unlock time, so the
/// tests and the local stack (on request) can prove the app works without them.
/// @dev Rewards accrue per staked POO per second at a private rate, paid in CRAP on withdraw; the
/// owner must fund the contract with enough CRAP. Adding to a stake restarts its lock. Not audited:
/// for tests and demos only.
contract ReferenceStaking {
    IERC20 private immutable _poo;
    IERC20 private immutable _crap;
    /// @dev CRAP base units per POO (1e18 base units) per second.
    uint256 private immutable _rewardPerTokenPerSecond;

    /// @notice Smallest amount of POO a single stake call may bring.
    uint256 public immutable MIN_STAKE;
    /// @notice Seconds a stake stays locked after the caller's latest stake.
    uint256 public immutable MIN_STAKE_DURATION;

    /// @notice The owner, who may pause and unpause staking.
    address public owner;
    /// @notice True while new stakes are refused; withdrawals stay possible.
    bool public paused;
    /// @notice Accounts with a stake, in no particular order.
    address[] public stakers;
    /// @notice POO staked by each account.
    mapping(address => uint256) public stakedAmount;
    /// @notice Timestamp of each account's latest stake.
    mapping(address => uint256) public stakedTime;

    mapping(address => uint256) private _settledRewards;
    mapping(address => uint256) private _lastAccrual;
    mapping(address => uint256) private _stakerIndex; // 1-based; 0 = not listed

    /// @param poo The staked token.
    /// @param crap The reward token.
    /// @param minStake Minimum POO per stake call, base units.
    /// @param minStakeDuration Lock after each stake, seconds.
    /// @param rewardPerTokenPerSecond CRAP base units earned per whole POO per second.
    constructor(
        IERC20 poo,
        IERC20 crap,
        uint256 minStake,
        uint256 minStakeDuration,
        uint256 rewardPerTokenPerSecond
    ) {
        require(address(poo) != address(0) && address(crap) != address(0), "Token address is zero");
        require(minStake > 0, "Minimum stake is zero");
        _poo = poo;
        _crap = crap;
        MIN_STAKE = minStake;
        MIN_STAKE_DURATION = minStakeDuration;
        _rewardPerTokenPerSecond = rewardPerTokenPerSecond;
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Caller is not the owner");
        _;
    }

    /// @notice Stakes `amount` POO (approve this contract first). Restarts the caller's lock.
    function stake(uint256 amount) external {
        require(!paused, "Staking is paused");
        require(amount >= MIN_STAKE, "Amount is below the minimum stake");
        _accrue(msg.sender);
        if (_stakerIndex[msg.sender] == 0) {
            stakers.push(msg.sender);
            _stakerIndex[msg.sender] = stakers.length;
        }
        stakedAmount[msg.sender] += amount;
        stakedTime[msg.sender] = block.timestamp;
        require(_poo.transferFrom(msg.sender, address(this), amount), "POO transfer failed");
    }

    /// @notice Withdraws the caller's whole stake and the CRAP earned, once the lock has passed.
    function withdraw() external {
        uint256 amount = stakedAmount[msg.sender];
        require(amount > 0, "Nothing to withdraw");
        require(block.timestamp >= stakedTime[msg.sender] + MIN_STAKE_DURATION, "Stake is still locked");
        _accrue(msg.sender);
        uint256 reward = _settledRewards[msg.sender];
        _settledRewards[msg.sender] = 0;
        stakedAmount[msg.sender] = 0;
        stakedTime[msg.sender] = 0;
        _removeStaker(msg.sender);
        require(_poo.transfer(msg.sender, amount), "POO transfer failed");
        if (reward > 0) require(_crap.transfer(msg.sender, reward), "CRAP transfer failed");
    }

    /// @notice CRAP earned by `user` and not yet paid.
    function rewards(address user) external view returns (uint256) {
        return _settledRewards[user] + _pending(user);
    }

    /// @notice Seconds since `user`'s latest stake, 0 without a stake.
    function stakeDuration(address user) external view returns (uint256) {
        return stakedAmount[user] == 0 ? 0 : block.timestamp - stakedTime[user];
    }

    /// @notice Refuses new stakes until `unpause`.
    function pause() external onlyOwner {
        paused = true;
    }

    /// @notice Accepts stakes again.
    function unpause() external onlyOwner {
        paused = false;
    }

    /// @notice Hands the contract to `newOwner`.
    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "New owner is zero");
        owner = newOwner;
    }

    function _pending(address user) private view returns (uint256) {
        uint256 since = _lastAccrual[user];
        if (since == 0) return 0;
        return (stakedAmount[user] * _rewardPerTokenPerSecond * (block.timestamp - since)) / 1e18;
    }

    function _accrue(address user) private {
        _settledRewards[user] += _pending(user);
        _lastAccrual[user] = block.timestamp;
    }

    function _removeStaker(address user) private {
        uint256 index = _stakerIndex[user];
        uint256 last = stakers.length;
        if (index != last) {
            address moved = stakers[last - 1];
            stakers[index - 1] = moved;
            _stakerIndex[moved] = index;
        }
        stakers.pop();
        _stakerIndex[user] = 0;
    }
}

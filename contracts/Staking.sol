// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title POO staking pool paying CRAP
/// @notice Stake POO, earn CRAP every second in proportion to your share of the pool, withdraw
/// everything (stake and rewards) once the minimum staking duration has passed.
/// @dev Rewards use a reward-per-token accumulator scaled by 1e18. Funding rule: the pool can never
/// promise more CRAP than was funded. Funded CRAP sits in an unallocated reserve; each accumulator
/// update moves min(rewardRate * elapsed, reserve) out of it, so the rate is a ceiling and payouts
/// simply stop when the reserve runs dry (any rate is accepted, even before funding). The amount
/// taken from the reserve is rounded up and each staker's credit rounded down, so the sum of all
/// credits never exceeds what left the reserve. While nobody stakes, nothing accrues and the
/// reserve is untouched. Rewards keep accruing while the pool is paused; pausing only stops stakes.
/// Both tokens must be plain ERC20s (no transfer fees, no rebasing). CRAP sent here directly rather
/// than through fundRewards is never distributed (and, like POO, cannot be recovered).
contract Staking is Ownable, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant PRECISION = 1e18;

    /// @notice Thrown when a constructor address argument is the zero address.
    error ZeroAddress();
    /// @notice Thrown when the staked and reward tokens are the same contract.
    error SameToken();
    /// @notice Thrown when the minimum stake is zero (a zero stake would corrupt the stakers list).
    error ZeroMinStake();
    /// @notice Thrown when a stake call brings less than the minimum stake.
    error BelowMinStake(uint256 amount, uint256 minStake);
    /// @notice Thrown when withdrawing without a stake.
    error NothingStaked();
    /// @notice Thrown when withdrawing before `unlockTime`.
    error StakeLocked(uint256 unlockTime);
    /// @notice Thrown when the owner tries to recover the staked or the reward token.
    error UnrecoverableToken(address token);
    /// @notice Thrown when funding zero CRAP.
    error ZeroAmount();

    /// @notice Emitted after `user` staked `amount`, bringing their stake to `totalStake`.
    event Staked(address indexed user, uint256 amount, uint256 totalStake);
    /// @notice Emitted after `user` withdrew their whole stake `amount` and `reward` CRAP.
    event Withdrawn(address indexed user, uint256 amount, uint256 reward);
    /// @notice Emitted after `funder` added `amount` CRAP to the reward reserve.
    event RewardsFunded(address indexed funder, uint256 amount);
    /// @notice Emitted after the owner changed the reward rate (CRAP base units per second).
    event RewardRateSet(uint256 previousRate, uint256 newRate);
    /// @notice Emitted after the owner recovered a token sent here by mistake.
    event ERC20Recovered(address indexed token, address indexed to, uint256 amount);

    struct Position {
        uint256 amount;
        uint256 rewardPerTokenPaid;
        uint256 rewards;
        uint64 stakedTime; // packed with listIndex: one storage slot less per staker
        uint64 listIndex; // 1-based position in `stakers`; 0 means not listed
    }

    IERC20 private immutable _poo;
    IERC20 private immutable _crap;

    /// @notice Smallest amount of POO a single stake call may bring.
    uint256 public immutable MIN_STAKE;
    /// @notice Seconds a stake stays locked after the caller's latest stake.
    uint256 public immutable MIN_STAKE_DURATION;

    /// @notice Accounts with a non-zero stake, in no particular order.
    address[] public stakers;
    /// @notice Sum of all stakes.
    uint256 public totalStaked;
    /// @notice CRAP base units per second shared by the whole pool (a ceiling, see contract notes).
    uint256 public rewardRate;
    /// @notice Total CRAP ever funded.
    uint256 public totalRewardsFunded;
    /// @notice Total CRAP ever paid to stakers.
    uint256 public totalRewardsPaid;
    /// @notice Accumulated CRAP per staked POO, scaled by 1e18, as of `lastUpdateTime`.
    uint256 public rewardPerTokenStored;
    /// @notice Timestamp of the last accumulator update.
    uint256 public lastUpdateTime;

    uint256 private _reserve;
    mapping(address user => Position) private _positions;

    /// @param poo The token users stake.
    /// @param crap The token paid as reward.
    /// @param minStake Minimum amount per stake call, in POO base units; must be non-zero.
    /// @param minStakeDuration Seconds a stake stays locked.
    /// @param initialOwner Owner of the pool.
    constructor(IERC20 poo, IERC20 crap, uint256 minStake, uint256 minStakeDuration, address initialOwner)
        Ownable(initialOwner)
    {
        if (address(poo) == address(0) || address(crap) == address(0)) revert ZeroAddress();
        if (address(poo) == address(crap)) revert SameToken();
        if (minStake == 0) revert ZeroMinStake();
        _poo = poo;
        _crap = crap;
        MIN_STAKE = minStake;
        MIN_STAKE_DURATION = minStakeDuration;
        lastUpdateTime = block.timestamp;
    }

    // ---------------------------------------------------------------- user actions

    /// @notice Stakes `amount` POO (approve this contract first). Adding to a stake restarts its lock.
    /// @param amount POO base units; at least `MIN_STAKE`.
    function stake(uint256 amount) external nonReentrant whenNotPaused {
        if (amount < MIN_STAKE) revert BelowMinStake(amount, MIN_STAKE);
        _accrue(msg.sender);
        Position storage position = _positions[msg.sender];
        if (position.listIndex == 0) {
            stakers.push(msg.sender);
            position.listIndex = uint64(stakers.length);
        }
        uint256 newStake = position.amount + amount;
        position.amount = newStake;
        position.stakedTime = uint64(block.timestamp);
        totalStaked += amount;
        emit Staked(msg.sender, amount, newStake);
        _poo.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Withdraws the caller's whole stake and all CRAP earned. Works while paused.
    function withdraw() external nonReentrant {
        Position storage position = _positions[msg.sender];
        uint256 amount = position.amount;
        if (amount == 0) revert NothingStaked();
        uint256 unlockAt = position.stakedTime + MIN_STAKE_DURATION;
        if (block.timestamp < unlockAt) revert StakeLocked(unlockAt);
        _accrue(msg.sender);
        uint256 reward = position.rewards;
        _removeStaker(position.listIndex);
        delete _positions[msg.sender];
        totalStaked -= amount;
        totalRewardsPaid += reward;
        emit Withdrawn(msg.sender, amount, reward);
        _poo.safeTransfer(msg.sender, amount);
        if (reward != 0) _crap.safeTransfer(msg.sender, reward);
    }

    // ---------------------------------------------------------------- owner actions

    /// @notice Pulls `amount` CRAP from the caller (approve first) into the reward reserve.
    /// @param amount CRAP base units; non-zero.
    function fundRewards(uint256 amount) external onlyOwner {
        if (amount == 0) revert ZeroAmount();
        _accrue(address(0));
        _reserve += amount;
        totalRewardsFunded += amount;
        emit RewardsFunded(msg.sender, amount);
        _crap.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Sets the pool-wide reward rate. Time elapsed so far is settled at the old rate.
    /// @param rate CRAP base units per second; payouts still stop when the reserve is empty.
    function setRewardRate(uint256 rate) external onlyOwner {
        _accrue(address(0));
        uint256 previous = rewardRate;
        rewardRate = rate;
        emit RewardRateSet(previous, rate);
    }

    /// @notice Stops new stakes. Withdrawals and accrual continue.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Allows stakes again.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Sends a token sent here by mistake to the owner. POO and CRAP are refused.
    /// @param token The stray token.
    /// @param amount Amount in the token's base units.
    function recoverERC20(IERC20 token, uint256 amount) external onlyOwner {
        if (token == _poo || token == _crap) revert UnrecoverableToken(address(token));
        address to = owner();
        emit ERC20Recovered(address(token), to, amount);
        token.safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------- views

    /// @notice The staked token.
    function pooToken() external view returns (IERC20) {
        return _poo;
    }

    /// @notice The reward token.
    function crapToken() external view returns (IERC20) {
        return _crap;
    }

    /// @notice CRAP earned by `user` and not yet paid, up to the current block.
    function rewards(address user) external view returns (uint256) {
        (uint256 rewardPerToken_, ) = _pendingAccumulator();
        return _earned(_positions[user], rewardPerToken_);
    }

    /// @notice Accumulated CRAP per staked POO (scaled by 1e18) up to the current block.
    function rewardPerToken() external view returns (uint256) {
        (uint256 rewardPerToken_, ) = _pendingAccumulator();
        return rewardPerToken_;
    }

    /// @notice CRAP held by the pool and not yet promised to anyone, up to the current block.
    function rewardsAvailable() external view returns (uint256) {
        (, uint256 reserve) = _pendingAccumulator();
        return reserve;
    }

    /// @notice POO staked by `user`.
    function stakedAmount(address user) external view returns (uint256) {
        return _positions[user].amount;
    }

    /// @notice Timestamp of `user`'s latest stake, 0 if not staked.
    function stakedTime(address user) external view returns (uint256) {
        return _positions[user].stakedTime;
    }

    /// @notice Seconds since `user`'s latest stake, 0 if not staked.
    function stakeDuration(address user) external view returns (uint256) {
        Position storage position = _positions[user];
        return position.amount == 0 ? 0 : block.timestamp - position.stakedTime;
    }

    /// @notice Earliest timestamp at which `user` may withdraw, 0 if not staked.
    function unlockTime(address user) external view returns (uint256) {
        Position storage position = _positions[user];
        return position.amount == 0 ? 0 : position.stakedTime + MIN_STAKE_DURATION;
    }

    /// @notice Number of accounts with a stake.
    function stakersCount() external view returns (uint256) {
        return stakers.length;
    }

    // ---------------------------------------------------------------- internals

    /// @dev Brings the accumulator up to now and, unless `user` is zero, settles their earnings.
    function _accrue(address user) private {
        (uint256 rewardPerToken_, uint256 reserve) = _pendingAccumulator();
        rewardPerTokenStored = rewardPerToken_;
        _reserve = reserve;
        lastUpdateTime = block.timestamp;
        if (user != address(0)) {
            Position storage position = _positions[user];
            position.rewards = _earned(position, rewardPerToken_);
            position.rewardPerTokenPaid = rewardPerToken_;
        }
    }

    /// @dev The accumulator and reserve as they would be after an update in this block.
    function _pendingAccumulator() private view returns (uint256 rewardPerToken_, uint256 reserve) {
        rewardPerToken_ = rewardPerTokenStored;
        reserve = _reserve;
        uint256 staked = totalStaked;
        if (staked == 0 || reserve == 0) return (rewardPerToken_, reserve);
        uint256 elapsed = block.timestamp - lastUpdateTime;
        if (elapsed == 0) return (rewardPerToken_, reserve);
        // Compare before multiplying: a huge rate must cap at the reserve, never overflow and
        // lock every withdrawal.
        uint256 due = rewardRate > reserve / elapsed ? reserve : rewardRate * elapsed;
        uint256 delta = Math.mulDiv(due, PRECISION, staked);
        uint256 allocated = Math.mulDiv(delta, staked, PRECISION, Math.Rounding.Ceil);
        return (rewardPerToken_ + delta, reserve - allocated);
    }

    function _earned(Position storage position, uint256 rewardPerToken_) private view returns (uint256) {
        return
            position.rewards + Math.mulDiv(position.amount, rewardPerToken_ - position.rewardPerTokenPaid, PRECISION);
    }

    /// @dev Swap-and-pop: O(1) whatever the number of stakers.
    function _removeStaker(uint64 listIndex) private {
        uint256 last = stakers.length;
        if (listIndex != last) {
            address moved = stakers[last - 1];
            stakers[listIndex - 1] = moved;
            _positions[moved].listIndex = listIndex;
        }
        stakers.pop();
    }
}
